#!/usr/bin/env python3
"""Where K-Means' generated kernels lose time against the hand-written ones, by experiment.

Nsight Compute profiles no OpenCL kernel on the device machine, so the generated kernels'
time is attributed by ablation instead: the generated kernel as `somdc build --emit-kernels`
writes it, variants of it that each take one difference to the hand kernel away, and the
hand kernels (`bench/clbaselines/cl/kmeans.cl`), all built with the runtime's prelude and
options, launched on the same inputs with the same geometry in one process and timed by
profiling events (`clrun.py`), the variants interleaved round by round. Every variant's
result is checked against the generated kernel's before its times count.

The `clusterSums` kernel it takes is that of the sample as it was before the twelfth
session, which passed the coordinates as two `int` arrays and a thawed membership array
(`git show f179b72:samples/kmeans.somd`); the sample now passes the points and the
memberships themselves (value arrays), whose kernel has other arguments.

Usage (from the repository root):
    git show f179b72:samples/kmeans.somd > kmeans.somd
    somdc build kmeans.somd -o DIR --emit-kernels
    bench/gpu/kmeans_ablation.py DIR/kernels [N (8000000)] [K (8)]
Environment: DUMP (a directory: each variant's program binary, PTX on NVIDIA, is written
there for `ptxas`/`cuobjdump`), SELECT (a regular expression: only the variants whose label
it matches are timed), COLD (`idle`, `upload` or `flush`: see `prepare`), ROUNDS (21) timed launches per variant after WARM (3); CL_DEVICE (a platform
or device name substring, default any, GPUs first). Prints a Markdown table of medians.
"""
import ctypes
import os
import re
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clrun  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DUMP = os.environ.get("DUMP")
ROUNDS = int(os.environ.get("ROUNDS", "21"))
WARM = int(os.environ.get("WARM", "3"))
LOCAL = 256

INIT = r"""
__kernel void init(__global int *xs, __global int *ys, __global int2 *points,
                   __global int *membership, int n, int k) {
    int i = get_global_id(0);
    if (i >= n) return;
    uint h = (uint)i * 2654435761u;
    h ^= h >> 15; h *= 2246822519u; h ^= h >> 13; h *= 3266489917u; h ^= h >> 16;
    int c = (int)(h % (uint)k);
    int x = c * 1000 + (int)((h >> 8) % 301u) - 150;
    int y = (c % 3) * 1000 + (int)((h >> 17) % 301u) - 150;
    xs[i] = x; ys[i] = y; points[i] = (int2)(x, y); membership[i] = c;
}
"""


def prelude():
    parts = []
    for name in ("somd_java.cl", "somd_errors.cl", "somd_hist.cl"):
        with open(os.path.join(ROOT, "runtime", "cl", name)) as f:
            parts.append(f.read())
    return "\n".join(parts) + "\n"


def build_kernels(dev, tag, src, names, options):
    """Builds `src` on `dev` and returns its kernels `names`; with DUMP set, also writes the
    program binary (PTX on NVIDIA) as DUMP/<tag>.ptx for `ptxas`/`cuobjdump`."""
    kernels = dev.kernels(src, names, options)
    if DUMP:
        os.makedirs(DUMP, exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9]+", "-", tag).strip("-")
        with open(os.path.join(DUMP, name + ".ptx"), "wb") as f:
            f.write(dev.last_binary.rstrip(b"\0"))
    return kernels


def calls(text, name):
    """(start, end, args) of each call `name(...)` in `text`, args split at top level."""
    out = []
    at = 0
    while True:
        start = text.find(name + "(", at)
        if start < 0:
            return out
        i = start + len(name) + 1
        depth, args, cur = 1, [], i
        while depth:
            ch = text[i]
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
            elif ch == "," and depth == 1:
                args.append(text[cur:i].strip())
                cur = i + 1
            i += 1
        args.append(text[cur:i - 1].strip())
        out.append((start, i, args))
        at = i


