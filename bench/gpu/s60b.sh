#!/usr/bin/env bash
# Session 60, second device call: map_rows (.gpu-carry/map_rows, built after the kept
# matrix's shape and packed layout were remembered for its keep scope) as in s60.sh's
# rounds: GPU with the keep, GPU with `SOMD_KEEP=off`, the CPU back end; five rounds.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
. bench/gpu/icd.sh > /dev/null
B=.gpu-carry/map_rows
chmod +x "$B"
MR=${MR:-"1048576 64 7"}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "map_rows args: $MR; threads $(nproc)"
    for round in 1 2 3 4 5; do
        echo "round $round opencl: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 "$B" $MR \
            | tr '\n' ' ')"
        echo "round $round opencl-keep-off: $(SOMD_KEEP=off SOMD_DEVICE=opencl SOMD_STRICT=1 \
            timeout 120 "$B" $MR | tr '\n' ' ')"
        echo "round $round cpu: $(SOMD_DEVICE=cpu timeout 120 "$B" $MR | tr '\n' ' ')"
    done
    echo "auto (second call of each site onwards measured): $(timeout 120 "$B" $MR | tr '\n' ' ')"
} > "$FINAL/rounds-b.txt" 2>&1
SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 "$B" $MR > /dev/null 2> /tmp/s60b.trace
python3 bench/gpu/call_totals.py /tmp/s60b.trace >> "$FINAL/rounds-b.txt" 2>&1
cat "$FINAL/rounds-b.txt"
