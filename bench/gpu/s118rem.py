"""Session 118: which form of Java's `int` remainder does NVIDIA's OpenCL compiler keep
exact when the dividend is an absolute value?

Session 117's mend (`somd_irem_nz`: the remainder of the magnitudes, the dividend's sign
put back with `a < 0 ? 0u - r : r`) passed on PoCL but not on the H100: for `Math.abs(
Integer.MIN_VALUE) % 7` it still gives 2 where Java gives -2 (`bench/gpu/s117rem.py`,
`results-h100-2026-12-06-s118/`). The compiler drops the sign test on an absolute value
whatever the remainder does with it. This probe gives each candidate form of the remainder
(REMS) the dividend forms the back end emits (DIVIDENDS: a plain value, the library's
`Math.abs` as the writer emits it, a user's `if (v < 0) v = -v;`) and the divisors it
meets (read from a buffer, the constants 7 and -7, a loop's index 1..3), checks every
result against Java's (computed here), and times each form on plain and absolute-value
dividends (64 remainders per work-item over 4M work-items; kernel time, median of 7
launches; the first 4096 work-items' sums checked against Java). With $OUT set it writes
the program binary (PTX on NVIDIA).
Usage: python3 bench/gpu/s118rem.py [DEVICE-NAME-PART]
"""
import ctypes
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402
from intprobe import IMIN, java_rem, loop_inputs, wrap  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAIRS = [(IMIN, IMIN | 1), (IMIN, 7), (IMIN, -7), (5, -3), (-5, 3), (IMIN, -1), (IMIN + 5, -4),
         (0, 9), (2**31 - 1, -2), (IMIN, IMIN), (-7, IMIN), (2**31 - 1, IMIN), (-1, 1),
         (IMIN + 1, 3), (-100, 7)]
REMS = {
    "C % (before s117)": "(b == -1 ? 0 : a % b)",
    "magnitudes (s117)": """
    const uint ua = a < 0 ? 0u - (uint)a : (uint)a;
    const uint ub = b < 0 ? 0u - (uint)b : (uint)b;
    const uint r = ua % ub;
    return as_int(a < 0 ? 0u - r : r);""",
    "through long": "(int)((long)a % (long)b)",
    "sign mask": """
    const uint m = 0u - ((uint)a >> 31);
    const uint ub = b < 0 ? 0u - (uint)b : (uint)b;
    const uint r = (((uint)a ^ m) - m) % ub;
    return as_int((r ^ m) - m);""",
    "from quotient": "(b == -1 ? 0 : as_int((uint)a - (uint)(a / b) * (uint)b))",
    "minimum apart": """
    if (a == INT_MIN) {
        const uint ub = b < 0 ? 0u - (uint)b : (uint)b;
        return as_int(0u - (0x80000000u % ub));
    }
    return b == -1 ? 0 : a % b;""",
    "magnitude quotient": """
    const uint ua = a < 0 ? 0u - (uint)a : (uint)a;
    const uint ub = b < 0 ? 0u - (uint)b : (uint)b;
    const uint r = ua - ua / ub * ub;
    return as_int(a < 0 ? 0u - r : r);""",
    "volatile copy": """
    volatile int t = a;
    const int c = t;
    return b == -1 ? 0 : c % b;""",
}
DIVIDENDS = {
    "plain": "x",
    "Math.abs": "Math_abs(x)",
    "user if": "user_abs(x)",
}
HELPERS = """
int Math_abs(int a)
{
    return ((a < 0) ? somd_ineg(a) : a);
}
int user_abs(int v)
{
    if (v < 0) {
        v = somd_ineg(v);
    }
    return v;
}
"""
OUTS = 4  # per pair: the divisor read, 7, -7, the loop over 1..3
N = 1 << 22
TABLE = 1024
SAMPLE = 4096  # timed work-items checked against Java


def java_abs(a):
    return a if a == IMIN else abs(a)


def expected(x, b, dividend):
    a = x if dividend == "plain" else java_abs(x)
    loop = 0
    for d in range(1, 4):
        loop = wrap(loop * 31 + java_rem(a, d))
    return [java_rem(a, b), java_rem(a, 7), java_rem(a, -7), loop]


