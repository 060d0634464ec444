#!/usr/bin/env bash
# One device call (eighth session): the e2e suite on the GPU (suite-only.sh), then kernel
# time per kernel of the benchmarks this session changed, each with the switch that undoes
# the change on the same binary (SOMD_WIDEN=1: one element per work-item; SOMD_NARROW=off:
# int storage of value arrays), and the driver's per-call costs (somd-clbaseline costs).
# Stage as run.sh and baselines.sh say (.gpu-carry/stage.tar.xz, bench-stage.tar.xz).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT/suite"
OUT="$OUT/suite" SCRIPT_LIMIT=${SCRIPT_LIMIT:-300} bench/gpu/suite-only.sh > "$OUT/suite/run.txt" 2>&1
tail -3 "$OUT/suite/run.txt"
STAGE=/tmp/bench-stage
mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" && chmod +x "$STAGE"/*
. bench/gpu/icd.sh
kt() { tag=$1; shift; env "$@" REPS=3 timeout 120 python3 bench/gpu/kernel_times.py "$STAGE" \
  'saxpy 20000000' 'vectoradd 20000000' 'blackscholes 8000000' 'crypt 20000000' \
  'mosaic 6000 6000' > "$OUT/kt-$tag.md" 2>&1; }
kt default SOMD_KEEP=on
kt widen-1 SOMD_WIDEN=1
kt narrow-off SOMD_NARROW=off
"$STAGE/somd-clbaseline" costs > "$OUT/costs.txt" 2>&1
for f in "$OUT"/kt-*.md "$OUT/costs.txt"; do echo "## $f"; cat "$f"; done
tar cJf "$OUT/switches.tar.xz" -C "$OUT" suite $(cd "$OUT" && ls kt-*.md costs.txt) && rm -rf "$OUT/suite"
