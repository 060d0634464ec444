#!/usr/bin/env python3
"""Session 52 on the GPU machine: the generated samples built at the session's start ("old",
85fcd49) against the session's ("new"), and "new" with SOMD_HUGEPAGES=0 ("new-4k"), one
binary each, interleaved in every round. Process wall time, medians [min-max] of REPS
rounds; every output compared with the first.

With TRACED=1, a second table: the "new" build under SOMD_DEVICE=opencl SOMD_TRACE=json
with and without SOMD_HUGEPAGES=0, the device calls' wall time summed from the trace
(kernels and transfers, as bench/gpu/gpu_run.py's "GPU calls" column), for the samples whose
arrays are large.

Here: /tmp/ab-stage/{old,new}/NAME (stripped release builds of samples/NAME.somd), packed
as .gpu-carry/ab.tar.xz. There: OUT=... python3 bench/gpu/s52-ab.py
"""
import json, os, statistics, subprocess, sys, time

SIZES = {
    "vectoradd": ["20000000"], "series": ["10000"], "sor": ["1500", "100"],
    "crypt": ["20000000"], "sparsematmult": ["100000", "200"], "lufact": ["1000"],
    "nbody": ["4096", "10"], "nbody_double": ["4096", "10"], "mosaic": ["6000", "6000"],
    "cp": ["2000", "512"], "mriq": ["16384", "2048"], "allpairs": ["1000", "1000", "1000"],
    "saxpy": ["20000000"], "blackscholes": ["8000000"], "kmeans": ["8000000", "8", "1"],
    "montecarlo": ["8192", "10000"],
}
SEQ = ["vectoradd", "saxpy", "crypt", "kmeans", "blackscholes", "mosaic"]
STAGE = os.environ.get("STAGE", "/tmp/ab-stage")
REPS = int(os.environ.get("REPS", "3"))
VARIANTS = [("old", "old", {}), ("new", "new", {}), ("new-4k", "new", {"SOMD_HUGEPAGES": "0"})]


def run(build, name, device, extra):
    env = dict(os.environ, SOMD_DEVICE=device, **extra)
    started = time.perf_counter()
    p = subprocess.run([f"{STAGE}/{build}/{name}"] + SIZES[name], env=env,
                       capture_output=True, text=True, timeout=120)
    return (time.perf_counter() - started) * 1e3, p.returncode, p.stdout


def cell(values):
    return f"{statistics.median(values):.1f} [{min(values):.1f}-{max(values):.1f}]"


def calls_ms(stderr):
    total = 0.0
    for line in stderr.splitlines():
        if line.startswith("{"):
            event = json.loads(line)
            if event.get("event") == "call":
                total += (event.get("wall_ns") or 0) / 1e6
    return total


if os.environ.get("TRACED") == "1":
    print("| sample | device calls ms, huge pages | device calls ms, SOMD_HUGEPAGES=0 | ratio |")
    print("| --- | --- | --- | --- |")
    for name in ["vectoradd", "saxpy", "crypt", "kmeans", "blackscholes", "sparsematmult"]:
        times = {"huge": [], "4k": []}
        for _ in range(REPS):
            for label, extra in [("huge", {}), ("4k", {"SOMD_HUGEPAGES": "0"})]:
                env = dict(os.environ, SOMD_DEVICE="opencl", SOMD_TRACE="json", **extra)
                p = subprocess.run([f"{STAGE}/new/{name}"] + SIZES[name], env=env,
                                   capture_output=True, text=True, timeout=120)
                times[label].append(calls_ms(p.stderr))
        ratio = statistics.median(times["huge"]) / max(statistics.median(times["4k"]), 1e-9)
        print(f"| {name} | {cell(times['huge'])} | {cell(times['4k'])} | {ratio:.3f} |",
              flush=True)
    sys.exit(0)

print("| sample | device | old ms | new ms | new, SOMD_HUGEPAGES=0 ms | new / old | outputs |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for device in ["cpu", "opencl", "seq"]:
    for name in SIZES:
        if device == "seq" and name not in SEQ:
            continue
        times = {v[0]: [] for v in VARIANTS}
        outs, bad = set(), []
        for _ in range(REPS):
            for label, build, extra in VARIANTS:
                ms, rc, out = run(build, name, device, extra)
                times[label].append(ms)
                outs.add(out)
                if rc != 0:
                    bad.append(f"{label} exit {rc}")
        ratio = statistics.median(times["new"]) / statistics.median(times["old"])
        same = "same" if len(outs) == 1 and not bad else f"DIFFER {bad}"
        print(f"| {name} | {device} | {cell(times['old'])} | {cell(times['new'])} | "
              f"{cell(times['new-4k'])} | {ratio:.3f} | {same} |", flush=True)
