"""Second probe of `s114mul.py`'s mismatch (hundred-and-fourteenth session): the last
statement of differential-fuzz program 11520's `m4` (`r = r * 31 + nb + ns * 3 + nc * 7 +
ni * 11 + nl * 13 + tb[0] + ..`, each `int` term widened to `long`), in kernels that each
change one thing, on the locals of its element 4 (Java: -9223370484225396663), each kernel
alone in its program. Prints each kernel's value and its difference from Java's.
Usage: python3 bench/gpu/s114mul2.py
"""
import ctypes
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

HEAD = r"""
inline long somd_i2l_arith(int a) { return as_long(((ulong)(uint)a ^ 0x80000000UL) - 0x80000000UL); }
__kernel void K(__global const long *v, __global long *out) {
    long r = v[0];
    char nb = (char)v[1];
    short ns = (short)v[2];
    ushort nc = (ushort)v[3];
    int ni = (int)v[4];
    long nl = v[5];
    char tb[4];
    ushort tc[4];
    for (int j = 0; j < 4; j++) { tb[j] = (char)v[6 + j]; tc[j] = (ushort)v[10 + j]; }
"""
FULL = ("somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_ladd("
        "somd_ladd(somd_ladd(somd_ladd(somd_ladd(somd_lmul(r, 31L), W(nb)), W(somd_imul(((int)(ns)), 3))), "
        "W(somd_imul(((int)(nc)), 7))), W(somd_imul(ni, 11))), somd_lmul(nl, 13L)), W(tb[0])), "
        "W(somd_imul(((int)(tb[1])), 17))), W(somd_imul(((int)(tb[2])), 19))), "
        "W(somd_imul(((int)(tb[3])), 23))), W(tc[0])), W(somd_imul(((int)(tc[1])), 29))), "
        "W(somd_imul(((int)(tc[2])), 37))), W(somd_imul(((int)(tc[3])), 41)))")
VARIANTS = {
    "as emitted": FULL.replace("W(", "((long)"),
    "no nl*13": FULL.replace("W(", "((long)").replace(", somd_lmul(nl, 13L))", ", 0L)"),
    "ni*11 as 2147483637": FULL.replace("W(", "((long)").replace("somd_imul(ni, 11)", "ni_11"),
    "convert_long": FULL.replace("W(", "convert_long("),
    "arithmetic sign extension": FULL.replace("W(", "somd_i2l_arith("),
}
# r (after the statement before), nb, ns, nc, ni, nl, tb[0..4], tc[0..4] of element 4.
VALUES = [50015534954, 47, 0, 44556, 2147483647, 9223372036854775807, 8, 0, 0, 0, 0, 0, 0, 0]
JAVA = -9223370484225396663


def main():
    prelude = open(os.path.join(ROOT, "runtime", "cl", "somd_java.cl")).read()
    dev = clrun.Device("")
    print(f"device {dev.name}")
    inp = dev.buffer(8 * 16)
    dev.write(inp, (ctypes.c_int64 * 16)(*(VALUES + [0, 0])))
    for name, expr in VARIANTS.items():
        body = "    int ni_11 = 2147483637 + (int)v[14];\n" if "ni_11" in expr else ""
        src = ("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" + prelude + HEAD + body
               + f"    out[0] = {expr};\n}}\n")
        try:
            k = dev.kernels(src, ["K"])["K"]
        except clrun.ClError as err:
            print(name, "build failed:", str(err)[:500])
            continue
        out = dev.buffer(8)
        dev.launch(k, [inp, out], 1, 1)
        got = ctypes.c_int64.from_buffer_copy(dev.read(out)).value
        print(f"{name}: {got} diff {got - JAVA}")


if __name__ == "__main__":
    main()
