#!/usr/bin/env bash
# Session 62, second device call: the e2e suite and the samples under SOMD_DEVICE=opencl
# SOMD_STRICT=1 (run.sh's suite, staged as its header says into .gpu-carry/stage.tar.xz at
# 38583460: buffers in size classes, a `@` writing distinct mapped objects side by side,
# workers of host tasks calling the device, the third dimension of `dist` geometry, scalar
# built-ins in host statements).
set -u
FINAL=${OUT:-gpu-results}
export OUT=/tmp/s62-results
STAGE=/tmp/gpu-stage
mkdir -p "$OUT" "$STAGE" && tar xJf .gpu-carry/stage.tar.xz -C "$STAGE" || exit 1
export STAGE
SCRIPT_LIMIT=${SCRIPT_LIMIT:-400} bench/gpu/run.sh --reps 3 --bench "montecarlo 8192 10000"
# Only a few files come back from a device call: the summaries, and the rest packed.
mkdir -p "$FINAL"
cp "$OUT/suite.txt" "$OUT/perf.md" "$OUT/env.txt" "$FINAL/" 2>/dev/null
tar cJf "$FINAL/all.tar.xz" -C "$OUT" .
tail -5 "$OUT/suite.txt"
