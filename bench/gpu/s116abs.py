"""Session 116: fuzz program 12142 (`bench/gpu/programs/s116m6.somd`) took `Math.abs(x) % (x |
1)` as 1 where Java has -1 for `x = Integer.MIN_VALUE` on an H100: Java's `abs` of the
minimum is the minimum, and the remainder takes the dividend's sign. This kernel computes
`ABS(a) % b` (with Java's `b == -1` case) for several forms of `ABS`, on `int` and `long`
pairs from a buffer, and prints each form's results against Java's.
Usage: python3 bench/gpu/s116abs.py
"""
import ctypes
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IMIN, LMIN = -2**31, -2**63
INTS = [(IMIN, IMIN | 1), (IMIN, 7), (IMIN, -7), (5, -3), (-5, 3), (IMIN, -1), (-2**31 + 5, -4)]
LONGS = [(LMIN, LMIN | 1), (LMIN, 7), (LMIN, -7), (5, -3), (-5, 3), (LMIN, -1)]
IFORMS = {
    "select (as now)": "((a < 0) ? somd_ineg(a) : a)",
    "builtin abs": "as_int(abs(a))",
    "xor-sub": "as_int(((uint)a ^ (uint)(a >> 31)) - (uint)(a >> 31))",
    "minimum first": "((a == INT_MIN) ? a : ((a < 0) ? somd_ineg(a) : a))",
    "through long": "((int)((a < 0) ? -(long)a : (long)a))",
}
LFORMS = {
    "select (as now)": "((a < 0) ? as_long((ulong)0 - (ulong)a) : a)",
    "minimum first": "((a == LONG_MIN) ? a : ((a < 0) ? as_long((ulong)0 - (ulong)a) : a))",
}


def java_rem(a, b):
    if b == -1:
        return 0
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def java_abs(a, bits):
    return a if a == -2**(bits - 1) else abs(a)


def main():
    dev = clrun.Device("")
    print(f"device {dev.platform_name} / {dev.name}")
    prelude = open(os.path.join(ROOT, "runtime", "cl", "somd_java.cl")).read()
    body = []
    for f, (name, form) in enumerate(IFORMS.items()):
        body.append(f"int ia{f}(int a) {{ return {form}; }}")
    for f, (name, form) in enumerate(LFORMS.items()):
        body.append(f"long la{f}(long a) {{ return {form}; }}")
    kernel = ["__kernel void k(__global const long *in, __global long *out) {",
              "    const int e = get_global_id(0);"]
    ni, nl = len(INTS), len(LONGS)
    kernel.append(f"    if (e < {ni}) {{ int a = (int)in[2 * e]; int b = (int)in[2 * e + 1];")
    for f in range(len(IFORMS)):
        kernel.append(f"        out[{f} * 16 + e] = b == -1 ? 0 : ia{f}(a) % b;")
    kernel.append("    }")
    kernel.append(f"    if (e < {nl}) {{ long a = in[2 * ({ni} + e)]; long b = in[2 * ({ni} + e) + 1];")
    for f in range(len(LFORMS)):
        kernel.append(f"        out[({len(IFORMS)} + {f}) * 16 + e] = b == -1 ? 0 : la{f}(a) % b;")
    kernel.append("    }")
    kernel.append("}")
    source = ("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" + prelude + "\n".join(body)
              + "\n" + "\n".join(kernel))
    k = dev.kernels(source, ["k"], "-cl-std=CL1.2")["k"]
    data = [v for pair in INTS + LONGS for v in pair]
    inp = dev.buffer(8 * len(data))
    dev.write(inp, (ctypes.c_int64 * len(data))(*data))
    slots = (len(IFORMS) + len(LFORMS)) * 16
    out = dev.buffer(8 * slots)
    dev.write(out, (ctypes.c_int64 * slots)())
    dev.launch(k, [inp, out], 16, 16)
    got = (ctypes.c_int64 * slots).from_buffer_copy(dev.read(out))
    for f, name in enumerate(IFORMS):
        res = [got[f * 16 + e] for e in range(ni)]
        want = [java_rem(java_abs(a, 32), b) for a, b in INTS]
        print(f"int {name}: {'ok' if res == want else 'DIFFERS'} {res} (Java {want})")
    for f, name in enumerate(LFORMS):
        res = [got[(len(IFORMS) + f) * 16 + e] for e in range(nl)]
        want = [java_rem(java_abs(a, 64), b) for a, b in LONGS]
        print(f"long {name}: {'ok' if res == want else 'DIFFERS'} {res} (Java {want})")


if __name__ == "__main__":
    main()
