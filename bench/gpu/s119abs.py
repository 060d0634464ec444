"""Session 119: more consumers of an absolute value that a compiler taking it for
non-negative might fold.

Sessions 116-118 found NVIDIA's compiler (H100) dropping the sign of `Math.abs(MIN)` in
`%` and in a `< 0` test of the remainder (`s117abs.py`, `s118rem.py`). Java's absolute
value of the minimum is the minimum. This kernel gives the back end's `somd_iabs` and
`somd_labs` (the prelude's, as kernels call them), and a user's `if (v < 0) v = -v;`, to
the consumers the back end emits that a "known non-negative" value could change: division
by the constants 2, 7 and -7 (a shift or a multiply by a magic number, signed or not),
`Math.min` and `Math.max` against constants, comparisons against non-zero constants, an
unsigned shift of the top bit, an add that wraps, and the conversions to `float` and
`double` (an unsigned conversion gives +2^31). Each result is compared with Java's,
computed here.
Usage: python3 bench/gpu/s119abs.py [DEVICE-NAME-PART]
"""
import ctypes
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402
from intprobe import java_div, wrap  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SLOT = 16


def fbits(v):
    return struct.unpack("<i", struct.pack("<f", float(v)))[0]


def dbits(v):
    return struct.unpack("<q", struct.pack("<d", float(v)))[0]


def consumers(bits):
    """(name, C text of `x`, Java's value of `x`) for `int` (32) or `long` (64)."""
    p, lmin = ("i", "INT_MIN") if bits == 32 else ("l", "LONG_MIN")
    L = "" if bits == 32 else "L"
    return [
        ("/ 2", f"x / 2{L}", lambda x: java_div(x, 2, bits)),
        ("/ 7", f"x / 7{L}", lambda x: java_div(x, 7, bits)),
        ("/ -7", f"x / -7{L}", lambda x: java_div(x, -7, bits)),
        ("min(x, 5)", f"somd_{p}min(x, 5{L})", lambda x: min(x, 5)),
        ("max(x, 0)", f"somd_{p}max(x, 0{L})", lambda x: max(x, 0)),
        ("max(x, -3)", f"somd_{p}max(x, -3{L})", lambda x: max(x, -3)),
        ("< 5", f"x < 5{L} ? 1 : 0", lambda x: int(x < 5)),
        ("> -3", f"x > -3{L} ? 1 : 0", lambda x: int(x > -3)),
        ("== MIN", f"x == {lmin} ? 1 : 0", lambda x: int(x == -2**(bits - 1))),
        (">>> top", f"somd_{p}ushr(x, {bits - 1})", lambda x: (x >> (bits - 1)) & 1),
        ("+ 1 > 0", f"somd_{p}add(x, 1{L}) > 0 ? 1 : 0", lambda x: int(wrap(x + 1, bits) > 0)),
        ("(float)", "as_int((float)(x))", fbits),
        ("(double)", "as_long((double)(x))", dbits),
        ("(double) < 0", "(double)(x) < 0.0 ? 1 : 0", lambda x: int(x < 0)),
    ]


INTS = [-2**31, -2**31 + 1, -5, -1, 0, 5, 2**31 - 1]
LONGS = [-2**63, -2**63 + 1, -5, -1, 0, 5, 2**63 - 1]
# Each form's body as helper `abs_{p}_F` (F its place here) of `a`, for `int` and `long`
# (`T`; `p` the prelude's letter).
FORMS = {
    "library": "return somd_{p}abs(a);",
    "user's if": "{T} v = a; if (v < 0) v = somd_{p}neg(v); return v;",
}


def jabs(a, bits):
    return a if a == -2**(bits - 1) else abs(a)


def kernel_source(prelude):
    helpers, k, rows, slot = [], [], [], 0
    k += ["__kernel void k(__global const long *in, __global long *out) {",
          "    const int e = get_global_id(0);"]
    for bits, values, off in ((32, INTS, 0), (64, LONGS, len(INTS))):
        ty, p = ("int", "i") if bits == 32 else ("long", "l")
        k.append(f"    if (e < {len(values)}) {{ const {ty} a = ({ty})in[{off} + e];")
        for f, (form, body) in enumerate(FORMS.items()):
            fn = f"abs_{p}_{f}"
            helpers.append(f"{ty} {fn}({ty} a) {{ {body.format(T=ty, p=p)} }}")
            k.append(f"        {{ const {ty} x = {fn}(a);")
            for name, c, java in consumers(bits):
                k.append(f"          out[{slot} * {SLOT} + e] = (long)({c});")
                rows.append((ty, form, name, slot, values, java))
                slot += 1
            k.append("        }")
        k.append("    }")
    k.append("}")
    return ("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" + prelude + "\n"
            + "\n".join(helpers + k) + "\n"), rows, slot


def main():
    dev = clrun.Device(sys.argv[1] if len(sys.argv) > 1 else "")
    print(f"device {dev.platform_name} / {dev.name}")
    prelude = open(os.path.join(ROOT, "runtime", "cl", "somd_java.cl")).read()
    source, rows, slots = kernel_source(prelude)
    kern = dev.kernels(source, ["k"], "-cl-std=CL1.2")["k"]
    data = INTS + LONGS
    inp = dev.buffer(8 * len(data))
    dev.write(inp, (ctypes.c_int64 * len(data))(*data))
    out = dev.buffer(8 * slots * SLOT)
    dev.write(out, (ctypes.c_int64 * (slots * SLOT))())
    dev.launch(kern, [inp, out], SLOT, SLOT)
    got = (ctypes.c_int64 * (slots * SLOT)).from_buffer_copy(dev.read(out))
    differ = 0
    for ty, form, name, slot, values, java in rows:
        bits = 32 if ty == "int" else 64
        res = [got[slot * SLOT + e] for e in range(len(values))]
        want = [java(jabs(a, bits)) for a in values]
        if res != want:
            differ += 1
            print(f"{ty} {form} {name}: DIFFERS {res} (Java {want})")
    print(f"{len(rows) - differ} of {len(rows)} consumers agree with Java")
    dev.save_binary("s119abs")


if __name__ == "__main__":
    main()
