#!/usr/bin/env bash
# Session 111, the second device call (carry .gpu-carry/bench-stage.tar.xz as for
# bench/gpu/s111a.sh): the harness's other eight benchmarks (`nbody` and `nbody_double`
# ran in the first call).
set -u
mkdir -p "$OUT"
start=$(date +%s)
OUT=$OUT NAME=all111b REPS=${REPS:-3} HARNESS_LIMIT=${HARNESS_LIMIT:-540} \
  bash bench/gpu/s10-final.sh --filter cp --filter allpairs --filter blackscholes \
  --filter kmeans --filter montecarlo --filter mriq --filter saxpy
echo "took $(( $(date +%s) - start )) s"
