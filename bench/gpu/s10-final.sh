#!/usr/bin/env bash
# Tenth session: generated against hand-written OpenCL and the CPU back end against rayon
# (baselines.sh: variants in a shuffled order each round; end to end from plain runs, kernel
# times from instrumented ones), for the benchmarks named by the filters given (every
# benchmark when none is given), results packed into one archive under $OUT/NAME.tar.xz.
# Stage as baselines.sh's header says.
#   OUT=results NAME=part1 REPS=3 bench/gpu/s10-final.sh --filter lufact --filter sparse
set -u
OUT=${OUT:-gpu-results}
NAME=${NAME:-final}
mkdir -p "$OUT/$NAME"
OUT="$OUT/$NAME" REPS=${REPS:-3} HARNESS_LIMIT=${HARNESS_LIMIT:-540} \
  bench/gpu/baselines.sh "$@" > /dev/null 2>&1
echo "baselines exit $?"
cat "$OUT/$NAME/opencl.md"
tail -3 "$OUT/$NAME/opencl.log"
tar cJf "$OUT/$NAME.tar.xz" -C "$OUT" "$NAME" && rm -rf "$OUT/$NAME"
