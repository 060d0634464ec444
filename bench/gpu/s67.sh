#!/usr/bin/env bash
# Session 67, device call 1 (binaries built here, .gpu-carry/s67):
# 1. programs added or changed this session against their Java twins' output on the GPU
#    (NVIDIA ICD only): ping-pong buffers left on the device (`device_pingpong`, which ends
#    in a division by zero), `Math.exp` at the top of the finite range (`device_math_exp`),
#    and the SOMD-results programs of session 66 (`device_somd_results`, `exc_somd_results`);
# 2. bench/gpu/programs/pingpong.somd N ROUNDS (an `int` and a `double` ping-pong stencil)
#    built before the session's change (`pingpong_old`: every round uploads both arrays and
#    downloads the written one) and after it (`pingpong_new`: both stay on the device and
#    the swap exchanges the handles): five interleaved rounds of old opencl, new opencl,
#    new cpu (16 threads) and the hand-written OpenCL program (bench/gpu/pingpong_hand.py,
#    two buffers swapped between launches, timed from the first upload to the last read),
#    then one traced run of each opencl build for the bytes moved.
# Call 2 (after the review's fixes and `Math.exp`'s subnormal range, which call 1 found
# flushed to 0 on the H200; the hand-written program now also prints its uploads' and its
# rounds' time apart): the same, and SOLVERS=1 runs bench/gpu/programs/solvers.somd
# 4000000 40 once per placement with the new build (session 66's CG and Jacobi loops).
# Call 3 (BUILDS="s67a opencl,new opencl,new cpu" TRACED="s67a new" PROGRAMS=device_pingpong):
# `pingpong_s67a` is call 2's build, `pingpong_new` a trial build whose loops that only
# chain results on the device did not wait for each call's error words (checked after the
# loop). It gained nothing (docs/performance.md) and was taken back.
# Call 4 (CARRY=.gpu-carry/s67d NOBENCH=1 PROGRAMS="device_pingpong device_math_exp"): the
# session's final build of the two programs (three rotated buffers, two failing calls in
# one round; `exp` at both ends of its range), part 1 only. Call 5: the same, after the
# second review's fixes (two swaps in a row added to `device_pingpong`).
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
export OUT=$FINAL
. bench/gpu/icd.sh > /dev/null
C=${CARRY:-.gpu-carry/s67}
chmod +x $C/*
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
export OCL_ICD_VENDORS=/tmp/icd-nv
ARGS=${PINGPONG_ARGS:-16000000 100}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "threads $(nproc)"
    echo "== programs"
    for p in ${PROGRAMS:-device_pingpong device_math_exp device_somd_results exc_somd_results}; do
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
            [ "$same" = same ] || diff /tmp/$p.out $C/$p.expected | head -10
        done
    done
    if [ -z "${NOBENCH:-}" ]; then
        echo "== pingpong $ARGS"
        IFS=, read -ra BUILD_LIST <<< "${BUILDS:-old opencl,new opencl,new cpu}"
        for round in 1 2 3 4 5; do
            for run in "${BUILD_LIST[@]}"; do
                set -- $run
                start=$(date +%s%N)
                SOMD_DEVICE=$2 timeout 300 $C/pingpong_$1 $ARGS > /tmp/pp.out 2> /tmp/pp.err
                end=$(date +%s%N)
                echo "round $round $1 $2: $(tr '\n' ' ' < /tmp/pp.out) process $(( (end - start) / 1000000 )) ms $(head -c 200 /tmp/pp.err)"
            done
            echo "round $round hand: $(timeout 300 python3 bench/gpu/pingpong_hand.py $ARGS NVIDIA 2>&1 | tr '\n' ' ')"
        done
        for v in ${TRACED:-old new}; do
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 300 $C/pingpong_$v $ARGS > /tmp/pp.out 2> /tmp/pp.trace
            echo "traced $v: $(tr '\n' ' ' < /tmp/pp.out)"
            python3 - /tmp/pp.trace <<'PY'
import json, sys
up = down = 0
kernel = 0
for line in open(sys.argv[1]):
    if not line.startswith('{'):
        continue
    e = json.loads(line)
    if e.get('event') == 'transfer':
        if e['dir'] == 'h2d':
            up += e['bytes']
        else:
            down += e['bytes']
    if e.get('event') == 'launch':
        kernel += e.get('kernel_ns', 0)
print(f"  bytes h2d {up}, d2h {down}, kernel time {kernel / 1e6:.1f} ms")
PY
            python3 bench/gpu/call_totals.py /tmp/pp.trace
        done
    fi
    if [ -n "${SOLVERS:-}" ]; then
        echo "== solvers 4000000 40"
        for dev in opencl cpu opencl cpu; do
            SOMD_DEVICE=$dev timeout 300 $C/solvers_new 4000000 40 > /tmp/sv.out 2> /tmp/sv.err
            echo "$dev: $(tr '\n' ' ' < /tmp/sv.out) $(head -c 200 /tmp/sv.err)"
        done
    fi
} > "$FINAL/s67.txt" 2>&1
cat "$FINAL/s67.txt"
