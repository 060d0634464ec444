#!/usr/bin/env bash
# Session 56, one device call: the e2e suite under SOMD_DEVICE=opencl SOMD_STRICT=1 (run.sh's
# suite, staged as its header says into .gpu-carry/stage.tar.xz); the harness on SOR and
# Series (their wrappers now test a `dist` matrix for ragged rows before splitting it),
# CPU against GPU; then the balanced call whose every thread loops on data Java never
# reaches (exc_data_loop_balanced) on the machine's cores under SOMD_DEVICE=cpu with 2, 16
# and 64 threads: exit status, the exception's position and the process time.
set -u
FINAL=${OUT:-gpu-results}
export OUT=/tmp/s56-results
STAGE=/tmp/gpu-stage
mkdir -p "$OUT" "$STAGE" && tar xJf .gpu-carry/stage.tar.xz -C "$STAGE" || exit 1
export STAGE
SCRIPT_LIMIT=${SCRIPT_LIMIT:-330} bench/gpu/run.sh --reps 5 \
  --bench "series 10000" --bench "sor 2000 100"
bench/gpu/balanced_times.sh "$STAGE" "$OUT"
# Only a few files come back from a device call: the summaries, and the rest packed.
mkdir -p "$FINAL"
cp "$OUT/suite.txt" "$OUT/perf.md" "$OUT/bench.md" "$OUT/balanced.md" "$FINAL/" 2>/dev/null
tar cJf "$FINAL/all.tar.xz" -C "$OUT" .
