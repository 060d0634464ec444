#!/usr/bin/env python3
"""Where MRI-Q's generated kernel loses time against the hand-written one, by experiment.

As `kmeans_ablation.py` does for K-Means: the generated kernel that computes Q and its two
totals (`fused_MRIQ_computeQ_inline.cl`, as `somdc build --emit-kernels` writes it),
variants of it that each take one difference to the hand kernel away, and the hand kernel
(`bench/clbaselines/cl/mriq.cl`), built with the runtime's prelude and options, launched
on the same inputs in one process, timed by profiling events (`clrun.py`), the variants
interleaved round by round. The differences tried:
- the launch geometry: groups of 256 (what the runtime launched before the twelfth
  session, and launches under `SOMD_SPREAD=0`) and the hand host's groups, halved down to
  32 until there are at least two per compute unit (what the runtime's `spread_local` now
  launches too); a fused reduction has at most two device-fills of groups
  (`reduction_groups` in `runtime/src/device.rs`);
- the samples' address space: `__global KSample *` (emitted), `__global const KSample
  *restrict` (read-only, so the compiler may use the read-only data path), `__constant
  KSample *` (the constant cache, where the hand kernel keeps its `float4` samples).
Every variant's Q is checked bit for bit against the generated kernel's before its times
count (the arithmetic is the same in every variant, the hand kernel's included).

Usage (from the repository root):
    somdc build samples/mriq.somd -o DIR --emit-kernels
    bench/gpu/mriq_ablation.py DIR/kernels [VOXELS (16384)] [SAMPLES (2048)]
Environment: SELECT (a regular expression: only the variants whose label it matches are
timed), ROUNDS (21) timed launches per variant after WARM (3), CL_DEVICE (a platform or
device name substring, default any, GPUs first), DUMP (a directory for each variant's
program binary, PTX on NVIDIA). Prints a Markdown table of medians.
"""
import ctypes
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402
from kmeans_ablation import build_kernels, prelude  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
ROUNDS = int(os.environ.get("ROUNDS", "21"))
WARM = int(os.environ.get("WARM", "3"))
KERNEL = "fused_MRIQ_computeQ_inline"

INIT = r"""
float unit(uint h) { return (float)(h >> 8) * (1.0f / 16777216.0f); }
uint mix(uint h) {
    h ^= h >> 15; h *= 2246822519u; h ^= h >> 13; h *= 3266489917u; h ^= h >> 16;
    return h;
}
__kernel void init(__global float *x, __global float *y, __global float *z, int voxels,
                   __global float4 *samples, int count) {
    int i = get_global_id(0);
    uint h = mix((uint)i * 2654435761u + 1u);
    if (i < voxels) {
        x[i] = (unit(h) * 2.0f - 1.0f) * 16.0f;
        y[i] = (unit(mix(h + 1u)) * 2.0f - 1.0f) * 16.0f;
        z[i] = (unit(mix(h + 2u)) * 2.0f - 1.0f) * 16.0f;
    }
    if (i < count) {
        float pr = unit(mix(h + 6u)) * 2.0f - 1.0f;
        float pi = unit(mix(h + 7u)) * 2.0f - 1.0f;
        samples[i] = (float4)((unit(mix(h + 3u)) - 0.5f), (unit(mix(h + 4u)) - 0.5f),
                              (unit(mix(h + 5u)) - 0.5f), pr * pr + pi * pi);
    }
}
__kernel void split(__global const float *re, __global const float *im, __global float2 *q,
                    int n) {
    int i = get_global_id(0);
    if (i < n) q[i] = (float2)(re[i], im[i]);
}
"""


def samples_as(src, space):
    """The samples' parameter (helper and kernel) in address space `space`."""
    a, b = "__global KSample *samples", "__global KSample *arg1"
    assert a in src and b in src, "samples parameters not found"
    return src.replace(a, f"{space} KSample *samples").replace(b, f"{space} KSample *arg1")


def int_counter(src):
    a = ("for (long somd_t = (long)get_global_id(0); somd_t < (long)somd_n; "
         "somd_t += (long)get_global_size(0))")
    assert a in src, "grid-stride loop not found"
    return src.replace(a, "for (int somd_t = (int)get_global_id(0); somd_t < somd_n; "
                          "somd_t += (int)get_global_size(0))")


