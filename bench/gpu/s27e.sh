#!/usr/bin/env bash
# Session 27 on the GPU, fifth call, at f820631 (two sizes of staging buffer): the staged e2e
# suite (suite-only.sh; stage as run.sh's header says), then bench/gpu/s27d.sh with its
# binaries rebuilt at f820631 (.gpu-carry/s27d.tar.xz): the staging defaults against one
# copying thread and 4 MiB buffers.
# Writes under OUT: suite.log, s27d.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s27e-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
bash bench/gpu/s27d.sh
