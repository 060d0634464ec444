#!/usr/bin/env bash
# Session 65, device call 1 (binaries built here, .gpu-carry/s65):
# 1. programs added this session against their Java twins' output on the GPU (NVIDIA ICD
#    only): sync reduce blocks with local accumulators, narrow intermediate reductions,
#    lanes of returned vectors, flattened rows (and their first failure), qualified names,
#    and the CPU's first-failure order (run under SOMD_DEVICE=opencl: their methods run on
#    the GPU where eligible, and under SOMD_DEVICE=cpu with 16 threads);
# 2. bench/gpu/programs/flat_rows.somd 4096 4096 10 (a stencil over a flattened image,
#    before the session CPU only): five interleaved rounds of SOMD_DEVICE=cpu (16 threads)
#    and opencl, each call's wall time from SOMD_TRACE=json.
# Call 2 reran part 1 on programs the session's review changed: CARRY=.gpu-carry/s65b
# PROGRAMS="device_loop_idioms device_keep_results qualified_names_obscured" NOBENCH=1.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
export OUT=$FINAL
. bench/gpu/icd.sh > /dev/null
C=${CARRY:-.gpu-carry/s65}
chmod +x $C/*
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
export OCL_ICD_VENDORS=/tmp/icd-nv
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "threads $(nproc)"
    echo "== programs"
    for p in ${PROGRAMS:-device_sync_local_acc device_intermediate_narrow device_vector_call_lanes \
        device_flat_rows exc_flat_rows qualified_names exc_first_of_many_sync_block \
        exc_order_if_block exc_order_step_bound exc_order_down_local exc_order_rows_down_if}; do
        for dev in opencl cpu; do
            SOMD_DEVICE=$dev SOMD_STRICT=1 SOMD_TRACE=json timeout 120 $C/$p $(cat $C/$p.args) > /tmp/$p.out 2> /tmp/$p.trace
            status=$?
            same=$(cmp -s /tmp/$p.out $C/$p.expected && echo same || echo DIFFERENT)
            err=$(grep -v '^{' /tmp/$p.trace | head -1)
            experr=$(cat $C/$p.experr 2>/dev/null)
            [ "$err" == "$experr" ] && errsame=same || errsame="DIFFERENT ($err)"
            calls=$(grep -c '"event":"call"' /tmp/$p.trace)
            devices=$(grep -o '"device":"NVIDIA[^"]*"' /tmp/$p.trace | sort -u | tr '\n' ' ')
            echo "$p ($dev): status $status, output $same as Java, stderr $errsame, $calls device calls on $devices"
            [ $dev == opencl ] && python3 bench/gpu/call_totals.py /tmp/$p.trace
        done
    done
    if [ -z "${NOBENCH:-}" ]; then
        echo "== flat_rows 4096 4096 10"
        for round in 1 2 3 4 5; do
            for dev in cpu opencl; do
                start=$(date +%s%N)
                SOMD_DEVICE=$dev SOMD_TRACE=json timeout 120 $C/flat_rows 4096 4096 10 > /tmp/fr.out 2> /tmp/fr.trace
                end=$(date +%s%N)
                echo "round $round $dev: $(cat /tmp/fr.out), process $(( (end - start) / 1000000 )) ms"
                python3 bench/gpu/call_totals.py /tmp/fr.trace
            done
        done
    fi
} > "$FINAL/s65.txt" 2>&1
cat "$FINAL/s65.txt"
