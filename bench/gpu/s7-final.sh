#!/usr/bin/env bash
# One device call (seventh session, final): generated against hand-written OpenCL and the
# CPU back end against rayon, every benchmark (baselines.sh, REPS=3), then kernel time per
# kernel of the benchmarks this session changed, with the switches that undo each change
# on the same binary (SOMD_COARSEN=0: one element per work-item in reductions;
# SOMD_LANES=1; SOMD_SEGMENT_RUNS=0). Stage as baselines.sh's header says.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT/final"
OUT="$OUT/final" REPS=${REPS:-3} HARNESS_LIMIT=${HARNESS_LIMIT:-420} bench/gpu/baselines.sh > /dev/null 2>&1
echo "baselines exit $?"
STAGE=/tmp/bench-stage
. bench/gpu/icd.sh
kt() { tag=$1; shift; env "$@" REPS=3 timeout 100 python3 bench/gpu/kernel_times.py "$STAGE" \
  'blackscholes 8000000' 'kmeans 8000000 8 1' 'mriq 16384 2048' > "$OUT/kt-$tag.md" 2>&1; }
kt coarsen-auto SOMD_KEEP=on
kt coarsen-0 SOMD_COARSEN=0
kt coarsen-4 SOMD_COARSEN=4
SOMD_DEVICE=opencl SOMD_TRACE=json timeout 30 "$STAGE/gen-blackscholes" 8000000 2>&1 >/dev/null \
  | grep '"launch"' > "$OUT/bs-launches.txt"
grep -E "^\| [a-z_]+ \|" "$OUT/final/opencl.md" | head -200 > /dev/null
cat "$OUT/final/opencl.md"
for f in "$OUT"/kt-*.md; do echo "## $f"; cat "$f"; done
head -5 "$OUT/bs-launches.txt"
