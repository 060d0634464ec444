#!/usr/bin/env bash
# Session 64, third and fourth device calls (binaries built here, .gpu-carry/s64c): the programs of the
# session's later changes against their Java twins' output on the GPU (NVIDIA ICD only):
# vector fields read in place and objects of vectors as holders, a 2-D nest bounded by a
# prelude local, folds under branches and four folds in one target (one work-item each),
# and nested SOMD calls after the W0309 change.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
export OUT=$FINAL
. bench/gpu/icd.sh > /dev/null
C=.gpu-carry/s64c
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
export OCL_ICD_VENDORS=/tmp/icd-nv
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in device_vector_fields device_loop_idioms device_nested_branches somd_nested_call; do
        chmod +x $C/$p
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
} > "$FINAL/s64c.txt" 2>&1
cat "$FINAL/s64c.txt"
