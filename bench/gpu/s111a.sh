#!/usr/bin/env bash
# Session 111, one device call (carry .gpu-carry/bench-stage.tar.xz, staged at 613ce043 as
# baselines.sh's header says): the whole harness (bench/gpu/s10-final.sh, REPS=3), the
# first since the ninety-ninth session, after the stop checks, long copies in blocks and
# signed steps of sessions 100 to 110.
set -u
mkdir -p "$OUT"
start=$(date +%s)
OUT=$OUT NAME=all111 REPS=${REPS:-3} HARNESS_LIMIT=${HARNESS_LIMIT:-540} bash bench/gpu/s10-final.sh
echo "harness took $(( $(date +%s) - start )) s"
