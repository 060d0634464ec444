#!/usr/bin/env bash
# Session 44 on the GPU: the staged e2e suite (suite-only.sh; stage as its header says),
# then bench/gpu/programs/ragged_map.somd built before the session (92ef9b0: a `@` over a
# ragged 2-D value array ran on the CPU) and after it, in interleaved rounds, the new build
# on the CPU back end too; and one traced run of the new build for every call's transfers.
# Carries .gpu-carry: stage.tar.xz, s44-bench.tar.xz (ragged_map-{old,new}).
# Writes under OUT: suite.txt (the suite's summary), rounds.txt, calls.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
RM=${RM:-"1048576 64 7"}
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s44-suite bash bench/gpu/suite-only.sh > /tmp/s44-suite.log 2>&1
    echo "suite: exit $?"
    cp /tmp/s44-suite/suite.txt "$OUT/suite.txt" 2>/dev/null
    tail -3 "$OUT/suite.txt" 2>/dev/null
fi
B=/tmp/s44-bench
mkdir -p "$B" && tar xJf .gpu-carry/s44-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "ragged_map args: $RM"
    for round in 1 2 3; do
        for v in old new; do
            echo "round $round $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 \
                "$B/ragged_map-$v" $RM | tr '\n' ' ')"
        done
        echo "round $round new cpu: $(SOMD_DEVICE=cpu timeout 120 \
            "$B/ragged_map-new" $RM | tr '\n' ' ')"
    done
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 "$B/ragged_map-new" $RM \
    > /dev/null 2> /tmp/s44.trace
python3 bench/gpu/call_totals.py /tmp/s44.trace > "$OUT/calls.txt" 2>&1
cat "$OUT/calls.txt"
