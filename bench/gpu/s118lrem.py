"""Session 118: where is the `long` remainder of two `int`s wrong on NVIDIA?

`bench/gpu/s118rem.py` found `(int)((long)a % (long)b)` wrong on the H100 in 7 of 4096
work-items of its timing kernel on plain dividends (the sums of 64 remainders), though
right on its thirteen chosen pairs. This kernel is that timing loop with every remainder
stored, for each FORM: the `int` remainder through `long` (as the probe), the back end's
`long` remainder (`somd_lrem_e`'s `b == -1 ? 0 : a % b`) of the widened `int`s, the same
of genuinely 64-bit values, and the `int` remainder the back end now emits
(`somd_irem_nz`), each also summed as that loop does. Every result is checked against Java's (computed here); the first
differing pairs of each form are printed. With $OUT set it writes the program binary.
Usage: python3 bench/gpu/s118lrem.py [DEVICE-NAME-PART]
"""
import ctypes
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402
from intprobe import java_rem, loop_inputs, wrap  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FORMS = {
    "int through long": ("int", "(int)((long)x % (long)b)", "x", "b"),
    "long of ints": ("long", "(b == -1 ? 0L : (long)x % (long)b)", "x", "b"),
    "long of longs": ("long", "((long)b == -1L ? 0L : ((long)x * 65537L) % (long)b)",
                      "x * 65537", "b"),
    "somd_irem_nz": ("int", "somd_irem_nz(x, b)", "x", "b"),
}
W = 4096  # work-items
K = 64  # remainders per work-item
TABLE = 1024


def source(prelude):
    out = [prelude]
    for f, (ty, expr, _, _) in enumerate(FORMS.values()):
        out.append(f"""
__kernel void dump{f}(__global const int *xs, __global const int *bs, __global {ty} *out) {{
    const int e = get_global_id(0);
    for (int k = 0; k < {K}; k++) {{
        const int x = as_int((uint)xs[e] + (uint)(k * 77777));
        const int b = bs[(e + k) & {TABLE - 1}];
        out[e * {K} + k] = {expr};
    }}
}}
__kernel void sum{f}(__global const int *xs, __global const int *bs, __global {ty} *out) {{
    const int e = get_global_id(0);
    {ty} acc = 0;
    for (int k = 0; k < {K}; k++) {{
        const int x = as_int((uint)xs[e] + (uint)(k * 77777));
        const int b = bs[(e + k) & {TABLE - 1}];
        acc = as_{ty}((u{ty})acc + (u{ty})({expr}));
    }}
    out[e] = acc;
}}""")
    return "\n".join(out) + "\n"


def main():
    dev = clrun.Device(sys.argv[1] if len(sys.argv) > 1 else "")
    print(f"device {dev.platform_name} / {dev.name}")
    prelude = open(os.path.join(ROOT, "runtime", "cl", "somd_java.cl")).read()
    ks = dev.kernels(source(prelude), [f"{kind}{f}" for f in range(len(FORMS)) for kind in ("dump", "sum")], "-cl-std=CL1.2")
    if os.environ.get("OUT"):
        tag = "".join(ch for ch in dev.platform_name if ch.isalnum())[:12]
        with open(os.path.join(os.environ["OUT"], f"s118lrem-{tag}.bin"), "wb") as fh:
            fh.write(dev.last_binary)
    xs, bs = loop_inputs(TABLE)
    xs = xs[:W]
    xbuf, bbuf, obuf = dev.buffer(4 * W), dev.buffer(4 * TABLE), dev.buffer(8 * W * K)
    dev.write(xbuf, (ctypes.c_int32 * W)(*xs))
    dev.write(bbuf, (ctypes.c_int32 * TABLE)(*bs))
    for f, (name, (ty, _, xform, _)) in enumerate(FORMS.items()):
        dev.launch(ks[f"dump{f}"], [xbuf, bbuf, obuf], W, 256)
        cty = ctypes.c_int32 if ty == "int" else ctypes.c_int64
        got = (cty * (W * K)).from_buffer_copy(dev.read(obuf)[:ctypes.sizeof(cty) * W * K])
        bad = []
        for e in range(W):
            for k in range(K):
                x = wrap(xs[e] + k * 77777, 32)
                b = bs[(e + k) & (TABLE - 1)]
                a = x * 65537 if xform != "x" else x
                want = wrap(java_rem(a, b), 32 if ty == "int" else 64)
                if got[e * K + k] != want:
                    bad.append((x, b, got[e * K + k], want))
        dev.launch(ks[f"sum{f}"], [xbuf, bbuf, obuf], W, 256)
        sums = (cty * W).from_buffer_copy(dev.read(obuf)[:ctypes.sizeof(cty) * W])
        bits = 32 if ty == "int" else 64
        wrong_sums = [e for e in range(W) if sums[e] != wrap(sum(
            wrap(java_rem(wrap(xs[e] + k * 77777, 32) * (65537 if xform != "x" else 1),
                          bs[(e + k) & (TABLE - 1)]), bits) for k in range(K)), bits)]
        print(f"{name:18} {len(bad)} of {W * K} stored remainders differ; "
              f"{len(wrong_sums)} of {W} summed loops differ {wrong_sums[:8]}")
        for x, b, g, w in bad[:8]:
            print(f"    x={x} b={b}: {g} (Java {w})")


if __name__ == "__main__":
    main()
