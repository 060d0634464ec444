#!/usr/bin/env bash
# Session 55, one device call: the e2e suite under SOMD_DEVICE=opencl SOMD_STRICT=1 (run.sh's
# suite, staged as its header says into .gpu-carry/stage.tar.xz), then the harness on Series
# (whose `while (--nsteps > 0)` loop no longer carries the failure check, walk::counted) and
# SOR (whose CPU stores into its views are checked against the halo), CPU against GPU.
set -u
export OUT=${OUT:-gpu-results}
STAGE=/tmp/gpu-stage
mkdir -p "$OUT" "$STAGE" && tar xJf .gpu-carry/stage.tar.xz -C "$STAGE" || exit 1
export STAGE
SCRIPT_LIMIT=${SCRIPT_LIMIT:-330} bench/gpu/run.sh --reps 5 \
  --bench "series 10000" --bench "sor 2000 100"
