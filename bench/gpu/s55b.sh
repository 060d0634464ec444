#!/usr/bin/env bash
# Session 55, second device call: the programs changed after the first call's staging
# (.gpu-carry/stage2.tar.xz: a filtered stage of the e2e suite) under run.sh's suite, then
# SOR's CPU path with and without the halo check of its view stores (prebuilt/sor_old:
# samples/sor.somd as the compiler wrote it before the check, sor_new: after; both on the
# same runtime), `sor 2000 100` under SOMD_DEVICE=cpu on every core, seven rounds each,
# interleaved: process wall time (the timed call dominates it). Writes OUT/suite.txt
# (run.sh's files) and OUT/sor_ab.md.
set -u
export OUT=${OUT:-gpu-results}
export STAGE=/tmp/gpu-stage2
mkdir -p "$OUT" "$STAGE" && tar xJf .gpu-carry/stage2.tar.xz -C "$STAGE" || exit 1
SCRIPT_LIMIT=${SCRIPT_LIMIT:-120} bench/gpu/run.sh --reps 1 --bench "vectoradd 1000" > "$OUT/run.txt" 2>&1
grep -E "^suite|^FAIL|^  " "$OUT/run.txt" | head -40
python3 - "$OUT/sor_ab.md" <<'PY'
import os, statistics, subprocess, sys, time
s = os.environ["STAGE"] + "/prebuilt/"
times = {"old": [], "new": []}
outs = set()
for _ in range(7):
    for v in ("old", "new"):
        env = dict(os.environ, SOMD_DEVICE="cpu")
        t = time.perf_counter()
        p = subprocess.run([s + "sor_" + v, "2000", "100"], env=env, capture_output=True, text=True, timeout=120)
        times[v].append((time.perf_counter() - t) * 1e3)
        outs.add((v, p.returncode, p.stdout.strip()))
with open(sys.argv[1], "w") as f:
    f.write("| SOR 2000 100, SOMD_DEVICE=cpu | process ms, median [range] of 7 |\n| --- | --- |\n")
    for v, ts in times.items():
        f.write(f"| {v} | {statistics.median(ts):.1f} [{min(ts):.1f}-{max(ts):.1f}] |\n")
    f.write(f"\nratio new/old of medians: {statistics.median(times['new']) / statistics.median(times['old']):.3f}\n")
    f.write(f"outputs: {sorted(outs)}\n")
print(open(sys.argv[1]).read())
PY
