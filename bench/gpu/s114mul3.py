"""Third probe of `s114mul.py`'s mismatch (hundred-and-fourteenth session): its kernel, where
the mismatch shows, with each `int` term's widening to `long` written as `W(..)`: the cast
`somdc` wrote (2^32 less than Java's on the H100), `convert_long` and an arithmetic sign
extension (Java's values there). The PTX of the cast form goes to $OUT/last2.ptx.
Usage: python3 bench/gpu/s114mul3.py
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402
import s114mul  # noqa: E402

FORMS = {
    "(long)": "((long)(x))",
    "convert_long": "convert_long(x)",
    "arithmetic": "as_long(((ulong)(uint)(x) ^ 0x80000000UL) - 0x80000000UL)",
}


def widened_kernel():
    """`s114mul.KERNEL` with each `int` term of the two statements widened by `W(..)`."""
    text = s114mul.KERNEL
    for term in ["k", "t[0]", "nb", "tb[0]", "tc[0]"]:
        text = text.replace(f"((long)({term}))", f"W({term})")
    return re.sub(r"\(\(long\)\((somd_imul\([^;]*?\))\)\)", lambda m: "W(" + m.group(1) + ")", text)


def main():
    dev = clrun.Device("")
    print(f"device {dev.name}")
    kernel = widened_kernel()
    for form, text in FORMS.items():
        print("widening as", form)
        binary = s114mul.run(dev, f"#define W(x) ({text})\n" + kernel, "-cl-std=CL1.2")
        if form == "(long)" and os.environ.get("OUT"):
            with open(os.path.join(os.environ["OUT"], "last2.ptx"), "wb") as f:
                f.write(binary)


if __name__ == "__main__":
    main()
