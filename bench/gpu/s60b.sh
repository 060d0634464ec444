#!/usr/bin/env bash
# Session 60, second device call: map_rows (.gpu-carry/map_rows, built after the kept
# matrix's shape and packed layout were remembered for its keep scope) as in s60.sh's
# rounds: GPU with the keep, GPU with `SOMD_KEEP=off`, the CPU back end; five rounds.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
. bench/gpu/icd.sh > /dev/null
MR=${MR:-"1048576 64 7"}
{
    bench/gpu/rounds.sh .gpu-carry/map_rows "$MR"
    echo "auto (second call of each site onwards measured): $(timeout 120 .gpu-carry/map_rows $MR \
        | tr '\n' ' ')"
} > "$FINAL/rounds-b.txt" 2>&1
SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 .gpu-carry/map_rows $MR > /dev/null 2> /tmp/s60b.trace
python3 bench/gpu/call_totals.py /tmp/s60b.trace >> "$FINAL/rounds-b.txt" 2>&1
cat "$FINAL/rounds-b.txt"
