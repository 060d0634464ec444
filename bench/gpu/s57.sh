#!/usr/bin/env bash
# Session 57, one device call: the e2e suite and the samples under SOMD_DEVICE=opencl
# SOMD_STRICT=1 (run.sh's suite, staged as its header says into .gpu-carry/stage.tar.xz),
# then the Lime N-Body as Figure 2 writes it (`nbody_listing`: `float[[]][[4]]` particles,
# each force a `float[[3]]`, now a struct of lanes on the device) against the same
# simulation with value classes (`nbody`), GPU against the machine's cores, 16384 bodies,
# 5 steps, 5 repetitions each.
set -u
FINAL=${OUT:-gpu-results}
export OUT=/tmp/s57-results
STAGE=/tmp/gpu-stage
mkdir -p "$OUT" "$STAGE" && tar xJf .gpu-carry/stage.tar.xz -C "$STAGE" || exit 1
export STAGE
SCRIPT_LIMIT=${SCRIPT_LIMIT:-420} bench/gpu/run.sh --reps 5 \
  --bench "nbody_listing 16384 5" --bench "nbody 16384 5"
# Only a few files come back from a device call: the summaries, and the rest packed.
mkdir -p "$FINAL"
cp "$OUT/suite.txt" "$OUT/perf.md" "$OUT/env.txt" "$FINAL/" 2>/dev/null
tar cJf "$FINAL/all.tar.xz" -C "$OUT" .
