#!/usr/bin/env bash
# Session 58, one device call: the e2e suite and the samples under SOMD_DEVICE=opencl
# SOMD_STRICT=1 (run.sh's suite, staged as its header says into .gpu-carry/stage.tar.xz),
# then the A/B of 2-D kernels indexing a matrix in `long` (3f75fa9: `m[(long)(i) * m_len1 +
# (j)]`) against the `int` index of before (`sample_sorold`, `sample_stencilold`: the same
# programs with their 2-D accesses rewritten back by bench/gpu/s58-int-index.sh), 5 rounds.
set -u
FINAL=${OUT:-gpu-results}
export OUT=/tmp/s58-results
STAGE=/tmp/gpu-stage
mkdir -p "$OUT" "$STAGE" && tar xJf .gpu-carry/stage.tar.xz -C "$STAGE" || exit 1
export STAGE
SCRIPT_LIMIT=${SCRIPT_LIMIT:-420} bench/gpu/run.sh --reps 5 \
  --bench "sor 4000 100" --bench "sorold 4000 100" \
  --bench "stencil 8192 20" --bench "stencilold 8192 20"
# Only a few files come back from a device call: the summaries, and the rest packed.
mkdir -p "$FINAL"
cp "$OUT/suite.txt" "$OUT/perf.md" "$OUT/env.txt" "$FINAL/" 2>/dev/null
tar cJf "$FINAL/all.tar.xz" -C "$OUT" .
