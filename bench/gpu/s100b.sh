#!/usr/bin/env bash
# Session 100, the whole harness (bench/gpu/s10-final.sh, REPS=3) with every benchmark
# staged after the loop versioning of bounds checks (carry .gpu-carry/bench-stage.tar.xz,
# staged as baselines.sh's header says).
set -u
mkdir -p "$OUT"
OUT=$OUT NAME=all100 REPS=${REPS:-3} HARNESS_LIMIT=${HARNESS_LIMIT:-520} bash bench/gpu/s10-final.sh
