#!/usr/bin/env bash
# Session 64, device calls 1 and 2 (2: CPU calls summed too) (binaries built here, .gpu-carry/s64):
# 1. programs added this session against their Java twins' output on the GPU (NVIDIA ICD
#    only): indexed array creations as private arrays, loop idioms on the device, nested
#    SOMD calls (CPU: a partition of the calling MI), value-array copies;
# 2. bench/gpu/programs/idioms.somd 4000000 10 (a decrement-in-test Black-Scholes sum and a
#    two-declaration `for` map; before the session both ran on the CPU only): five
#    interleaved rounds of SOMD_DEVICE=cpu (16 threads) and opencl, each call's wall time
#    from SOMD_TRACE=json.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
export OUT=$FINAL
. bench/gpu/icd.sh > /dev/null
C=.gpu-carry/s64
chmod +x $C/idioms $C/device_indexed_tables $C/device_loop_idioms $C/somd_nested_call $C/value_array_copy
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
export OCL_ICD_VENDORS=/tmp/icd-nv
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "threads $(nproc)"
    echo "== programs"
    for p in device_indexed_tables device_loop_idioms somd_nested_call value_array_copy; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json timeout 120 $C/$p > /tmp/$p.out 2> /tmp/$p.trace
        status=$?
        same=$(cmp -s /tmp/$p.out $C/$p.expected && echo same || echo DIFFERENT)
        err=$(grep -v '^{' /tmp/$p.trace | head -1)
        experr=$(cat $C/$p.experr 2>/dev/null)
        [ "$err" == "$experr" ] && errsame=same || errsame="DIFFERENT ($err)"
        calls=$(grep -c '"event":"call"' /tmp/$p.trace)
        devices=$(grep -o '"device":"NVIDIA[^"]*"' /tmp/$p.trace | sort -u | tr '\n' ' ')
        echo "$p: status $status, output $same as Java, stderr $errsame, $calls device calls on $devices"
        python3 bench/gpu/call_totals.py /tmp/$p.trace
    done
    echo "== idioms 4000000 10"
    for round in 1 2 3 4 5; do
        for dev in cpu opencl; do
            start=$(date +%s%N)
            SOMD_DEVICE=$dev SOMD_TRACE=json timeout 120 $C/idioms 4000000 10 > /tmp/id.out 2> /tmp/id.trace
            end=$(date +%s%N)
            echo "round $round $dev: $(cat /tmp/id.out), process $(( (end - start) / 1000000 )) ms"
            python3 bench/gpu/call_totals.py /tmp/id.trace
        done
    done
} > "$FINAL/s64.txt" 2>&1
cat "$FINAL/s64.txt"
