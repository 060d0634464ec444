#!/usr/bin/env python3
"""Kernel time per kernel, generated against hand-written OpenCL (docs/performance.md).

The harness reports one kernel total per run; this splits it by kernel, so that a ratio
can be attributed to the kernel that makes it. Run on the device machine from the
repository root with the bench stage unpacked in STAGE (bench/gpu/baselines.sh):
    kernel_times.py STAGE 'NAME ARGS' ...
For each benchmark, REPS runs (default 3) of `gen-NAME` under `SOMD_DEVICE=opencl
SOMD_TRACE=json` (the runtime's `launch` events: kernel name and profiled ns) and of
`somd-clbaseline NAME` under `CLBASE_KERNELS=1` (its `clbase kernel` lines). Prints a
Markdown table: per kernel, launches and the median over runs of its summed time in ms.
"""
import json
import os
import re
import statistics
import subprocess
import sys

REPS = int(os.environ.get("REPS", "3"))


def gen_run(stage, name, args):
    env = dict(os.environ, SOMD_DEVICE="opencl", SOMD_TRACE="json", SOMD_STRICT="1")
    done = subprocess.run([os.path.join(stage, f"gen-{name}"), *args], env=env,
                          capture_output=True, text=True, timeout=300)
    kernels = {}
    for line in done.stderr.splitlines():
        if not line.startswith("{"):
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        if event.get("event") == "launch" and event.get("kernel_ns") is not None:
            entry = kernels.setdefault(event["name"], [0, 0])
            entry[0] += 1
            entry[1] += event["kernel_ns"]
    return done.returncode, kernels


def hand_run(stage, name, args):
    env = dict(os.environ, SOMD_DEVICE="opencl", CLBASE_KERNELS="1")
    done = subprocess.run([os.path.join(stage, "somd-clbaseline"), name, *args], env=env,
                          capture_output=True, text=True, timeout=300)
    kernels = {}
    for m in re.finditer(r"clbase kernel name=(\S*) launches=(\d+) ns=(\d+)", done.stderr):
        kernels[m.group(1) or "?"] = [int(m.group(2)), int(m.group(3))]
    return done.returncode, kernels


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    stage = sys.argv[1]
    print("| benchmark | variant | kernel | launches | ms (median of %d) | share |" % REPS)
    print("| --- | --- | --- | --- | --- | --- |")
    for spec in sys.argv[2:]:
        name, *args = spec.split()
        for variant, run in (("gen opencl", gen_run), ("hand opencl", hand_run)):
            times, launches, codes = {}, {}, set()
            for _ in range(REPS):
                code, kernels = run(stage, name, args)
                codes.add(code)
                for kernel, (count, ns) in kernels.items():
                    times.setdefault(kernel, []).append(ns / 1e6)
                    launches[kernel] = count
            total = sum(statistics.median(v) for v in times.values())
            if codes != {0}:
                print(f"| {spec} | {variant} | (exit {sorted(codes)}) | | | |")
            for kernel in sorted(times, key=lambda k: -statistics.median(times[k])):
                ms = statistics.median(times[kernel])
                share = f"{ms / total:.0%}" if total > 0 else "n/a"
                print(f"| {spec} | {variant} | {kernel} | {launches[kernel]} | {ms:.3f} | {share} |")
            print(f"| {spec} | {variant} | **total** | {sum(launches.values())} | {total:.3f} | |")


if __name__ == "__main__":
    main()
