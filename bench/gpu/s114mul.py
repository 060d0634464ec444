"""Differential-fuzz program 11520 (`tests/difffuzz/gen.py 11520 --methods 8 --narrow
--effects --views`): its method `m4` gives Java's value minus 2^32 for 1,512 of 4,099
elements on the H100 and H200 (on PoCL and the CPU: Java's), though every local that
its last two statements read agrees with Java's (hundred-and-fourteenth session). This
probe computes those two statements, as `somdc` wrote them, from the locals of elements
4 and 12 read from a buffer (Java's values: element 1's second value, from locals
saturated in the kernel, is not one of Java's), and prints what each gives against Java's.
The first statement alone gave Java's value on the H100; with the second part of the
kernel (`ni` and `nl` saturated in the kernel) both gave 2^32 less.
Usage: python3 bench/gpu/s114mul.py
"""
import ctypes
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

KERNEL = r"""
__kernel void last2(__global const long *in, __global long *out) {
    int e = get_global_id(0);
    __global const long *v = in + e * 24;
    long r = v[0];
    int k = (int)v[1];
    int t[8];
    for (int j = 0; j < 8; j++) t[j] = (int)v[2 + j];
    char nb = (char)v[10];
    short ns = (short)v[11];
    ushort nc = (ushort)v[12];
    int ni = (int)v[13];
    long nl = v[14];
    char tb[4];
    ushort tc[4];
    for (int j = 0; j < 4; j++) { tb[j] = (char)v[15 + j]; tc[j] = (ushort)v[19 + j]; }
    r = somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_lmul(r, 31L), ((long)(k))), ((long)(t[0]))), ((long)(somd_imul(t[1], 3)))), ((long)(somd_imul(t[5], 7)))), ((long)(somd_imul(t[7], 11))));
    out[e * 8 + 0] = r;
    r = somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_lmul(r, 31L), ((long)(nb))), ((long)(somd_imul(((int)(ns)), 3)))), ((long)(somd_imul(((int)(nc)), 7)))), ((long)(somd_imul(ni, 11)))), somd_lmul(nl, 13L)), ((long)(tb[0]))), ((long)(somd_imul(((int)(tb[1])), 17)))), ((long)(somd_imul(((int)(tb[2])), 19)))), ((long)(somd_imul(((int)(tb[3])), 23)))), ((long)(tc[0]))), ((long)(somd_imul(((int)(tc[1])), 29)))), ((long)(somd_imul(((int)(tc[2])), 37)))), ((long)(somd_imul(((int)(tc[3])), 41))));
    out[e * 8 + 1] = r;
    out[e * 8 + 2] = somd_lmul(nl, 13L);
    out[e * 8 + 3] = (long)(somd_imul(ni, 11));
    out[e * 8 + 4] = somd_lmul(v[0], 31L);
    // The same with `ni` and `nl` saturated from doubles in the kernel, as `m4` makes them
    // (`ni *= -2.5`, `nl -= ..`), and the sum of the `int` terms alone.
    ni = somd_d2i(as_double(v[23]) * -2.5);
    nl = somd_d2l(((double)nl) - 1e300 * as_double(v[23]));
    long s = somd_ladd(somd_ladd(((long)(somd_imul(((int)(nc)), 7))), ((long)(somd_imul(ni, 11)))), ((long)(tb[0])));
    out[e * 8 + 5] = s;
    r = out[e * 8 + 0];
    r = somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_lmul(r, 31L), ((long)(nb))), ((long)(somd_imul(((int)(ns)), 3)))), ((long)(somd_imul(((int)(nc)), 7)))), ((long)(somd_imul(ni, 11)))), somd_lmul(nl, 13L)), ((long)(tb[0]))), ((long)(somd_imul(((int)(tb[1])), 17)))), ((long)(somd_imul(((int)(tb[2])), 19)))), ((long)(somd_imul(((int)(tb[3])), 23)))), ((long)(tc[0]))), ((long)(somd_imul(((int)(tc[1])), 29)))), ((long)(somd_imul(((int)(tc[2])), 37)))), ((long)(somd_imul(((int)(tc[3])), 41))));
    out[e * 8 + 6] = r;
    out[e * 8 + 7] = nl;
}
"""

# r, k, t[0..8], nb, ns, nc, ni, nl, tb[0..4], tc[0..4] of elements 4 and 12 (the Java
# twin's values), then Java's final r.
ELEMENTS = [
    ([1731856742, -1836012024, -1836012024, 0, 0, -3132341, 0, 0, 0, 0, 47, 0, 44556,
      2147483647, 9223372036854775807, 8, 0, 0, 0, 0, 0, 0, 0], -9223370484225396663),
    ([115292150617131198, -2147483648, -2147483648, 0, 0, 0, 0, 0, -1070783394, 0, 123, 0,
      9298, 2147483647, 3511438542494498816, 1, 0, 0, 0, 0, 0, 0, 0], 8870505074818715629),
]


def run(dev, source, label):
    """Builds `source` (the prelude comes first) and runs its `last2` on ELEMENTS, printing
    each element's values under `label`; returns the program's binary (PTX on NVIDIA)."""
    prelude = open(os.path.join(ROOT, "runtime", "cl", "somd_java.cl")).read()
    options = "-cl-std=CL1.2"
    try:
        k = dev.kernels("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" + prelude + source,
                        ["last2"], options)["last2"]
    except clrun.ClError as err:
        print(label, "build failed:", str(err)[:2000])
        return b""
    n = len(ELEMENTS)
    data = []
    minus = ctypes.c_int64.from_buffer_copy(ctypes.c_double(-1e10)).value
    for values, _ in ELEMENTS:
        data += values + [minus]
    inp = dev.buffer(8 * 24 * n)
    dev.write(inp, (ctypes.c_int64 * (24 * n))(*data))
    out = dev.buffer(8 * 8 * n)
    dev.launch(k, [inp, out], n, 1)
    got = (ctypes.c_int64 * (8 * n)).from_buffer_copy(dev.read(out))
    for e, (_, java) in enumerate(ELEMENTS):
        final = got[e * 8 + 1]
        print(f"{label}: element {e}: final {final} Java {java} diff {final - java}; "
              f"after first {got[e * 8]}, nl*13 {got[e * 8 + 2]}, ni*11 {got[e * 8 + 3]}, "
              f"r*31 {got[e * 8 + 4]}; saturated in the kernel: final {got[e * 8 + 6]} "
              f"diff {got[e * 8 + 6] - java}, int terms {got[e * 8 + 5]}, nl {got[e * 8 + 7]}")
    return dev.last_binary


def main():
    dev = clrun.Device("")
    print(f"device {dev.name}")
    run(dev, KERNEL, "-cl-std=CL1.2")


if __name__ == "__main__":
    main()