def timed_sum(x0, bs, e, dividend):
    """Java's result of the timing kernel's work-item `e`."""
    acc = 0
    for k in range(64):
        x = wrap(x0 + k * 77777)
        a = x if dividend == "plain" else java_abs(x)
        acc = wrap(acc + java_rem(a, bs[(e + k) & (TABLE - 1)]))
    return acc


def body(rem):
    return rem if "return" in rem else f"return {rem};"


def source(prelude):
    out = [prelude, HELPERS]
    for r, rem in enumerate(REMS.values()):
        out.append(f"int rem{r}(int a, int b)\n{{{body(rem)}\n}}")
        for d, dividend in enumerate(DIVIDENDS.values()):
            out.append(f"""
__kernel void check{r}_{d}(__global const int *in, __global int *out, const int n) {{
    const int e = get_global_id(0);
    if (e >= n) return;
    const int x = in[2 * e];
    out[{OUTS} * e] = rem{r}({dividend}, in[2 * e + 1]);
    out[{OUTS} * e + 1] = rem{r}({dividend}, 7);
    out[{OUTS} * e + 2] = rem{r}({dividend}, -7);
    int loop = 0;
    for (int d = 1; d < 4; d++) {{
        loop = as_int((uint)loop * 31u + (uint)rem{r}({dividend}, d));
    }}
    out[{OUTS} * e + 3] = loop;
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
    prelude = open(os.path.join(ROOT, "runtime", "cl", "somd_java.cl")).read()
    names = [f"{kind}{r}_{d}" for r in range(len(REMS)) for d in range(len(DIVIDENDS))
             for kind in ("check", "time")]
    ks = dev.kernels(source(prelude), names, "-cl-std=CL1.2")
    if os.environ.get("OUT"):
        tag = "".join(ch for ch in dev.platform_name if ch.isalnum())[:12]
        with open(os.path.join(os.environ["OUT"], f"s118rem-{tag}.bin"), "wb") as fh:
            fh.write(dev.last_binary)
    flat = [v for pair in PAIRS for v in pair]
    inp = dev.buffer(4 * len(flat))
    dev.write(inp, (ctypes.c_int32 * len(flat))(*flat))
    out = dev.buffer(4 * OUTS * len(PAIRS))
    xs, bs = loop_inputs(TABLE)
    xbuf, bbuf, obuf = dev.buffer(4 * N), dev.buffer(4 * TABLE), dev.buffer(4 * N)
    dev.write(xbuf, (ctypes.c_int32 * N)(*xs))
    dev.write(bbuf, (ctypes.c_int32 * TABLE)(*bs))
    timed_java = {d: [timed_sum(xs[e], bs, e, d) for e in range(SAMPLE)] for d in DIVIDENDS}
    sums = {}
    for r, rem in enumerate(REMS):
        for d, dividend in enumerate(DIVIDENDS):
            dev.launch(ks[f"check{r}_{d}"], [inp, out, ctypes.c_int32(len(PAIRS))], 16, 16)
            got = list((ctypes.c_int32 * (OUTS * len(PAIRS))).from_buffer_copy(dev.read(out)))
            bad = []
            for e, (x, b) in enumerate(PAIRS):
                want = expected(x, b, dividend)
                if got[OUTS * e:OUTS * (e + 1)] != want:
                    bad.append(f"({x}, {b}): {got[OUTS * e:OUTS * (e + 1)]} (Java {want})")
            times = [dev.launch(ks[f"time{r}_{d}"], [xbuf, bbuf, obuf], N, 256) for _ in range(8)]
            res = bytes(dev.read(obuf))
            sums.setdefault(dividend, set()).add(res)
            timed = (ctypes.c_int32 * SAMPLE).from_buffer_copy(res[:4 * SAMPLE])
            wrong = sum(timed[e] != want for e, want in enumerate(timed_java[dividend]))
            if wrong:
                bad.append(f"timed: {wrong} of the first {SAMPLE} work-items")
            verdict = "ok" if not bad else f"DIFFERS in {len(bad)}: {bad[0]}"
            print(f"{rem:18} {dividend:9} {clrun.median_ns(times[1:]) / 1e3:9.1f} us  {verdict}")
    for dividend, outs in sums.items():
        print(f"timed outputs of the forms on {dividend} dividends "
              f"{'agree' if len(outs) == 1 else f'DIFFER ({len(outs)} distinct)'}")


if __name__ == "__main__":
    main()
