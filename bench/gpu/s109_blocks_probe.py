"""Where `loopcheck_blocks`' kernel gives other results on the GPU than on PoCL (hundred-and-
ninth session: elements 0 and 6 of its 12 differ from Java's on the H100, PoCL gives
Java's): the kernel `somdc` wrote at the session's start (`bench/gpu/s109/lcb_f.cl`) with
`s` stored after each of its nine loops (`dbg[p * 16 + k]`), run on both devices on the
program's inputs; prints each element's first loop whose `s` differs, and the outputs.
Variants: `noflag` (each loop's copy chosen by its flag replaced by the plain loop alone),
and on that, the third loop (`for (; k_9 > -n; k_9--) s ^= (long)k_9;`, the first found
differing) with `convert_long` (`conv`), a plain C decrement (`dec`), its bound hoisted
(`hoist`), `(long)(k_9 | 0)` (`int`).
PROBE_KERNEL=lcb_f_signed probes the kernel `somdc` writes since the session's signed steps
(and long copies in blocks). Usage: python3 bench/gpu/s109_blocks_probe.py [KERNEL...]
"""
import ctypes
import os
import re
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def probed():
    name = os.environ.get("PROBE_KERNEL", "lcb_f")
    text = open(os.path.join(HERE, "s109", f"{name}.cl")).read()
    text = text.replace("const uint somd_err_epoch)", "const uint somd_err_epoch,\n        __global long *dbg)")
    lines, k = [], 0
    for line in text.splitlines():
        lines.append(line)
        if line == "        }":
            lines.append(f"        dbg[p * 16 + {k}] = s;")
            k += 1
    return "\n".join(lines) + "\n"


def prelude():
    root = os.path.join(HERE, "..", "..", "runtime", "cl")
    return "\n".join(open(os.path.join(root, f)).read()
                     for f in ["somd_java.cl", "somd_errors.cl", "somd_hist.cl"]) + "\n"


def run(dev, source, name):
    kernel = dev.kernels(prelude() + source, [name], "-cl-std=CL1.2")[name]
    n = 12
    at = (ctypes.c_int32 * n)(*range(n))
    lim = (ctypes.c_int32 * n)(*[1000 + p if p % 3 == 0 else 700000 + 1000 * p for p in range(n)])
    b_at, b_lim, out, err, dbg = (dev.buffer(n * 4), dev.buffer(n * 4), dev.buffer(n * 8),
                                   dev.buffer(4 * (4 + 8 * 1024)), dev.buffer(n * 16 * 8))
    dev.write(b_at, at)
    dev.write(b_lim, lim)
    dev.write(err, (ctypes.c_int32 * (4 + 8 * 1024))())
    dev.write(dbg, (ctypes.c_int64 * (n * 16))())
    dev.finish()
    args = [b_at, ctypes.c_int32(n), b_lim, ctypes.c_int32(n), out, ctypes.c_int32(n), err,
            ctypes.c_uint32(1), dbg]
    dev.launch(kernel, args, 64, 64)
    o = struct.unpack(f"{n}q", dev.read(out))
    d = struct.unpack(f"{n * 16}q", dev.read(dbg))
    head = struct.unpack("4i", dev.read(err)[:16])
    return o, [d[p * 16:(p + 1) * 16] for p in range(n)], head


XOR = "s = (s ^ ((long)(k_9)));"
VARIANTS = {
    # The third loop's fold of `(long)k` written otherwise (all on the plain copies).
    "conv": (XOR, "s = (s ^ convert_long(k_9));"),
    "dec": ("k_9 = somd_isub(k_9, 1)) {", "k_9 = k_9 - 1) {"),
    "hoist": ("for (; k_9 > somd_ineg(n); k_9", "const int somd_lo = somd_ineg(n);\n                for (; k_9 > somd_lo; k_9"),
    "int": (XOR, "s = (s ^ ((long)(k_9 | 0)));"),
}


def main():
    source = probed()
    plain = re.sub(r"const bool somd_long\d+ = [^;]*;", lambda m: m.group(0).split(" = ")[0] + " = false;", source)
    kernels = [("Main_f", source), ("Main_f_noflag", plain.replace("__kernel void Main_f(", "__kernel void Main_f_noflag("))]
    for name, (old, new) in VARIANTS.items():
        if old not in plain:
            continue
        kernels.append((f"Main_f_{name}", plain.replace(old, new).replace("__kernel void Main_f(", f"__kernel void Main_f_{name}(")))
    only = sys.argv[1:]
    devices = [clrun.Device("NVIDIA"), clrun.Device("Portable")]
    for name, src in kernels:
        if only and name not in only and name.replace("Main_f_", "") not in only:
            continue
        results = [run(dev, src, name) for dev in devices]
        print(f"{name}: error words {results[0][2]} / {results[1][2]}")
        for p in range(12):
            a, b = results[0][1][p], results[1][1][p]
            first = next((k for k in range(10) if a[k] != b[k]), None)
            print(f"  element {p}: nvidia {results[0][0][p]} pocl {results[1][0][p]}"
                  + ("" if first is None else f"; first loop differing {first}: {a[first]} vs {b[first]}"
                     + (f" (before it {a[first - 1]} vs {b[first - 1]})" if first else "")))


if __name__ == "__main__":
    main()
