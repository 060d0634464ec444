#!/usr/bin/env bash
# Session 45 on the GPU: the staged e2e suite (suite-only.sh; stage as its header says),
# then bench/gpu/programs/ragged_map.somd and fresh_rect.somd built before the session
# (849a5b6: a value matrix of short rows packed into one temporary before its upload, its
# narrow range read whole) and after it, in interleaved rounds, the new builds on the CPU
# back end too; and one traced run of each new build for every call's transfers.
# Carries .gpu-carry: stage.tar.xz, s45-bench.tar.xz ({ragged_map,fresh_rect}-{old,new}).
# Writes under OUT: suite.txt (the suite's summary), rounds.txt, calls-*.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
RM=${RM:-"1048576 64 7"}
FR=${FR:-"1048576 32 7"}
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s45-suite bash bench/gpu/suite-only.sh > /tmp/s45-suite.log 2>&1
    echo "suite: exit $?"
    cp /tmp/s45-suite/suite.txt "$OUT/suite.txt" 2>/dev/null
    tail -3 "$OUT/suite.txt" 2>/dev/null
fi
B=/tmp/s45-bench
mkdir -p "$B" && tar xJf .gpu-carry/s45-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "ragged_map args: $RM; fresh_rect args: $FR"
    for round in 1 2 3; do
        for v in old new; do
            echo "round $round ragged_map $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 \
                "$B/ragged_map-$v" $RM | tr '\n' ' ')"
            echo "round $round fresh_rect $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 \
                "$B/fresh_rect-$v" $FR | tr '\n' ' ')"
        done
        echo "round $round ragged_map new cpu: $(SOMD_DEVICE=cpu timeout 120 \
            "$B/ragged_map-new" $RM | tr '\n' ' ')"
        echo "round $round fresh_rect new cpu: $(SOMD_DEVICE=cpu timeout 120 \
            "$B/fresh_rect-new" $FR | tr '\n' ' ')"
    done
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
for p in ragged_map fresh_rect; do
    args=$RM
    [ $p = fresh_rect ] && args=$FR
    SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 "$B/$p-new" $args > /dev/null 2> /tmp/s45.trace
    python3 bench/gpu/call_totals.py /tmp/s45.trace > "$OUT/calls-$p.txt" 2>&1
    cat "$OUT/calls-$p.txt"
done
