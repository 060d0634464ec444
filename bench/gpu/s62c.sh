#!/usr/bin/env bash
# Session 62, third device call: programs changed after the suite's staging, built here at
# cb1507d1 (.gpu-carry/s62c: each binary with its Java twin's expected output), under
# SOMD_DEVICE=opencl SOMD_STRICT=1 on the GPU, with the trace's device calls: histogram
# tables updated with `-=` (and the histogram programs beside them), and the `@` of
# distinct mapped objects after the probe 37 fix.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
export OUT=$FINAL
. bench/gpu/icd.sh > /dev/null
C=.gpu-carry/s62c
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in device_hist_sub device_histogram device_histogram_long map_distinct_objects; do
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
