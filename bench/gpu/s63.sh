#!/usr/bin/env bash
# Session 63, first device call (binaries built here at 9ce95c45, .gpu-carry/s63):
# 1. the runtime's failure-protocol tests on the NVIDIA platform alone (64-bit keys need
#    cl_khr_int64_extended_atomics there);
# 2. wide_keys: a reduce(+) over a byte[70000][65537] (4.6e9 iterations, past 2^32) that
#    fails in rows 65600 (/ by zero) and 69000 (index 5 past a table of 3), on seq, the
#    16-thread CPU and the GPU, with the runtime before 64-bit keys (wide_keys_old) beside;
# 3. programs changed this session against their Java twins' output on the GPU.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
export OUT=$FINAL
. bench/gpu/icd.sh > /dev/null
C=.gpu-carry/s63
chmod +x $C/opencl_device $C/wide_keys $C/wide_keys_old $C/device_private_value $C/dist_dim3 $C/null_conditional
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    mkdir -p /tmp/icd-nv
    for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
        grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
    done
    echo "== runtime failure tests, NVIDIA only ($(ls /tmp/icd-nv))"
    OCL_ICD_VENDORS=/tmp/icd-nv SOMD_REQUIRE_OPENCL=1 timeout 300 $C/opencl_device \
        --test-threads=1 failures_past the_first_failing an_earlier the_log the_head \
        bounds_failure division_by_zero 2>&1 | grep -v "^$"
    echo "== wide_keys 70000 65537 65600 69000"
    for run in "seq wide_keys" "cpu wide_keys" "opencl wide_keys" "opencl wide_keys_old"; do
        set -- $run
        start=$(date +%s%N)
        SOMD_DEVICE=$1 SOMD_STRICT=1 SOMD_TRACE=1 timeout 400 $C/$2 70000 65537 65600 69000 \
            > /tmp/wk.out 2> /tmp/wk.err
        status=$?
        end=$(date +%s%N)
        echo "-- $2 on $1: status $status, $(( (end - start) / 1000000 )) ms"
        cat /tmp/wk.out
        grep -v "trace:" /tmp/wk.err | head -2
        grep -E "trace: (call|placement)" /tmp/wk.err | sed 's/device="[^"]*" //' | head -4
    done
    echo "== programs"
    for p in device_private_value dist_dim3 null_conditional; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json timeout 120 $C/$p > /tmp/$p.out 2> /tmp/$p.trace
        status=$?
        same=$(cmp -s /tmp/$p.out $C/$p.expected && echo same || echo DIFFERENT)
        err=$(grep -v '^{' /tmp/$p.trace | head -1)
        experr=$(cat $C/$p.experr 2>/dev/null)
        [ "$err" == "$experr" ] && errsame=same || errsame="DIFFERENT ($err)"
        calls=$(grep -c '"event":"call"' /tmp/$p.trace)
        devices=$(grep -o '"device":"NVIDIA[^"]*"' /tmp/$p.trace | sort -u | tr '\n' ' ')
        echo "$p: status $status, output $same as Java, stderr $errsame, $calls device calls on $devices"
    done
} > "$FINAL/s63.txt" 2>&1
cat "$FINAL/s63.txt"
