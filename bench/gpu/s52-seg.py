#!/usr/bin/env python3
"""Session 52: SparseMatMult on the CPU, the build of the session's start ("old", 85fcd49:
a whole-length partial per MI, added by the reduction) against the shared-table segmented
sum ("new"), at 2, 4, 8 and 16 threads, interleaved. Per run: the sum of the trace's
cpu_call time (the 200 calls) and the process wall time; medians [min-max] of REPS rounds.

Here: /tmp/ab2/{old,new}/sparsematmult (stripped), packed as .gpu-carry/ab2.tar.xz.
There: python3 bench/gpu/s52-seg.py
"""
import json, os, statistics, subprocess, time

STAGE = os.environ.get("STAGE", "/tmp/ab2")
REPS = int(os.environ.get("REPS", "5"))
ARGS = ["100000", "200"]


def run(build, threads):
    env = dict(os.environ, SOMD_DEVICE="cpu", SOMD_THREADS=str(threads), SOMD_TRACE="json")
    started = time.perf_counter()
    p = subprocess.run([f"{STAGE}/{build}/sparsematmult"] + ARGS, env=env,
                       capture_output=True, text=True, timeout=120)
    wall = (time.perf_counter() - started) * 1e3
    calls = sum(json.loads(l).get("time_ms", 0.0) for l in p.stderr.splitlines()
                if l.startswith("{"))
    return calls, wall, p.stdout


def cell(values):
    return f"{statistics.median(values):.1f} [{min(values):.1f}-{max(values):.1f}]"


print("| threads | old calls ms | new calls ms | new / old | old wall ms | new wall ms | outputs |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for threads in [2, 4, 8, 16]:
    calls = {"old": [], "new": []}
    wall = {"old": [], "new": []}
    outs = set()
    for _ in range(REPS):
        for build in ("old", "new"):
            c, w, out = run(build, threads)
            calls[build].append(c)
            wall[build].append(w)
            outs.add(out)
    ratio = statistics.median(calls["new"]) / statistics.median(calls["old"])
    print(f"| {threads} | {cell(calls['old'])} | {cell(calls['new'])} | {ratio:.3f} | "
          f"{cell(wall['old'])} | {cell(wall['new'])} | "
          f"{'same' if len(outs) == 1 else 'DIFFER'} |", flush=True)
