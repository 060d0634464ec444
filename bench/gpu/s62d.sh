#!/usr/bin/env bash
# Session 62, fourth device call: programs changed after the third call, built here at
# c59cabe1 (.gpu-carry/s62d: each binary with its Java twin's expected output), under
# SOMD_DEVICE=opencl SOMD_STRICT=1 on the GPU, with the trace's device calls: histogram
# updates reading the table's length, and the `-=` histograms again.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
export OUT=$FINAL
. bench/gpu/icd.sh > /dev/null
C=.gpu-carry/s62d
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in device_hist_length device_hist_sub; do
        chmod +x $C/$p
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json timeout 120 $C/$p > /tmp/$p.out 2> /tmp/$p.trace
        status=$?
        same=$(cmp -s /tmp/$p.out $C/$p.expected && echo same || echo DIFFERENT)
        calls=$(grep -c '"event":"call"' /tmp/$p.trace)
        devices=$(grep -o '"device":"NVIDIA[^"]*"' /tmp/$p.trace | sort -u | tr '\n' ' ')
        echo "$p: status $status, output $same as Java, $calls device calls on $devices"
    done
} > "$FINAL/programs.txt" 2>&1
cat "$FINAL/programs.txt"
