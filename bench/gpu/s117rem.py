"""Session 117: an exact `int` remainder for NVIDIA's compiler, and what it costs.

`bench/gpu/s117abs.py` found the H100's OpenCL compiler wrong in one place only: `%` of an
`int` whose dividend is `a < 0 ? 0 - a : a` (NVVM emits `abs.s32` feeding `rem.s32`, and
the remainder of `Integer.MIN_VALUE`, the one absolute value that is negative, comes out
positive). This kernel computes three forms of the remainder -- C's `%` with Java's `-1`
case (the back end's form until now), the remainder of the magnitudes with the dividend's
sign put back (`somd_irem_nz`), and C's `%` through `long` -- on plain and on absolute-value
dividends, checks them against Java's, and times each form in a loop of 64 remainders per
work-item over 4M work-items (kernel ns, median of 7 launches).
Usage: python3 bench/gpu/s117rem.py [DEVICE-NAME-PART]
"""
import ctypes
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402

IMIN = -2**31
PAIRS = [(IMIN, IMIN | 1), (IMIN, 7), (IMIN, -7), (5, -3), (-5, 3), (IMIN, -1), (IMIN + 5, -4),
         (0, 9), (2**31 - 1, -2), (IMIN, IMIN), (-7, IMIN), (2**31 - 1, IMIN), (-1, 1)]
REMS = {
    "C % (as before)": "(b == -1 ? 0 : a % b)",
    "magnitudes": "rem_nz(a, b)",
    "through long": "((int)((long)a % (long)b))",
}
DIVIDENDS = {"plain": "x", "abs": "((x < 0) ? as_int(0u - (uint)x) : x)"}
HELPERS = """
inline int rem_nz(int a, int b) {
    uint ua = a < 0 ? 0u - (uint)a : (uint)a;
    uint ub = b < 0 ? 0u - (uint)b : (uint)b;
    uint r = ua % ub;
    return as_int(a < 0 ? 0u - r : r);
}
"""
N = 1 << 22
TABLE = 1024


def java_rem(a, b):
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def java_abs(a):
    return a if a == IMIN else abs(a)


def source():
    out = [HELPERS]
    for r, rem in enumerate(REMS.values()):
        out.append(f"inline int rem{r}(int a, int b) {{ return {rem}; }}")
        for d, dividend in enumerate(DIVIDENDS.values()):
            out.append(f"""
__kernel void check{r}_{d}(__global const int *in, __global int *out, const int n) {{
    const int e = get_global_id(0);
    if (e >= n) return;
    const int x = in[2 * e];
    out[e] = rem{r}({dividend}, in[2 * e + 1]);
}}
__kernel void time{r}_{d}(__global const int *xs, __global const int *bs, __global int *out) {{
    const int e = get_global_id(0);
    int acc = 0;
    for (int k = 0; k < 64; k++) {{
        const int x = as_int((uint)xs[e] + (uint)(k * 77777));
        acc = as_int((uint)acc + (uint)rem{r}({dividend}, bs[(e + k) & {TABLE - 1}]));
    }}
    out[e] = acc;
}}""")
    return "\n".join(out) + "\n"


def main():
    dev = clrun.Device(sys.argv[1] if len(sys.argv) > 1 else "")
    print(f"device {dev.platform_name} / {dev.name}")
    names = [f"{kind}{r}_{d}" for r in range(len(REMS)) for d in range(len(DIVIDENDS))
             for kind in ("check", "time")]
    ks = dev.kernels(source(), names, "-cl-std=CL1.2")
    flat = [v for pair in PAIRS for v in pair]
    inp = dev.buffer(4 * len(flat))
    dev.write(inp, (ctypes.c_int32 * len(flat))(*flat))
    out = dev.buffer(4 * len(PAIRS))
    rng = random.Random(117)
    xs = [rng.randrange(IMIN, 2**31) for _ in range(N)]
    bs = [rng.choice([-1, 1]) * rng.randrange(1, 1 << rng.randrange(2, 31)) for _ in range(TABLE)]
    xbuf, bbuf, obuf = dev.buffer(4 * N), dev.buffer(4 * TABLE), dev.buffer(4 * N)
    dev.write(xbuf, (ctypes.c_int32 * N)(*xs))
    dev.write(bbuf, (ctypes.c_int32 * TABLE)(*bs))
    sums = {}
    for r, rem in enumerate(REMS):
        for d, dividend in enumerate(DIVIDENDS):
            dev.launch(ks[f"check{r}_{d}"], [inp, out, ctypes.c_int32(len(PAIRS))], 16, 16)
            got = list((ctypes.c_int32 * len(PAIRS)).from_buffer_copy(dev.read(out)))
            want = [java_rem(java_abs(a) if dividend == "abs" else a, b) for a, b in PAIRS]
            times = [dev.launch(ks[f"time{r}_{d}"], [xbuf, bbuf, obuf], N, 256) for _ in range(8)]
            res = bytes(dev.read(obuf))
            sums.setdefault(dividend, set()).add(hash(res))
            verdict = "ok" if got == want else f"DIFFERS {got} (Java {want})"
            print(f"{rem:16} {dividend:6} {clrun.median_ns(times[1:]) / 1e3:9.1f} us  {verdict}")
    for dividend, hashes in sums.items():
        print(f"timed outputs of the forms on {dividend} dividends "
              f"{'agree' if len(hashes) == 1 else 'DIFFER'}")


if __name__ == "__main__":
    main()
