#!/usr/bin/env bash
# Session 49 on the GPU, second call: tests/run/device_pinned staged at the session's final
# runtime (`SOMD_E2E_FILTER=device_pinned SOMD_E2E_STAGE=/tmp/mini cargo test --release -p
# somd-tests --test run stage_`, packed into .gpu-carry/mini.tar.xz), run by gpu_run.py,
# then the whole harness, three rounds (s10-final.sh, limited to 420 s; stage as
# baselines.sh's header says).
# Carries .gpu-carry: mini.tar.xz, bench-stage.tar.xz.
# Writes under OUT: suite.txt, all49.tar.xz (opencl.md, opencl.json, opencl.log).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT" /tmp/mini
. bench/gpu/icd.sh
tar xJf .gpu-carry/mini.tar.xz -C /tmp/mini && python3 bench/gpu/gpu_run.py --stage /tmp/mini --out "$OUT"
echo "mini: exit $?"
tail -3 "$OUT/suite.txt" 2>/dev/null
OUT=$OUT NAME=all49 REPS=3 HARNESS_LIMIT=420 bash bench/gpu/s10-final.sh
