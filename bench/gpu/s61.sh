#!/usr/bin/env bash
# Session 61, one device call: map_rows (.gpu-carry/map_rows, built at the commit whose
# keeping loops mark the elements they store), whose `rect` matrix the loop writes one
# element of per round: before, no scope kept it and every call uploaded its 128 MiB; now
# the loop keeps it and each call sends the rows stored since the previous one. Rounds on
# the GPU (kept), the GPU with `SOMD_KEEP=off` (every call uploads, as before the session)
# and the CPU back end, then one default `auto` run and one traced GPU run.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
export OUT=$FINAL
. bench/gpu/icd.sh > /dev/null
MR=${MR:-"1048576 64 7"}
{
    bench/gpu/rounds.sh .gpu-carry/map_rows "$MR"
    echo "auto (second call of each site onwards measured): $(timeout 120 .gpu-carry/map_rows $MR \
        | tr '\n' ' ')"
} > "$FINAL/rounds.txt" 2>&1
SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 .gpu-carry/map_rows $MR > /dev/null 2> /tmp/s61.trace
python3 bench/gpu/call_totals.py /tmp/s61.trace >> "$FINAL/rounds.txt" 2>&1
cat "$FINAL/rounds.txt"
