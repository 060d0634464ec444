#!/usr/bin/env bash
# One device call: widened elementwise kernels (SOMD_WIDEN) on the GPU, generated against
# hand-written OpenCL for the benchmarks they touch, each width on the same binaries, then
# kernel time per kernel at the default width and at 1. Stage as baselines.sh says.
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
STAGE=/tmp/bench-stage; mkdir -p $STAGE && tar xJf .gpu-carry/bench-stage.tar.xz -C $STAGE && chmod +x $STAGE/*
. bench/gpu/icd.sh
for w in 4 1 2 8; do
  SOMD_WIDEN=$w timeout 150 "$STAGE/somd-bench" --prebuilt "$STAGE" --device opencl \
    --reps "${REPS:-5}" --warmups 1 --filter saxpy --filter vectoradd --filter mriq \
    --json "$OUT/widen-$w.json" > "$OUT/widen-$w.md" 2> "$OUT/widen-$w.log"
  echo "width $w: exit $?"
done
for w in 4 1; do
  SOMD_WIDEN=$w REPS=3 timeout 100 python3 bench/gpu/kernel_times.py "$STAGE" \
    'saxpy 20000000' 'vectoradd 20000000' 'mriq 16384 2048' 'blackscholes 8000000' > "$OUT/kt-widen-$w.md" 2>&1
done
for f in "$OUT"/kt-widen-*.md; do echo "## $f"; cat "$f"; done
