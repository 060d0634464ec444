#!/usr/bin/env bash
# Session 51 on the GPU, one call: the staged e2e suite at the session's code
# (suite-only.sh; stage as its header says), then the samples whose kernels are `@` maps
# or `!` reductions against the 16 cores, now that a `@` or `!` run on the CPU reports its
# time (`cpu_call`): gpu_run.py's "CPU-16 calls" column covers them (before, n/a for
# N-Body, Mosaic and Pipeline, SOMD calls alone for Monte Carlo and Black-Scholes).
# Carries .gpu-carry/stage.tar.xz. Writes under OUT: suite.txt, kernels.txt, perf/.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s51-suite bash bench/gpu/suite-only.sh > /tmp/s51-suite.log 2>&1
echo "suite: exit $?"
cp /tmp/s51-suite/suite.txt /tmp/s51-suite/kernels.txt /tmp/s51-suite/env.txt "$OUT/" 2>/dev/null
tail -3 "$OUT/suite.txt" 2>/dev/null
mkdir -p "$OUT/perf"
STAGE=/tmp/gpu-stage OUT="$OUT/perf" SCRIPT_LIMIT=240 bash bench/gpu/run.sh --skip-suite --reps 3 \
    --bench "nbody 4096 10" --bench "nbody_double 4096 10" --bench "mosaic 1024 4096" \
    --bench "pipeline 2000" --bench "montecarlo 8192 10000" --bench "blackscholes 4000000" \
    > /tmp/s51-perf.log 2>&1
echo "perf: exit $?"
cat "$OUT/perf/perf.md"
