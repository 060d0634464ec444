#!/usr/bin/env bash
# Session 43, second bench call: ragged_private.somd at a size the build before the session
# (96c4211) finishes (each `!` of `digits` was a device reduction of its own on the CPU
# path), three interleaved rounds, the new build on the CPU back end too; then one traced
# run of each build. Carries .gpu-carry/s43-bench.tar.xz. Writes OUT/rounds.txt, calls.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
B=/tmp/s43-bench
mkdir -p "$B" && tar xJf .gpu-carry/s43-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
ARGS=${ARGS:-"14 5 4096"}
{
    echo "ragged_private args: $ARGS"
    for round in 1 2 3; do
        for v in old new; do
            echo "round $round $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 100 \
                "$B/ragged_private-$v" $ARGS | tr '\n' ' ')"
        done
        echo "round $round new cpu: $(SOMD_DEVICE=cpu timeout 100 "$B/ragged_private-new" $ARGS \
            | tr '\n' ' ')"
    done
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
for v in old new; do
    SOMD_DEVICE=opencl SOMD_TRACE=json timeout 100 "$B/ragged_private-$v" 14 1 4096 \
        > /dev/null 2> /tmp/s43b.trace
    echo "ragged_private $v:"
    python3 bench/gpu/call_totals.py /tmp/s43b.trace
done > "$OUT/calls.txt" 2>&1
cat "$OUT/calls.txt"
