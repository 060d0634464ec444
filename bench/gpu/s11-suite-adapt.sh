#!/usr/bin/env bash
# One device call of the eleventh session: the e2e suite on the GPU (suite-only.sh), the
# adaptive `auto` comparison (s11-adapt.sh, with the two e2e programs of its part 2 taken
# from the e2e stage) and the 16-core scaling (s10-scaling.sh). Carries
# .gpu-carry/stage.tar.xz and .gpu-carry/bench-stage.tar.xz (stage as /tmp/stage.sh does:
# the e2e stage of `cargo test -p somd-tests --test run stage_` and the bench stage).
#   OUT=results bench/gpu/s11-suite-adapt.sh
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
OUT=$OUT/suite bash bench/gpu/suite-only.sh > /dev/null 2>&1
echo "suite exit $?"; tail -4 "$OUT/suite/suite.txt" 2>/dev/null
S=/tmp/bench-stage; mkdir -p $S && tar xJf .gpu-carry/bench-stage.tar.xz -C $S && chmod +x $S/*
cp /tmp/gpu-stage/bin/e2e_device_adapt_groups /tmp/gpu-stage/bin/e2e_device_adapt_tasks $S/ 2>/dev/null
OUT=$OUT/adapt STAGE=$S timeout 200 bash bench/gpu/s11-adapt.sh > /dev/null 2>&1
echo "adapt exit $?"; cat "$OUT/adapt/adapt.md" 2>/dev/null
OUT=$OUT ROUNDS=${ROUNDS:-9} timeout 200 bash bench/gpu/s10-scaling.sh > /dev/null 2>&1
echo "scaling exit $?"; cat "$OUT/scaling.txt"
tar cJf "$OUT/suite-adapt.tar.xz" -C "$OUT" suite adapt && rm -rf "$OUT/suite" "$OUT/adapt"
