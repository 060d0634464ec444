#!/usr/bin/env bash
# Session 68, device call 1 (binaries built here, .gpu-carry/s68):
# 1. programs added or changed this session against their Java twins' output on the GPU
#    (NVIDIA ICD only): matrices left on the device between SOMD calls
#    (`device_pingpong_2d`, which ends in a division by zero) and the 1-D ping-pong
#    program (`device_pingpong`);
# 2. bench/gpu/programs/pingpong2d.somd N ROUNDS (a Game of Life grid replaced by each
#    generation and a 5-point heat step swapping two grids) built before the session's
#    change (`pingpong2d_old`: every round uploads its grids and downloads the new one) and
#    after it (`pingpong2d_new`): five interleaved rounds of old opencl, new opencl, new cpu
#    (16 threads) and the hand-written OpenCL program (bench/gpu/pingpong2d_hand.py, two
#    buffers swapped between 2-D launches), then one traced run of each opencl build for the
#    bytes moved.
# Call 2 (CARRY=.gpu-carry/s68b NOBENCH=1 PROGRAMS="device_pingpong_2d dist_local_halo
# device_pingpong device_somd_results"): the session's later builds: the wave grids moved on
# by `prev = cur; cur = next;` (added to `device_pingpong_2d`), the halo cells of `dist`
# locals refreshed at each `sync` (`dist_local_halo`, here on the CPU's 16 threads too),
# and the 1-D SOMD-results programs, which the new move rule also reaches; part 1 only.
# Call 3 (by hand, .gpu-carry/s68c): `pingpong2d_new` (call 1's build) against
# `pingpong2d_fill` (the same program against the runtime whose `zero_fill` takes a 16-byte
# pattern): five interleaved untraced runs of `4096 100`, then one traced run of each with
# bench/gpu/call_totals.py (call3/fill.txt).
# Call 4 (CARRY=.gpu-carry/s68d NOBENCH=1 PROGRAMS="device_pingpong_2d dist_local_halo
# device_in_place device_pingpong device_somd_results"): the session's final build (a
# matrix made ragged between rounds, outputs zero-filled with a 16-byte pattern), part 1.
# Call 5 (CARRY=.gpu-carry/s68e, as call 4): after the second review's fixes (a cycle of
# moves, dist locals swapped or made like another local), plus `dist_local_halo` on 2 to
# 32 CPU threads.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
export OUT=$FINAL
. bench/gpu/icd.sh > /dev/null
C=${CARRY:-.gpu-carry/s68}
chmod +x $C/*
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
export OCL_ICD_VENDORS=/tmp/icd-nv
ARGS=${PINGPONG_ARGS:-4096 100}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "threads $(nproc)"
    echo "== programs"
    for p in ${PROGRAMS:-device_pingpong_2d device_pingpong}; do
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
        echo "== pingpong2d $ARGS"
        IFS=, read -ra BUILD_LIST <<< "${BUILDS:-old opencl,new opencl,new cpu}"
        for round in 1 2 3 4 5; do
            for run in "${BUILD_LIST[@]}"; do
                set -- $run
                start=$(date +%s%N)
                SOMD_DEVICE=$2 timeout 300 $C/pingpong2d_$1 $ARGS > /tmp/pp.out 2> /tmp/pp.err
                end=$(date +%s%N)
                echo "round $round $1 $2: $(tr '\n' ' ' < /tmp/pp.out) process $(( (end - start) / 1000000 )) ms $(head -c 200 /tmp/pp.err)"
            done
            echo "round $round hand: $(timeout 300 python3 bench/gpu/pingpong2d_hand.py $ARGS NVIDIA 2>&1 | tr '\n' ' ')"
        done
        for v in ${TRACED:-old new}; do
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 300 $C/pingpong2d_$v $ARGS > /tmp/pp.out 2> /tmp/pp.trace
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
} > "$FINAL/s68.txt" 2>&1
cat "$FINAL/s68.txt"
