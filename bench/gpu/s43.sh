#!/usr/bin/env bash
# Session 43 on the GPU: the staged e2e suite (suite-only.sh; stage as its header says),
# then bench/gpu/programs/ragged_private.somd and array_folds.somd built before the session
# (96c4211: a device filter's batches held at most its edge's 64 items, a batch of value
# arrays of different lengths ran on the CPU, and a `!` over a private array or a row
# `c[x][y]` kept its function on the CPU) and after it, in interleaved rounds, the new
# build on the CPU back end too; and one traced run of each build of ragged_private for
# every call's placement, launches and work-items.
# Carries .gpu-carry: stage.tar.xz, s43-bench.tar.xz ({ragged_private,array_folds}-{old,new}).
# Writes under OUT: suite.txt (the suite's summary), rounds.txt, calls.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
RP=${RP:-"22 7 65536"}
AF=${AF:-"16 64 7 65536"}
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s43-suite bash bench/gpu/suite-only.sh > /tmp/s43-suite.log 2>&1
    echo "suite: exit $?"
    cp /tmp/s43-suite/suite.txt "$OUT/suite.txt" 2>/dev/null
    tail -3 "$OUT/suite.txt" 2>/dev/null
fi
B=/tmp/s43-bench
mkdir -p "$B" && tar xJf .gpu-carry/s43-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "ragged_private args: $RP; array_folds args: $AF"
    for round in 1 2 3; do
        for p in ragged_private array_folds; do
            [ "$p" = ragged_private ] && ARGS=$RP || ARGS=$AF
            for v in old new; do
                echo "round $round $p $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 \
                    "$B/$p-$v" $ARGS | tr '\n' ' ')"
            done
            echo "round $round $p new cpu: $(SOMD_DEVICE=cpu timeout 120 \
                "$B/$p-new" $ARGS | tr '\n' ' ')"
        done
    done
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
for v in old new; do
    SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 "$B/ragged_private-$v" $RP \
        > /dev/null 2> /tmp/s43.trace
    echo "ragged_private $v:"
    python3 bench/gpu/call_totals.py /tmp/s43.trace
done > "$OUT/calls.txt" 2>&1
cat "$OUT/calls.txt"
