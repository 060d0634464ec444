#!/usr/bin/env bash
# Session 54, one device call: the e2e suite under SOMD_DEVICE=opencl SOMD_STRICT=1 (run.sh's
# suite, staged as its header says into .gpu-carry/stage.tar.xz, with the stripped build of
# bench/gpu/s54-vec.somd added as prebuilt/s54_vec), then s54_vec ROWS CALLS (default
# 4000000 10) under SOMD_DEVICE=cpu (all cores) and opencl, five rounds each, interleaved:
# per method (`pullVec` over `float[[4]]` rows held as vectors, `pullRows` over a
# `float[][]`), its first call and the median of the later calls from SOMD_TRACE=json (CPU:
# `cpu_call` time_ms; device: the call's wall_ns, kernel_ns, bytes_h2d). Writes OUT/suite.txt
# (run.sh's files) and OUT/vec.md.
set -u
export OUT=${OUT:-gpu-results}
# The suite as suite-only.sh runs it (it unpacks the stage into /tmp/gpu-stage).
bash bench/gpu/suite-only.sh
export STAGE=/tmp/gpu-stage
. bench/gpu/icd.sh
python3 - "$OUT/vec.md" <<'PY'
import json, os, statistics, subprocess, sys
args = [os.environ["STAGE"] + "/prebuilt/s54_vec"] + os.environ.get("VEC", "4000000 10").split()
names = ["Main.pullVec", "Main.pullRows"]
rows = {(dev, n): [] for dev in ("cpu", "opencl") for n in names}
outs = set()
for _ in range(5):
    for dev in ("cpu", "opencl"):
        env = dict(os.environ, SOMD_DEVICE=dev, SOMD_TRACE="json")
        p = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120)
        outs.add((dev, p.returncode, p.stdout.strip()))
        calls = {n: [] for n in names}
        for line in p.stderr.splitlines():
            if not line.startswith("{"):
                continue
            e = json.loads(line)
            if e.get("event") == "cpu_call" and e.get("method") in calls:
                calls[e["method"]].append((e.get("time_ms") or 0, 0.0, 0))
            if e.get("event") == "call" and e.get("name") in calls:
                calls[e["name"]].append(((e.get("wall_ns") or 0) / 1e6,
                                         (e.get("kernel_ns") or 0) / 1e6, e.get("bytes_h2d") or 0))
        for n in names:
            rows[(dev, n)].append(calls[n])
med = statistics.median
with open(sys.argv[1], "w") as f:
    f.write("| device | method | first call ms | later calls ms (median [range]) | kernel ms | bytes up, later calls |\n")
    f.write("| --- | --- | --- | --- | --- | --- |\n")
    for (dev, n), runs in rows.items():
        firsts = [r[0][0] for r in runs if r]
        later = [c[0] for r in runs for c in r[1:]]
        kern = [c[1] for r in runs for c in r[1:]]
        up = sorted({c[2] for r in runs for c in r[1:]})
        if not later:
            f.write(f"| {dev} | {n} | - | - | - | - |\n")
            continue
        f.write(f"| {dev} | {n} | {med(firsts):.2f} | {med(later):.2f} [{min(later):.2f}-{max(later):.2f}] | "
                f"{med(kern):.3f} | {up} |\n")
    f.write(f"\noutputs: {sorted(outs)}\n")
print(open(sys.argv[1]).read())
PY
