"""The hand-written OpenCL program `bench/gpu/programs/pingpong.somd` is measured against.

`python3 pingpong_hand.py N ROUNDS [DEVICE]` does what an OpenCL programmer writes for the
two ping-pong stencils of that program: two buffers per stencil, both uploaded once (from pageable
memory), then ROUNDS launches writing the second buffer from the first with the two
swapped between launches (no wait in between), then the two elements the program prints
read back. Each stencil prints its wall time from the first upload to the last read in ms,
as the program prints its loops', that of the uploads and that of the rounds alone (from
the end of the uploads to the end of the last launch), and the elements (which must equal
the program's). The `int` division
is C's, which truncates as Java's does; `FP_CONTRACT` is off, as in the
generated kernels, so the `double` step's values are Java's.
"""
import ctypes
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402

SOURCE = r"""
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
__kernel void pp_step(__global const int *src, __global int *dst, int n)
{
    int i = (int)get_global_id(0) + 1;
    if (i < n - 1) dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3 + 1;
}
__kernel void pp_heat(__global const double *u, __global double *next, double k, int n)
{
    int i = (int)get_global_id(0) + 1;
    if (i < n - 1) next[i] = u[i] + k * (u[i - 1] - 2 * u[i] + u[i + 1]);
}
"""


def enqueue(dev, kernel, args, count, local=256):
    """Sets `args` and enqueues `count` work-items (rounded up to groups of `local`)."""
    for i, a in enumerate(args):
        if isinstance(a, clrun.Buffer):
            h = ctypes.c_void_p(a.mem)
            code = clrun._SetKernelArg(kernel, i, ctypes.sizeof(h), ctypes.byref(h))
        else:
            code = clrun._SetKernelArg(kernel, i, ctypes.sizeof(a), ctypes.byref(a))
        clrun._check(code, f"clSetKernelArg({i})")
    gs = (ctypes.c_size_t * 1)((count + local - 1) // local * local)
    ls = (ctypes.c_size_t * 1)(local)
    clrun._check(clrun._EnqueueNDRange(dev.queue, kernel, 1, None, gs, ls, 0, None, None),
                 "clEnqueueNDRangeKernel")


def element(dev, buf, index, size, ctype):
    out = ctypes.create_string_buffer(size)
    clrun._check(clrun._EnqueueRead(dev.queue, buf.mem, 1, index * size, size, out, 0, None,
                                    None), "read")
    return ctype.from_buffer_copy(out.raw).value


def run(dev, kernel, first, second, extra, ctype, size, n, rounds, label, fmt):
    start = time.perf_counter()
    a = dev.buffer(n * size)
    b = dev.buffer(n * size)
    dev.write(a, first)
    dev.write(b, second)
    dev.finish()
    uploaded = time.perf_counter()
    for _ in range(rounds):
        enqueue(dev, kernel, [a, b, *extra, ctypes.c_int32(n)], n - 2)
        a, b = b, a
    dev.finish()
    looped = time.perf_counter()
    x1 = element(dev, a, 1, size, ctype)
    x2 = element(dev, a, n // 2, size, ctype)
    end = time.perf_counter()
    ms = lambda t0, t1: f"{(t1 - t0) * 1000:.1f}"  # noqa: E731
    print(f"{label} {ms(start, end)} ms (upload {ms(start, uploaded)}, rounds "
          f"{ms(uploaded, looped)}) {fmt(x1)} {fmt(x2)}")


def wrap32(v):
    return (v + 2**31) % 2**32 - 2**31


def java_rem(a, b):
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def main():
    n, rounds = int(sys.argv[1]), int(sys.argv[2])
    dev = clrun.Device(sys.argv[3] if len(sys.argv) > 3 else "")
    kernels = dev.kernels(SOURCE, ["pp_step", "pp_heat"], "-cl-std=CL1.2")
    # Java's `(i * 7919) % 10007`: the product wraps to 32 bits, `%` keeps the dividend's sign.
    ints = (ctypes.c_int32 * n)(*[java_rem(wrap32(i * 7919), 10007) for i in range(n)])
    zeros_i = (ctypes.c_int32 * n)()
    doubles = (ctypes.c_double * n)(*[(i % 1000) * 0.5 for i in range(n)])
    zeros_d = (ctypes.c_double * n)()
    print(f"device {dev.name}")
    for _ in range(2):
        run(dev, kernels["pp_step"], ints, zeros_i, [], ctypes.c_int32, 4, n, rounds, "ints", str)
        run(dev, kernels["pp_heat"], doubles, zeros_d, [ctypes.c_double(0.25)], ctypes.c_double, 8,
            n, rounds, "heat", repr)


if __name__ == "__main__":
    main()
