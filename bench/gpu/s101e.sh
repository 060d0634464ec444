#!/usr/bin/env bash
# Session 101, the whole harness (bench/gpu/s10-final.sh, REPS=3) with every benchmark
# staged at 888c154f (this session's range tests and long indices; carry
# .gpu-carry/bench-stage.tar.xz, staged as baselines.sh's header says).
set -u
mkdir -p "$OUT"
OUT=$OUT NAME=all101 REPS=${REPS:-3} HARNESS_LIMIT=${HARNESS_LIMIT:-520} bash bench/gpu/s10-final.sh