def runtime_groups(n, local, units):
    """`reduction_groups` on a GPU: at most two fills of 2048 resident work-items per unit."""
    return min(-(-n // local), units * 2 * max(2048 // local, 1))


def hand_local(n, units):
    local = 256
    while local > 32 and -(-n // local) < 2 * units:
        local //= 2
    return local


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    kdir = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 16384
    s = int(sys.argv[3]) if len(sys.argv) > 3 else 2048
    dev = clrun.Device(os.environ.get("CL_DEVICE", ""))
    units = dev.compute_units
    print(f"device: {dev.name} ({dev.platform_name}), {units} compute units; "
          f"voxels = {n}, samples = {s}, {ROUNDS} rounds after {WARM} warm-up")
    with open(os.path.join(kdir, KERNEL + ".cl")) as f:
        gen = f.read()
    with open(os.path.join(ROOT, "bench", "clbaselines", "cl", "mriq.cl")) as f:
        hand = f.read()
    pre = prelude()
    options = "-cl-std=CL1.2 -DSOMD_WIDTH=1"

    def build(tag, src, names):
        return build_kernels(dev, tag, src, names, options)

    i32 = ctypes.c_int32
    x, y, z = dev.buffer(4 * n), dev.buffer(4 * n), dev.buffer(4 * n)
    samples = dev.buffer(16 * s)
    init = dev.kernels(INIT, ["init", "split"], options)
    dev.launch(init["init"], [x, y, z, i32(n), samples, i32(s)],
               -(-max(n, s) // 256) * 256, 256)
    out = dev.buffer(8 * n)
    re_buf, im_buf = dev.buffer(4 * n), dev.buffer(4 * n)
    most_groups = -(-n // 32)
    partials0, partials1 = dev.buffer(8 * most_groups), dev.buffer(8 * most_groups)
    hand_partials = dev.buffer(16 * most_groups)
    err = dev.buffer(4 * 5)
    zero_err = bytes(20)

    def gen_run(kern, local):
        groups = runtime_groups(n, local, units)
        args = [x, y, z, samples, i32(s), out, i32(n), partials0, clrun.Local(8 * local),
                partials1, clrun.Local(8 * local), err]
        return kern, args, groups * local, local

    def hand_run(kern, local):
        groups = -(-n // local)
        args = [x, y, z, re_buf, im_buf, i32(n), samples, i32(s), i32(1), i32(1),
                hand_partials, clrun.Local(16 * local)]
        return kern, args, groups * local, local

    def gen_result():
        return dev.read(out)

    def hand_result():
        dev.launch(init["split"], [re_buf, im_buf, out, i32(n)], -(-n // 256) * 256, 256)
        return dev.read(out)

    small = hand_local(n, units)
    runs = []  # (label, (kernel, args, global, local), result)
    variants = [
        ("generated", gen),
        ("const restrict samples", samples_as(gen, "__global const")),
        ("__constant samples", samples_as(gen, "__constant")),
        ("int counter", int_counter(gen)),
    ]
    for label, src in variants:
        kern = build(label, pre + src, [KERNEL])[KERNEL]
        runs.append((f"{label}, groups of 256", gen_run(kern, 256), gen_result))
        if small != 256:
            runs.append((f"{label}, groups of {small}", gen_run(kern, small), gen_result))
    hand_k = build("hand", hand, ["compute_q"])["compute_q"]
    runs.append(("hand, groups of 256", hand_run(hand_k, 256), hand_result))
    if small != 256:
        runs.append((f"hand, groups of {small}", hand_run(hand_k, small), hand_result))

    reference = None
    for label, (kern, args, gsize, local), result in runs:
        dev.write(err, zero_err)
        dev.launch(kern, args, gsize, local)
        got = result()
        assert dev.read(err) == zero_err, f"{label}: error buffer set"
        if reference is None:
            reference = got
        assert got == reference, f"{label}: Q differs from the generated kernel's"
        print(f"checked: {label}", file=sys.stderr)
    q0 = ctypes.c_float.from_buffer_copy(reference[:4]).value
    print(f"Q[0].real = {q0!r}")

    select = re.compile(os.environ.get("SELECT", ""))
    runs = [r for r in runs if select.search(r[0])]
    times = {label: [] for label, *_ in runs}
    for r in range(WARM + ROUNDS):
        for label, (kern, args, gsize, local), _ in runs:
            ns = dev.launch(kern, args, gsize, local)
            if r >= WARM:
                times[label].append(ns)
    print()
    print("| kernel variant | median ms | min ms | max ms | against generated |")
    print("| --- | --- | --- | --- | --- |")
    base = None
    for label, *_ in runs:
        t = times[label]
        med = statistics.median(t) / 1e6
        base = base or med
        print(f"| {label} | {med:.4f} | {min(t) / 1e6:.4f} | {max(t) / 1e6:.4f} | "
              f"{med / base:.3f} |")


if __name__ == "__main__":
    main()
