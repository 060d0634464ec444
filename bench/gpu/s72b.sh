#!/usr/bin/env bash
# Session 72, second device call: bench/gpu/programs/s71parts.somd (the seventy-first
# session's parts; its `widen` part is a graph whose `char` filter feeds an `int` filter)
# built by the session-start compiler and runtime (`s71parts_old`, at 667b21fd) and the
# session's (`s71parts_new`, batches left on the device joined before the next filter):
# five interleaved rounds of each under SOMD_DEVICE=opencl (NVIDIA ICD only), then one
# traced run of each for the calls of each filter.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
C=${CARRY:-.gpu-carry/s72b}
chmod +x $C/s71parts_*
ICDS=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
mkdir -p /tmp/icd-nv
for f in $ICDS/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
ARGS=${PARTS_ARGS:-16000000 30 4000 200000}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "threads $(nproc)"
    echo "== s71parts $ARGS"
    for round in 1 2 3 4 5; do
        for v in old new; do
            start=$(date +%s%N)
            OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl timeout 300 $C/s71parts_$v $ARGS > /tmp/fz.out 2> /tmp/fz.err
            end=$(date +%s%N)
            echo "round $round $v opencl: $(tr '\n' ' ' < /tmp/fz.out) process $(( (end - start) / 1000000 )) ms $(head -c 200 /tmp/fz.err)"
        done
    done
    for v in old new; do
        OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_TRACE=json timeout 300 $C/s71parts_$v $ARGS > /tmp/fz.out 2> /tmp/fz.trace
        echo "traced $v: $(tr '\n' ' ' < /tmp/fz.out)"
        python3 bench/gpu/call_totals.py /tmp/fz.trace
        python3 bench/gpu/trace_bytes.py /tmp/fz.trace
    done
} 2>&1 | tee "$FINAL/s72b.txt"
