#!/usr/bin/env bash
# Session 46, second program: bench/gpu/programs/ragged_map.somd built with the runtime of
# c4fd820 ("new" in s46.sh) and with the ragged offsets computed on the pool ("offsets"),
# five interleaved rounds, then one traced run of each.
# Carries .gpu-carry/s46b-bench.tar.xz (ragged_map-{new,offsets}). Writes under OUT:
# rounds.txt, calls-*.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
ARGS=${RM:-"1048576 64 7"}
B=/tmp/s46b-bench
mkdir -p "$B" && tar xJf .gpu-carry/s46b-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "ragged_map args: $ARGS"
    for round in 1 2 3 4 5; do
        for v in new offsets; do
            echo "round $round $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 \
                "$B/ragged_map-$v" $ARGS | tr '\n' ' ')"
        done
    done
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
for v in new offsets; do
    SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 "$B/ragged_map-$v" $ARGS > /dev/null \
        2> /tmp/s46b.trace
    python3 bench/gpu/call_totals.py /tmp/s46b.trace > "$OUT/calls-$v.txt" 2>&1
    echo "== $v"
    cat "$OUT/calls-$v.txt"
done
