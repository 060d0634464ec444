"""NVIDIA's OpenCL compiler against Java on loops over an `int` index that goes negative,
folding the index widened to `long` (hundred-and-ninth session: `loopcheck_blocks`'
`for (int k = n; k > -n; k--) s ^= k;` gave the sign of `s` unflipped on the H100 where
999 negative `k`s flip it; PoCL gives Java's). Each kernel folds one loop per work-item
(n = 1000 + id); prints each kernel's work-items whose result differs from Java's
(computed here). Usage: python3 bench/gpu/s109_xor_probe.py [DEVICE]
"""
import ctypes
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
LOOPS = {
    # name: (loop text over int k and long s, Python reference)
    "gen_xor_down": ("for (; k > somd_ineg(n); k = somd_isub(k, 1)) { s = (s ^ ((long)(k))); }", "xor", "down"),
    "dec_xor_down": ("for (; k > -n; k--) { s = (s ^ ((long)(k))); }", "xor", "down"),
    "conv_xor_down": ("for (; k > somd_ineg(n); k = somd_isub(k, 1)) { s = (s ^ convert_long(k)); }", "xor", "down"),
    "hoist_xor_down": ("const int lo = somd_ineg(n); for (; k > lo; k = somd_isub(k, 1)) { s = (s ^ ((long)(k))); }", "xor", "down"),
    "gen_add_down": ("for (; k > somd_ineg(n); k = somd_isub(k, 1)) { s = somd_ladd(s, ((long)(k))); }", "add", "down"),
    "gen_or_down": ("for (; k > somd_ineg(n); k = somd_isub(k, 1)) { s = (s | ((long)(k))); }", "or", "down"),
    "gen_mix_down": ("for (; k > somd_ineg(n); k = somd_isub(k, 1)) { s = somd_ladd(somd_lmul(s, 3L), ((long)(k))); }", "mix", "down"),
    "gen_xor_up": ("for (k = somd_isub(1, n); k <= n; k = somd_iadd(k, 1)) { s = (s ^ ((long)(k))); }", "xor", "up"),
    "xor_int_down": ("int t = 0; for (; k > somd_ineg(n); k = somd_isub(k, 1)) { t = t ^ k; } s = s ^ (long)t;", "xor", "down"),
    "xor_sext_down": ("for (; k > somd_ineg(n); k = somd_isub(k, 1)) { s = (s ^ (long)(k >> 31 << 31 | k)); }", "xor", "down"),
    "xor_mask_down": ("for (; k > somd_ineg(n); k = somd_isub(k, 1)) { const long w = (long)k; s = s ^ (w | (w < 0 ? (long)0xFFFFFFFF00000000UL : 0L)); }", "xor", "down"),
}


def source():
    root = os.path.join(HERE, "..", "..", "runtime", "cl")
    text = "\n".join(open(os.path.join(root, f)).read() for f in ["somd_java.cl"]) + "\n"
    for name, (body, _, _) in LOOPS.items():
        text += f"""
__kernel void {name}(__global long *out, const int count)
{{
    const int id = (int)get_global_id(0);
    if (id >= count) return;
    const int n = 1000 + id;
    long s = -8024092345600667193L + id;
    int k = n;
    {body}
    out[id] = s;
}}
"""
    return text


def wrap(v):
    return (v + (1 << 63)) % (1 << 64) - (1 << 63)


def reference(op, direction, count):
    out = []
    for id in range(count):
        n = 1000 + id
        s = -8024092345600667193 + id
        ks = range(n, -n, -1) if direction == "down" else range(1 - n, n + 1)
        for k in ks:
            s = {"xor": lambda: s ^ k, "add": lambda: wrap(s + k), "or": lambda: s | k,
                 "mix": lambda: wrap(s * 3 + k)}[op]()
        out.append(s)
    return out


def main():
    dev = clrun.Device(sys.argv[1] if len(sys.argv) > 1 else "")
    print(f"device {dev.name}")
    kernels = dev.kernels(source(), list(LOOPS), "-cl-std=CL1.2")
    count = 16
    out = dev.buffer(count * 8)
    for name, (_, op, direction) in LOOPS.items():
        dev.launch(kernels[name], [out, ctypes.c_int32(count)], 64, 64)
        got = struct.unpack(f"{count}q", dev.read(out))
        want = reference(op, direction, count)
        bad = [i for i in range(count) if got[i] != want[i]]
        print(f"{name}: {'Java' if not bad else f'differs at {bad}: {got[bad[0]]} vs {want[bad[0]]}'}")


if __name__ == "__main__":
    main()
