#!/usr/bin/env bash
# Session 72, one device call (binaries built here into $CARRY with the session's
# buildcarry script; the e2e programs touched this session staged as bench/gpu/run.sh's
# header says, filtered by SOMD_E2E_FILTER, in $CARRY/stage.tar.xz):
# 1. the staged programs under SOMD_DEVICE=opencl SOMD_STRICT=1 on the NVIDIA GPU against
#    their Java twins' output (bench/gpu/gpu_run.py's suite);
# 2. bench/gpu/programs/s72parts.somd M N ROUNDS (five parts, each timed) built by the
#    session-start compiler and runtime (`s72parts_old`, at 667b21fd) and the session's
#    (`s72parts_new`): five interleaved rounds of old and new opencl and old and new cpu
#    (all threads), then one traced run of each opencl build for the bytes moved and
#    launches.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
C=${CARRY:-.gpu-carry/s72}
chmod +x $C/s72parts_*
STAGE=/tmp/gpu-stage
mkdir -p $STAGE && tar xJf $C/stage.tar.xz -C $STAGE && chmod +x $STAGE/bin/*
ICDS=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
mkdir -p /tmp/icd-nv
for f in $ICDS/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
ARGS=${PARTS_ARGS:-1024 16000000 10}
if [ -z "${NOSUITE:-}" ]; then
    mkdir -p "$FINAL/suite"
    OCL_ICD_VENDORS=/tmp/icd-nv timeout ${SUITE_LIMIT:-240} python3 -u bench/gpu/gpu_run.py \
        --stage "$STAGE" --out "$FINAL/suite" --pocl "" --reps 1 \
        > "$FINAL/suite-stdout.txt" 2>&1
    tail -5 "$FINAL/suite-stdout.txt"
fi
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "threads $(nproc)"
    echo "== s72parts $ARGS"
    for round in 1 2 3 4 5; do
        for run in "old opencl" "new opencl" "old cpu" "new cpu"; do
            set -- $run
            start=$(date +%s%N)
            OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=$2 timeout 300 $C/s72parts_$1 $ARGS > /tmp/fz.out 2> /tmp/fz.err
            end=$(date +%s%N)
            echo "round $round $1 $2: $(tr '\n' ' ' < /tmp/fz.out) process $(( (end - start) / 1000000 )) ms $(head -c 200 /tmp/fz.err)"
        done
    done
    for v in old new; do
        OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_TRACE=json timeout 300 $C/s72parts_$v $ARGS > /tmp/fz.out 2> /tmp/fz.trace
        echo "traced $v: $(tr '\n' ' ' < /tmp/fz.out)"
        python3 bench/gpu/call_totals.py /tmp/fz.trace
        python3 bench/gpu/trace_bytes.py /tmp/fz.trace
    done
} 2>&1 | tee "$FINAL/s72.txt"
