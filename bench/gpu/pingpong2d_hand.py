"""The hand-written OpenCL program `bench/gpu/programs/pingpong2d.somd` is measured against.

`python3 pingpong2d_hand.py N ROUNDS [DEVICE]` does what an OpenCL programmer writes for
that program's two grid loops: two N x N buffers per loop, both uploaded once (from
pageable memory), then ROUNDS launches of a 2-D NDRange (16 x 16 work-groups) writing the
second buffer from the first, the two swapped between launches (no wait in between), then
the grid read back whole (the program reads it to print its checksum). Each loop prints its
wall time from the first upload to the end of the read in ms, as the program prints its
loops', that of the uploads, of the rounds alone (from the end of the uploads to the end of
the last launch) and of the read, and the checksum (which must equal the program's).
`FP_CONTRACT` is off, as in the generated kernels, so the heat step's values are Java's.
"""
import ctypes
import os
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402

SOURCE = r"""
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
__kernel void pp_heat(__global const double *src, __global double *dst, int n)
{
    int j = (int)get_global_id(0) + 1;
    int i = (int)get_global_id(1) + 1;
    if (i < n - 1 && j < n - 1) {
        dst[i * n + j] = 0.25 * (src[(i - 1) * n + j] + src[(i + 1) * n + j]
                                 + src[i * n + j - 1] + src[i * n + j + 1]);
    }
}
__kernel void pp_life(__global const int *g, __global int *out, int n)
{
    int j = (int)get_global_id(0);
    int i = (int)get_global_id(1);
    if (i >= n || j >= n) return;
    int c = 0;
    for (int di = -1; di <= 1; di++) {
        for (int dj = -1; dj <= 1; dj++) {
            int r = i + di, k = j + dj;
            if ((di != 0 || dj != 0) && r >= 0 && r < n && k >= 0 && k < n) c += g[r * n + k];
        }
    }
    out[i * n + j] = (c == 3 || (c == 2 && g[i * n + j] == 1)) ? 1 : 0;
}
"""

LOCAL = 16


def enqueue(dev, kernel, args, count):
    """Sets `args` and enqueues a `count` x `count` NDRange (rounded up to whole groups)."""
    for i, a in enumerate(args):
        if isinstance(a, clrun.Buffer):
            h = ctypes.c_void_p(a.mem)
            code = clrun._SetKernelArg(kernel, i, ctypes.sizeof(h), ctypes.byref(h))
        else:
            code = clrun._SetKernelArg(kernel, i, ctypes.sizeof(a), ctypes.byref(a))
        clrun._check(code, f"clSetKernelArg({i})")
    side = (count + LOCAL - 1) // LOCAL * LOCAL
    gs = (ctypes.c_size_t * 2)(side, side)
    ls = (ctypes.c_size_t * 2)(LOCAL, LOCAL)
    clrun._check(clrun._EnqueueNDRange(dev.queue, kernel, 2, None, gs, ls, 0, None, None),
                 "clEnqueueNDRangeKernel")


def run(dev, kernel, first, second, size, n, rounds, count, label, checksum):
    start = time.perf_counter()
    a = dev.buffer(n * n * size)
    b = dev.buffer(n * n * size)
    dev.write(a, first)
    dev.write(b, second)
    dev.finish()
    uploaded = time.perf_counter()
    for _ in range(rounds):
        enqueue(dev, kernel, [a, b, ctypes.c_int32(n)], count)
        a, b = b, a
    dev.finish()
    looped = time.perf_counter()
    grid = dev.read(a)
    end = time.perf_counter()
    ms = lambda t0, t1: f"{(t1 - t0) * 1000:.1f}"  # noqa: E731
    print(f"{label} {ms(start, end)} ms (upload {ms(start, uploaded)}, rounds "
          f"{ms(uploaded, looped)}, read {ms(looped, end)}) {checksum(grid)}")


def main():
    n, rounds = int(sys.argv[1]), int(sys.argv[2])
    dev = clrun.Device(sys.argv[3] if len(sys.argv) > 3 else "")
    kernels = dev.kernels(SOURCE, ["pp_heat", "pp_life"], "-cl-std=CL1.2")
    cells = bytearray(4 * n * n)
    for i in range(n):
        row = bytes(b for j in range(n) for b in (((i * 37 + j * 101 + i * j) % 7 < 3), 0, 0, 0))
        cells[4 * n * i:4 * n * (i + 1)] = row
    heat = bytearray(8 * n * n)
    for i in range(n):
        heat[8 * n * i:8 * n * i + 8] = struct.pack("<d", 100.0)

    def alive(grid):
        return sum(struct.unpack(f"<{n * n}i", grid))

    def edge(grid):
        values = struct.unpack(f"<{n * n}d", grid)
        s = 0.0
        for i in range(n):
            s += values[i * n + 1] + values[i * n + n // 2]
        return repr(s)

    print(f"device {dev.name}")
    for _ in range(2):
        run(dev, kernels["pp_life"], bytes(cells), bytes(4 * n * n), 4, n, rounds, n, "life",
            alive)
        run(dev, kernels["pp_heat"], bytes(heat), bytes(heat), 8, n, rounds, n - 2, "heat", edge)


if __name__ == "__main__":
    main()