def unchecked_table_index(src):
    """`SOMD_INDEX(site, e, sums_len0)` -> `(e)`: the table index is not checked."""
    for start, end, args in reversed(calls(src, "SOMD_INDEX")):
        if args[2] == "sums_len0":
            src = src[:start] + "(" + args[1] + ")" + src[end:]
    return src


LOOP = re.compile(r"for \((long|uint|int) somd_f = \(\1\)get_global_id\(0\); "
                  r"somd_f < (?:\(\w+\))?somd_n; somd_f \+= \(\1\)get_global_size\(0\)\)")


def counter(src, ty):
    """The grid-stride loop's counter as `ty` (`int`, or `uint`, which does not wrap while
    `somd_n + global size <= 2^32`, as the host checks), whichever type it was emitted with
    (`long` before the eleventh session, `uint` since)."""
    assert LOOP.search(src), "grid-stride loop not found"
    return LOOP.sub(f"for ({ty} somd_f = ({ty})get_global_id(0); somd_f < ({ty})somd_n; "
                    f"somd_f += ({ty})get_global_size(0))", src)


def one_path(src):
    """Only the local-table path with known bounds: the other three copies are dead code."""
    a = "if (somd_in_local) {"
    b = "if (membership_len0 >= xs_len0 && ys_len0 >= xs_len0) {"
    assert a in src and b in src, "path tests not found"
    return src.replace(a, "if (1) {").replace(b, "if (1) {")


def grouped_checks(src):
    """In each iteration, the table indices are computed and checked together first: when all
    are in range the updates run unchecked, one after the other; otherwise the original
    checked sequence runs (so the failure reported is the one it reports). Source the
    writer emitted that way already (since the eleventh session) is returned as it is."""
    if "somd_gi" in src:
        return src
    out, at = [], 0
    while True:
        start = src.find("do {", at)
        if start < 0:
            out.append(src[at:])
            return "".join(out)
        end = src.find("} while (0);", start)
        block = src[start + 4:end]
        first = block.find("{")
        loads, updates = block[:first], block[first:]
        checks = [c for c in calls(updates, "SOMD_INDEX") if c[2][2] == "sums_len0"]
        if not checks:
            out.append(src[at:end])
            at = end
            continue
        names = [f"somd_g{j}" for j in range(len(checks))]
        fast = updates
        for (s0, e0, args), name in reversed(list(zip(checks, names))):
            fast = fast[:s0] + name + fast[e0:]
        hoist = "".join(f"const int {name} = {args[1]};\n"
                        for (_, _, args), name in zip(checks, names))
        test = " & ".join(f"((uint){name} < (uint)sums_len0)" for name in names)
        out.append(src[at:start] + "do {" + loads + hoist + f"if ({test}) {{\n" + fast
                   + "} else {\n" + updates + "}\n")
        at = end


def sums_variants(gen):
    return [
        ("generated", gen),
        ("int counter", counter(gen, "int")),
        ("uint counter", counter(gen, "uint")),
        ("unchecked table index", unchecked_table_index(gen)),
        ("grouped checks", grouped_checks(gen)),
        ("one path", one_path(gen)),
        ("all three", one_path(unchecked_table_index(counter(gen, "int")))),
        ("uint, grouped", grouped_checks(counter(gen, "uint"))),
        ("uint, grouped, one path", one_path(grouped_checks(counter(gen, "uint")))),
    ]


def hand_split(hand):
    """The hand `cluster_sums` reading `xs` and `ys` (as the SOMD method's parameters are)
    instead of one `int2` array."""
    src = hand.replace("__kernel void cluster_sums(__global const int2 *points,",
                       "__kernel void cluster_sums_split(__global const int *xs, "
                       "__global const int *ys,")
    at = src.index("cluster_sums_split")
    src = src[:at] + src[at:].replace("int2 p = points[i];", "int2 p = (int2)(xs[i], ys[i]);")
    assert "cluster_sums_split" in src and "xs[i], ys[i]" in src
    return src


