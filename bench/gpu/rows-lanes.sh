#!/usr/bin/env bash
# LUFact's row scopes and lanes form, SparseMatMult's run heads (seventh session), on the
# GPU machine with the bench stage carried (.gpu-carry/bench-stage.tar.xz, as
# bench/gpu/baselines.sh). Each switch is measured on one binary:
#   SOMD_ROWS=off         every eliminate call moves the whole matrix
#   SOMD_LANES=1          one work-item per column (as before the lanes form)
#   SOMD_SEGMENT_RUNS=0   one work-item per nonzero
# Results under $OUT: bl/ (harness tables, both benchmarks), kt-*.md (kernel time per
# kernel), trace-*.txt (one traced LUFact call), ident.txt (outputs of each setting).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
chmod +x "$STAGE"/*
. bench/gpu/icd.sh
OUT="$OUT/bl" REPS=${REPS:-5} HARNESS_LIMIT=300 bench/gpu/baselines.sh --filter lufact --filter sparsematmult > /dev/null 2>&1
for setting in "" SOMD_LANES=1 SOMD_ROWS=off; do
  tag=${setting:-default}
  env $setting REPS=3 timeout 120 python3 bench/gpu/kernel_times.py "$STAGE" 'lufact 1000' > "$OUT/kt-lufact-$tag.md" 2>&1
  { echo "== $tag"; env $setting SOMD_DEVICE=opencl timeout 60 "$STAGE/gen-lufact" 1000; } >> "$OUT/ident.txt" 2>&1
  env $setting SOMD_DEVICE=opencl SOMD_TRACE=1 timeout 60 "$STAGE/gen-lufact" 1000 2>&1 | grep "call name" | sed -n '2p;500p' > "$OUT/trace-lufact-$tag.txt"
  ( env $setting SOMD_DEVICE=opencl bash -c "time $STAGE/gen-lufact 1000" ) 2>> "$OUT/ident.txt" >/dev/null
done
for setting in "" SOMD_SEGMENT_RUNS=0; do
  tag=${setting:-default}
  env $setting REPS=5 timeout 150 python3 bench/gpu/kernel_times.py "$STAGE" 'sparsematmult 100000 200' > "$OUT/kt-sparse-$tag.md" 2>&1
  { echo "== $tag"; env $setting SOMD_DEVICE=opencl timeout 60 "$STAGE/gen-sparsematmult" 100000 200; } >> "$OUT/ident.txt" 2>&1
done
cat "$OUT/bl/opencl.md" | grep -E "lufact|sparsematmult"
for f in "$OUT"/kt-*.md "$OUT"/trace-*.txt "$OUT/ident.txt"; do echo "## $f"; cat "$f"; done
