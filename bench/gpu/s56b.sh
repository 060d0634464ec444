#!/usr/bin/env bash
# Session 56, second device call: the programs changed or added after the first call's
# staging (.gpu-carry/stage2.tar.xz, a filtered stage of the e2e suite and two samples)
# under run.sh's suite (SOMD_DEVICE=opencl SOMD_STRICT=1), SparseMatMult and Vector Add
# GPU against the 16 cores (SparseMatMult's wrapper now evaluates its strategy's argument
# before choosing a placement), then exc_data_loop_balanced under SOMD_DEVICE=cpu with 2,
# 16 and 64 threads after the change that takes an MI at every check once a balanced call
# has stalled.
set -u
FINAL=${OUT:-gpu-results}
export OUT=/tmp/s56b-results
export STAGE=/tmp/gpu-stage2
mkdir -p "$OUT" "$STAGE" && tar xJf .gpu-carry/stage2.tar.xz -C "$STAGE" || exit 1
SCRIPT_LIMIT=${SCRIPT_LIMIT:-300} bench/gpu/run.sh --reps 5 \
  --bench "sparsematmult 100000 200" --bench "vectoradd 20000000" > "$OUT/run.txt" 2>&1
grep -E "^suite|FAIL|^perf" "$OUT/run.txt" | head -20
bench/gpu/balanced_times.sh "$STAGE" "$OUT"
mkdir -p "$FINAL"
cp "$OUT/suite.txt" "$OUT/perf.md" "$OUT/balanced.md" "$FINAL/" 2>/dev/null
tar cJf "$FINAL/all.tar.xz" -C "$OUT" .
