#!/usr/bin/env bash
# One device call of the thirteenth session: the e2e suite on the GPU (suite-only.sh:
# every program with SOMD_DEVICE=opencl SOMD_STRICT=1 against its Java twin's output), then
# the harness (s10-final.sh) for the benchmarks named by FILTERS (default: K-Means, whose
# CPU partitions of value arrays became windows this session). Carries
# .gpu-carry/stage.tar.xz and .gpu-carry/bench-stage.tar.xz (stage: the e2e stage of
# `SOMD_E2E_STAGE=DIR cargo test -p somd-tests --test run stage_`, and the bench stage of
# baselines.sh's header).
#   OUT=results REPS=3 FILTERS="kmeans" bench/gpu/s13.sh
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
OUT=$OUT/suite bash bench/gpu/suite-only.sh > /dev/null 2>&1
echo "suite exit $?"; tail -4 "$OUT/suite/suite.txt" 2>/dev/null
tar cJf "$OUT/suite13.tar.xz" -C "$OUT" suite && rm -rf "$OUT/suite"
args=()
for f in ${FILTERS:-kmeans}; do args+=(--filter "$f"); done
OUT=$OUT NAME=${NAME:-final13} REPS=${REPS:-3} bash bench/gpu/s10-final.sh "${args[@]}"
