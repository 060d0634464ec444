"""Session 119: does NVIDIA's compiler widen the back end's own wrapping `int` into a
64-bit induction variable, and which widening to `long` keeps Java's value?

Session 118 found (`s118lrem.py`) a loop summing `(long) x % b` over
`x = x0 + k * 77777` giving other sums on the H100 exactly where `x` passes
Integer.MAX_VALUE: the PTX steps the widened `x` with `add.s64`, which does not wrap. Its
multiply was C's signed one. This probe writes the loop as the back end emits
`tests/run/device_wrap_widen.somd` (`somd_iadd`, `somd_imul`, `k = k + 1`), with five
consumers of the widened `x` -- its `long` remainder and quotient by a table's divisor,
itself, its `double`, and its remainder by `b0 + k` (the `@` target's form) -- and gives
each widening form below its own kernel: the value each consumer sums is checked against
Java's (computed here) on 4,096 work-items, half of them starting within 64 steps of the
maximum, then each kernel is timed on 4M work-items (median of 7 launches).
Usage: python3 bench/gpu/s119wide.py [DEVICE-NAME-PART]
"""
import ctypes
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402
from intprobe import java_div, java_rem, loop_inputs, wrap  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHECK, K, STEP, TABLE = 4096, 64, 77777, 16
N = int(os.environ.get("S119_N", 1 << 22))  # timed work-items
WIDEN = {
    "convert_long (now)": "convert_long({v})",
    "upsample": "upsample({v} >> 31, as_uint({v}))",
    "int2": "as_long((int2)({v}, {v} >> 31))",
    "xor-sub": "as_long(((ulong)as_uint({v}) ^ 0x80000000UL) - 0x80000000UL)",
    "zero argument": "convert_long({v} ^ z)",
    # A control: `x` stepped in 64 bits, without wrapping, as the flaw would; the check
    # must find it differing.
    "control: no wrap": None,
}
CONSUMERS = ["rem", "quo", "wide", "dbl", "rem b0+k"]


def kernel(f, widen):
    w = (widen or "convert_long({v})").format
    wx = w(v="x") if widen else f"(long)xs[i] + (long)k * {STEP}L"
    return f"""
__kernel void sum{f}(__global const int *xs, __global const int *bs, __global const int *b0,
                     __global long *out, const int n, const int z) {{
    const int i = get_global_id(0);
    if (i >= n) return;
    long rem = 0L, quo = 0L, wide = 0L, rem2 = 0L;
    double dbl = 0.0;
    int k = 0;
    for (; k < {K}; k = k + 1) {{
        int x = somd_iadd(xs[i], somd_imul(k, {STEP}));
        int b = bs[somd_iadd(i, k) & {TABLE - 1}];
        const long wx = {wx}, wb = {w(v="b")};
        rem = somd_ladd(rem, wb == -1L ? 0L : wx % wb);
        quo = somd_ladd(quo, wb == -1L ? somd_lneg(wx) : wx / wb);
        wide = somd_ladd(wide, wx);
        dbl = (dbl + ((double)(x)));
        const long wd = {w(v="somd_iadd(b0[i], k)")};
        rem2 = somd_ladd(rem2, wd == -1L || wd == 0L ? 0L : wx % wd);
    }}
    out[5 * i] = rem; out[5 * i + 1] = quo; out[5 * i + 2] = wide;
    out[5 * i + 3] = as_long(dbl); out[5 * i + 4] = rem2;
}}"""


def java_sums(x0, bs, b0, i):
    rem = quo = wide = rem2 = 0
    dbl = 0.0
    for k in range(K):
        x = wrap(x0 + k * STEP)
        b = bs[(i + k) & (TABLE - 1)]
        rem += 0 if b == -1 else java_rem(x, b)
        quo += -x if b == -1 else java_div(x, b)
        wide += x
        dbl += float(x)
        d = wrap(b0 + k)
        rem2 += 0 if d in (-1, 0) else java_rem(x, d)
    bits = struct.unpack("<q", struct.pack("<d", dbl))[0]
    return [wrap(v, 64) for v in (rem, quo, wide)] + [bits, wrap(rem2, 64)]


def main():
    dev = clrun.Device(sys.argv[1] if len(sys.argv) > 1 else "")
    print(f"device {dev.platform_name} / {dev.name}")
    prelude = open(os.path.join(ROOT, "runtime", "cl", "somd_java.cl")).read()
    source = ("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" + prelude + "\n"
              + "\n".join(kernel(f, w) for f, w in enumerate(WIDEN.values())) + "\n")
    ks = dev.kernels(source, [f"sum{f}" for f in range(len(WIDEN))], "-cl-std=CL1.2")
    dev.save_binary("s119wide")
    xs, table = loop_inputs(1024)
    bs = [b for b in table if b != 0][:TABLE - 3] + [-1, 2**31 - 1, -2**31]
    rng = random.Random(119)
    near = [2**31 - 1 - rng.randrange(K * STEP) for _ in range(CHECK // 2)]
    checked = near + xs[:CHECK - len(near)]
    b0 = [rng.choice([-1, 1]) * rng.randrange(1, 1 << rng.randrange(2, 31)) for _ in range(N)]
    b0[:3] = [-1, 0, -64]  # divisors passing -1 and 0 (skipped, as Java's would throw)
    want = [java_sums(checked[i], bs, b0[i], i) for i in range(CHECK)]
    xbuf, bbuf, b0buf = dev.buffer(4 * N), dev.buffer(4 * TABLE), dev.buffer(4 * N)
    obuf = dev.buffer(8 * 5 * N)
    dev.write(bbuf, (ctypes.c_int32 * TABLE)(*bs))
    dev.write(b0buf, (ctypes.c_int32 * N)(*b0))
    for f, name in enumerate(WIDEN):
        kern = ks[f"sum{f}"]
        args = [xbuf, bbuf, b0buf, obuf, ctypes.c_int32(CHECK), ctypes.c_int32(0)]
        dev.write(xbuf, (ctypes.c_int32 * CHECK)(*checked))
        dev.launch(kern, args, CHECK, 256)
        got = (ctypes.c_int64 * (5 * CHECK)).from_buffer_copy(dev.read(obuf)[:8 * 5 * CHECK])
        bad = {c: [i for i in range(CHECK) if got[5 * i + j] != want[i][j]]
               for j, c in enumerate(CONSUMERS)}
        dev.write(xbuf, (ctypes.c_int32 * N)(*xs[:N]))
        args[4] = ctypes.c_int32(N)
        times = [dev.launch(kern, args, N, 256) for _ in range(8)]
        verdict = "; ".join(f"{c}: {len(v)} differ {v[:4]}" for c, v in bad.items() if v)
        print(f"{name:20} {clrun.median_ns(times[1:]) / 1e3:9.1f} us  "
              f"{verdict or 'all agree with Java'}")


if __name__ == "__main__":
    main()
