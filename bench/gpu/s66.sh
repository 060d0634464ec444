#!/usr/bin/env bash
# Session 66, device call 1 (binaries built here, .gpu-carry/s66):
# 1. programs added or changed this session against their Java twins' output on the GPU
#    (NVIDIA ICD only): SOMD results held on the device (`device_somd_results`, its
#    exception `exc_somd_results`) and value arrays of objects compared with `==`;
# 2. bench/gpu/programs/solvers.somd N ROUNDS (Jacobi and CG written with SOMD methods in
#    host loops) built before the session's change (`solvers_old`: every SOMD result comes
#    down and goes up again) and after it (`solvers_new`: results stay on the device):
#    five interleaved rounds of old opencl, new opencl and new cpu (16 threads), each
#    printing its loops' milliseconds; then one traced run of each opencl build for the
#    bytes moved.
# Call 2 (CARRY=.gpu-carry/s66b FLAT=1, after single element reads of SOMD results): the
# same, and bench/gpu/programs/flat_rows.somd 4096 4096 10 before (`flat_rows_old`: each
# 64 MB result comes down) and after (`flat_rows_new`: two elements read per result), five
# interleaved rounds with the opencl build's wall time per call from SOMD_TRACE=json.
# Call 3 (CARRY=.gpu-carry/s66c NOBENCH=1 PROGRAMS="device_somd_results device_keep_results
# device_chain", after rotations through a second name became moves): part 1 only.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
export OUT=$FINAL
. bench/gpu/icd.sh > /dev/null
C=${CARRY:-.gpu-carry/s66}
chmod +x $C/*
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
export OCL_ICD_VENDORS=/tmp/icd-nv
ARGS=${SOLVER_ARGS:-4000000 40}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "threads $(nproc)"
    echo "== programs"
    for p in ${PROGRAMS:-device_somd_results exc_somd_results value_array_objects}; do
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
        done
    done
    if [ -z "${NOBENCH:-}" ]; then
        echo "== solvers $ARGS"
        for round in 1 2 3 4 5; do
            for run in "old opencl" "new opencl" "new cpu"; do
                set -- $run
                start=$(date +%s%N)
                SOMD_DEVICE=$2 timeout 300 $C/solvers_$1 $ARGS > /tmp/sv.out 2> /tmp/sv.err
                end=$(date +%s%N)
                echo "round $round $1 $2: $(tr '\n' ' ' < /tmp/sv.out) process $(( (end - start) / 1000000 )) ms $(head -c 200 /tmp/sv.err)"
            done
        done
        for v in old new; do
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 300 $C/solvers_$v $ARGS > /tmp/sv.out 2> /tmp/sv.trace
            echo "traced $v: $(tr '\n' ' ' < /tmp/sv.out)"
            python3 - /tmp/sv.trace <<'PY'
import json, sys
up = down = 0
for line in open(sys.argv[1]):
    if not line.startswith('{'):
        continue
    e = json.loads(line)
    if e.get('event') == 'transfer':
        if e['dir'] == 'h2d':
            up += e['bytes']
        else:
            down += e['bytes']
print(f"  bytes h2d {up}, d2h {down}")
PY
            python3 bench/gpu/call_totals.py /tmp/sv.trace
        done
    fi
    if [ -n "${FLAT:-}" ]; then
        echo "== flat_rows 4096 4096 10"
        for round in 1 2 3 4 5; do
            for run in "old opencl" "new opencl" "new cpu"; do
                set -- $run
                start=$(date +%s%N)
                SOMD_DEVICE=$2 SOMD_TRACE=json timeout 120 $C/flat_rows_$1 4096 4096 10 > /tmp/fr.out 2> /tmp/fr.trace
                end=$(date +%s%N)
                echo "round $round $1 $2: $(cat /tmp/fr.out), process $(( (end - start) / 1000000 )) ms"
                python3 bench/gpu/call_totals.py /tmp/fr.trace
            done
        done
    fi
} > "$FINAL/s66.txt" 2>&1
cat "$FINAL/s66.txt"
