#!/usr/bin/env bash
# One device call: the e2e suite and the samples' GPU-vs-16-core table (run.sh), then where
# the time of a GPU process goes (profile.py: discovery, context, build, calls, exit) for
# the samples with device kernels. Stage as run.sh's header says (.gpu-carry/stage.tar.xz).
set -u
OUT=${OUT:-gpu-results}
STAGE=/tmp/gpu-stage
mkdir -p "$OUT" "$STAGE" && tar xJf .gpu-carry/stage.tar.xz -C "$STAGE" || exit 1
export STAGE
SCRIPT_LIMIT=${SCRIPT_LIMIT:-330} bench/gpu/run.sh \
  --bench "vectoradd 20000000" --bench "saxpy 20000000" --bench "sum 50000000" \
  --bench "normalize 20000000" --bench "blackscholes 4000000" \
  --bench "montecarlo 8192 10000" --bench "nbody 4096 10" --bench "kmeans 1000000 8 10" \
  --bench "series 10000" --bench "sor 1500 100" --bench "crypt 20000000" \
  --bench "cp 2000 512" --bench "mriq 16384 2048"
. bench/gpu/icd.sh
REPS=3 timeout 150 python3 bench/gpu/profile.py "$STAGE" 'sample_vectoradd 20000000' \
  'sample_montecarlo 8192 10000' 'sample_series 10000' 'sample_crypt 20000000' \
  'sample_sor 1500 100' | tee "$OUT/profile.md"
