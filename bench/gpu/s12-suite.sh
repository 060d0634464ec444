#!/usr/bin/env bash
# One device call of the twelfth session: the e2e suite on the GPU (suite-only.sh), the
# 16-core scaling (s10-scaling.sh) and, when staged, the dist value matrices
# (s12-distv.sh). Carries .gpu-carry/stage.tar.xz and .gpu-carry/bench-stage.tar.xz (stage as
# /tmp/stage.sh does: the e2e stage of `cargo test -p somd-tests --test run stage_` and the
# bench stage), and .gpu-carry/s12-distv-stage.tar.xz if present.
#   OUT=results bench/gpu/s12-suite.sh
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
OUT=$OUT/suite bash bench/gpu/suite-only.sh > /dev/null 2>&1
echo "suite exit $?"; tail -4 "$OUT/suite/suite.txt" 2>/dev/null
OUT=$OUT ROUNDS=${ROUNDS:-9} timeout 200 bash bench/gpu/s10-scaling.sh > /dev/null 2>&1
echo "scaling exit $?"; cat "$OUT/scaling.txt"
if [[ -f .gpu-carry/s12-distv-stage.tar.xz ]]; then
  OUT=$OUT/distv timeout 120 bash bench/gpu/s12-distv.sh > /dev/null 2>&1
  echo "distv exit $?"; cat "$OUT"/distv/*.txt 2>/dev/null | tail -20
fi
tar cJf "$OUT/suite12.tar.xz" -C "$OUT" suite $(ls -d "$OUT/distv" 2>/dev/null | xargs -r -n1 basename) && rm -rf "$OUT/suite" "$OUT/distv"
