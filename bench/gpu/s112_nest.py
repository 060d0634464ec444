"""Loops holding loops in blocks on the device (hundred-and-twelfth session): s105long's
`quad` kernel (a `long` loop of 250 to 256 steps holding one of four) as `somdc` wrote it
since the hundred-and-fifth session (`new_quad`, `bench/gpu/s109/`: the work-item's nest
counter ticked in each iteration, `SOMD_NEST_STOP`), with that tick removed
(`quad_nocheck`), and as it writes it since this session (`nblk_quad`,
`bench/gpu/s112/`: blocks of 1024 iterations, the counter ticked at a block's start and
given the rest of its iterations at its end, `SOMD_NEST_TICKS`), timed on the same
inputs in one process (`clrun.py`) with the runtime's prelude (`runtime/cl/`).

Prints each kernel's median time over ROUNDS rounds of 10 launches each, the variants in
turn within a round, and whether its output equals `new_quad`'s bit for bit.
Usage: python3 bench/gpu/s112_nest.py [N] [ROUNDS]   (default 1,000,000 and 5)
"""
import ctypes
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402
import s109_long_ablation as s109  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = ["new_quad", "quad_nocheck", "nblk_quad"]


def source():
    text = s109.prelude()
    text += s109.kernel("new_quad") + "\n"
    text += s109.variant("new_quad", "quad_nocheck", s109.NEST, "") + "\n"
    text += open(os.path.join(HERE, "s112", "nblk_quad.cl")).read() + "\n"
    return text


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    dev = clrun.Device("")
    print(f"device {dev.name}, {dev.compute_units} units")
    kernels = dev.kernels(source(), NAMES, "-cl-std=CL1.2")
    at = (ctypes.c_int32 * n)(*range(n))
    lim = (ctypes.c_int64 * n)(*[i % 7 for i in range(n)])
    b_at, b_lim, out = dev.buffer(n * 4), dev.buffer(n * 8), dev.buffer(n * 8)
    err = dev.buffer(4 * (4 + 8 * 1024))
    dev.write(b_at, at)
    dev.write(b_lim, lim)
    dev.write(err, (ctypes.c_int32 * (4 + 8 * 1024))())
    dev.finish()
    times = {name: [] for name in NAMES}
    same = {}
    ref = None
    for _ in range(rounds):
        for name in NAMES:
            args = [b_at, ctypes.c_int32(n), b_lim, ctypes.c_int32(n), out,
                    ctypes.c_int32(n), err, ctypes.c_uint32(1)]
            size = (n + 255) // 256 * 256
            runs = [dev.launch(kernels[name], args, size, 256) for _ in range(11)][1:]
            times[name] += runs
            got = dev.read(out)[:n * 8]
            ref = got if ref is None else ref
            same[name] = same.get(name, True) and got == ref
    line = [f"quad ({n} work-items, {rounds} x 10 launches):"]
    for name in NAMES:
        line.append(f"{name} {clrun.median_ns(times[name]) / 1e6:.3f} ms"
                    f" {'same' if same[name] else 'DIFFERS'};")
    print(" ".join(line), flush=True)


if __name__ == "__main__":
    main()
