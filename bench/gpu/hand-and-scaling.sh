#!/usr/bin/env bash
# One device call: generated against hand-written baselines on every benchmark
# (baselines.sh: seq, cpu and rayon on all cores, generated and hand-tuned OpenCL), then the
# CPU back end's scaling for the speed-up goals (Series at JavaGrande's class B,
# N-Body), on all cores and on two cores (taskset). Stage as baselines.sh's header says.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
HARNESS_LIMIT=${HARNESS_LIMIT:-330} REPS=${REPS:-3} bench/gpu/baselines.sh
STAGE=/tmp/bench-stage
timeout 100 "$STAGE/somd-bench" --prebuilt "$STAGE" --device seq,cpu --threads 1,16 --reps 3 \
  --warmups 1 --filter series --filter nbody --args 'series=100000' \
  --json "$OUT/scaling16.json" > "$OUT/scaling16.md" 2> "$OUT/scaling16.log"
echo "scaling 16 exit $?"; cat "$OUT/scaling16.md"
timeout 100 taskset -c 0,1 "$STAGE/somd-bench" --prebuilt "$STAGE" --device seq,cpu \
  --threads 1,2 --reps 3 --warmups 1 --filter series --filter nbody \
  --json "$OUT/scaling2.json" > "$OUT/scaling2.md" 2> "$OUT/scaling2.log"
echo "scaling 2 (taskset 0,1) exit $?"; cat "$OUT/scaling2.md"
