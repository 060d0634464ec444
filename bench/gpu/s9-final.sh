#!/usr/bin/env bash
# One device call (ninth session, final): generated against hand-written OpenCL and the
# CPU back end against rayon, every benchmark (baselines.sh, REPS=3, variants in a shuffled
# order each round), results packed into one archive. Stage as baselines.sh's header says.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT/final"
OUT="$OUT/final" REPS=${REPS:-3} HARNESS_LIMIT=${HARNESS_LIMIT:-540} bench/gpu/baselines.sh > /dev/null 2>&1
echo "baselines exit $?"
cat "$OUT/final/opencl.md"
tar cJf "$OUT/final.tar.xz" -C "$OUT" final && rm -rf "$OUT/final"