def nearest_untiled(gen):
    return gen + r"""
__kernel void nearest_untiled(__global const Point *restrict arg0, __global Point *arg1,
        const int arg1_len0, __global int *somd_out, const int somd_n, SOMD_ERR_PARAM)
{
    const int i = (int)get_global_id(0);
    if (i < somd_n) {
        somd_out[i] = KMeans_nearest(arg0[i], arg1, arg1_len0, somd_err);
    }
}
"""


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    kdir = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 8_000_000
    k = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    dev = clrun.Device(os.environ.get("CL_DEVICE", ""))
    print(f"device: {dev.name} ({dev.platform_name}), {dev.compute_units} compute units; "
          f"n = {n}, k = {k}, {ROUNDS} rounds after {WARM} warm-up; "
          f"conditions: {os.environ.get('COLD') or 'back to back'}")
    with open(os.path.join(kdir, "KMeans_clusterSums.cl")) as f:
        gen_sums = f.read()
    with open(os.path.join(kdir, "map_KMeans_nearest.cl")) as f:
        gen_near = f.read()
    with open(os.path.join(ROOT, "bench", "clbaselines", "cl", "kmeans.cl")) as f:
        hand = f.read()
    pre = prelude()
    options = "-cl-std=CL1.2 -DSOMD_WIDTH=1"

    def build(tag, src, names):
        return build_kernels(dev, tag, src, names, options)

    i32 = ctypes.c_int32
    xs, ys = dev.buffer(4 * n), dev.buffer(4 * n)
    points, membership = dev.buffer(8 * n), dev.buffer(4 * n)
    init = dev.kernels(INIT, ["init"], options)["init"]
    dev.launch(init, [xs, ys, points, membership, i32(n), i32(k)], -(-n // LOCAL) * LOCAL, LOCAL)

    # clusterSums: the runtime's geometry (device/histogram.rs) and the hand host's
    # (clbaselines/kmeans.rs) agree: groups of 256, at most 4 per compute unit.
    entries = 3 * k
    words = 2 * entries
    groups = max(1, min(-(-n // LOCAL), 4 * dev.compute_units))
    partials = dev.buffer(4 * words * groups)
    hand_partials = dev.buffer(8 * entries * groups)
    err = dev.buffer(4 * 5)
    zero_err = bytes(20)

    def gen_args():
        return [xs, i32(n), ys, i32(n), membership, i32(n), i32(k), i32(entries),
                # 2: each group copies its table to its own slice (`SOMD_HIST_MERGE=0`'s
                # form), which `gen_result` folds; 1 would merge into slice 0.
                ctypes.c_int64(n), partials, clrun.Local(4 * words), i32(2), err]

    def gen_result():
        raw = dev.read(partials)
        w = [int.from_bytes(raw[4 * j:4 * j + 4], "little") for j in range(words * groups)]
        sums = [0] * entries
        for g in range(groups):
            t = w[g * words:(g + 1) * words]
            for e in range(entries):
                sums[e] = (sums[e] + (t[e] | (t[entries + e] << 32))) % (1 << 64)
        return sums

    def hand_result():
        raw = dev.read(hand_partials)
        sums = [0] * entries
        for g in range(groups):
            for e in range(entries):
                at = 8 * (g * entries + e)
                sums[e] = (sums[e] + int.from_bytes(raw[at:at + 8], "little")) % (1 << 64)
        return sums

    runs = []  # (label, kernel, args, global, result)
    for label, src in sums_variants(gen_sums):
        kern = build("sums " + label, pre + src, ["KMeans_clusterSums"])["KMeans_clusterSums"]
        runs.append(("clusterSums " + label, kern, gen_args, groups * LOCAL, gen_result))
    hand_k = build("hand", hand, ["cluster_sums", "nearest"])
    runs.append(("cluster_sums hand", hand_k["cluster_sums"],
                 lambda: [points, membership, i32(n), i32(k), hand_partials,
                          clrun.Local(4 * entries), clrun.Local(4 * entries)],
                 groups * LOCAL, hand_result))
    split = build("hand split", hand_split(hand), ["cluster_sums_split"])["cluster_sums_split"]
    runs.append(("cluster_sums hand, xs and ys", split,
                 lambda: [xs, ys, membership, i32(n), i32(k), hand_partials,
                          clrun.Local(4 * entries), clrun.Local(4 * entries)],
                 groups * LOCAL, hand_result))

    # nearest: one work-item per point, groups of 256 (both hosts).
    centres = dev.buffer(8 * k)
    dev.write(centres, b"".join(
        (c * 1000 + 7).to_bytes(4, "little", signed=True)
        + ((c % 3) * 1000 - 5).to_bytes(4, "little", signed=True) for c in range(k)))
    out = dev.buffer(4 * n)
    near_global = -(-n // LOCAL) * LOCAL
    near = build("nearest", pre + nearest_untiled(gen_near),
                 ["map_KMeans_nearest", "nearest_untiled"])
    near_args = lambda: [points, centres, i32(k), out, i32(n), err]  # noqa: E731
    near_result = lambda: dev.read(out)  # noqa: E731
    runs.append(("nearest generated (tiled)", near["map_KMeans_nearest"], near_args, near_global,
                 near_result))
    runs.append(("nearest generated, untiled", near["nearest_untiled"], near_args, near_global,
                 near_result))
    runs.append(("nearest hand", hand_k["nearest"],
                 lambda: [points, centres, i32(k), i32(n), out, clrun.Local(8 * k)],
                 near_global, near_result))

    # Check: every variant's result equals the first of its kernel's (the generated one).
    reference = {}
    for label, kern, args, gsize, result in runs:
        dev.write(err, zero_err)
        dev.launch(kern, args(), gsize, LOCAL)
        got = result()
        errs = dev.read(err)
        assert errs == zero_err, f"{label}: error buffer {errs.hex()}"
        key = label.split()[0].replace("cluster_sums", "clusterSums")
        if key in reference:
            assert got == reference[key], f"{label}: result differs from {key} generated"
        else:
            reference[key] = got
        print(f"checked: {label}", file=sys.stderr)
    if "clusterSums" in reference:
        print(f"cluster sums (x, y, count of cluster 0): {reference['clusterSums'][:3]}")

    select = re.compile(os.environ.get("SELECT", ""))
    runs = [r for r in runs if select.search(r[0])]
    # COLD: the conditions of a launch inside a program, which the back-to-back launches
    # above lack: `idle` (the device idle for IDLE_S before each launch, as while the host
    # computes), `upload` (the kernel's inputs written from the host right before it, as a
    # SOMD call's arguments are), `flush` (the L2 cache evicted by a 256 MB write first).
    cold = os.environ.get("COLD", "")
    host_copies = {}
    if cold == "upload":
        for buf in (xs, ys, points, membership):
            host_copies[id(buf)] = dev.read(buf)
    if cold == "flush":
        scratch = dev.buffer(256 << 20)
        fill = dev.kernels("__kernel void fill(__global uint *a) { a[get_global_id(0)] = "
                           "(uint)get_global_id(0); }", ["fill"], options)["fill"]
    idle = float(os.environ.get("IDLE_S", "0.1"))

    def prepare(args):
        if cold == "idle":
            time.sleep(idle)
        elif cold == "upload":
            for a in args:
                if id(a) in host_copies:
                    dev.write(a, host_copies[id(a)])
            dev.finish()
        elif cold == "flush":
            dev.launch(fill, [scratch], (256 << 20) // 4, LOCAL)

    times = {label: [] for label, *_ in runs}
    for r in range(WARM + ROUNDS):
        for label, kern, args, gsize, _ in runs:
            a = args()
            if cold:
                prepare(a)
            ns = dev.launch(kern, a, gsize, LOCAL)
            if r >= WARM:
                times[label].append(ns)
    base = {}
    print()
    print(f"| kernel variant | median ms | min ms | max ms | against generated |")
    print("| --- | --- | --- | --- | --- |")
    for label, *_ in runs:
        t = times[label]
        med = statistics.median(t) / 1e6
        key = label.split()[0].replace("cluster_sums", "clusterSums")
        base.setdefault(key, med)
        print(f"| {label} | {med:.4f} | {min(t) / 1e6:.4f} | {max(t) / 1e6:.4f} | "
              f"{med / base[key]:.3f} |")


if __name__ == "__main__":
    main()
