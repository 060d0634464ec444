#!/usr/bin/env bash
# Session 95 on the device machine, one call:
# 1. the e2e programs whose kernels the session's compiler changes (argument extrema and
#    conditional extrema of floats in the lanes form, lanes-form kernels without their
#    guard), staged as bench/gpu/s75.sh's header says (`$C/stage.tar.xz`), under
#    SOMD_DEVICE=opencl SOMD_STRICT=1 on the GPU against their Java twins' output
#    (NOSUITE=1 skips it);
# 2. device_lane_argext again with SOMD_LANES=1, 16 and 64, against the same output;
# 3. bench/gpu/programs/s95rows.somd (row argument maxima, row maxima of doubles, and a
#    matrix times a vector as the control) built at b93d64ff (`_old`) and at the session's
#    end (`_new`): summed kernel times of each construct's calls from one traced run per
#    build at each of SHAPES (comma-separated "ROWS COLS ROUNDS"), then, for the first
#    shape, five interleaved processes on opencl and cpu (bench/gpu/s75.sh's MOVES).
set -u
C=${CARRY:-.gpu-carry/s95}
chmod +x $C/* 2>/dev/null
ICDS=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
mkdir -p /tmp/icd-nv $OUT
for f in $ICDS/*.icd; do grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/; done
if [ -z "${NOSUITE:-}" ]; then
    OUT=$OUT/suite NOBENCH=1 CARRY=$C STAGE_TAR=$C/stage.tar.xz SUITE_LIMIT=${LIMIT:-240} \
        bash bench/gpu/s75.sh
    for lanes in 1 16 64; do
        OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_LANES=$lanes \
            /tmp/gpu-stage/bin/e2e_device_lane_argext 300 2 > /tmp/lanes.out 2> /tmp/lanes.err
        if cmp -s /tmp/lanes.out /tmp/gpu-stage/expected/e2e_device_lane_argext.out; then
            echo "device_lane_argext SOMD_LANES=$lanes: same as Java"
        else
            echo "device_lane_argext SOMD_LANES=$lanes: DIFFERS"; head -5 /tmp/lanes.out /tmp/lanes.err
        fi
    done | tee $OUT/lanes.txt
fi
IFS=, read -ra shapes <<< "${SHAPES:-4000 4000 20,20000 1000 20,100000 64 20,500000 16 20,1000 100000 5}"
for args in "${shapes[@]}"; do
    for v in old new; do
        env OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_TRACE=json \
            timeout 120 $C/s95rows_$v $args > /tmp/t.out 2> /tmp/t.trace
        k=$(python3 bench/gpu/call_totals.py /tmp/t.trace | grep -vE "step|cpu:" \
            | sed -E 's/^ *Main\.([A-Za-z0-9_]+) on opencl: .* kernel ([0-9.]+) ms/\1 \2/' | tr '\n' ' ')
        echo "s95rows $args $v: $(head -1 /tmp/t.out) | kernel ms: $k| $(grep -o 'rounds ms [0-9]*' /tmp/t.trace)"
    done
done | tee $OUT/kernels.txt
if [ -z "${NOMOVES:-}" ]; then
    args=${shapes[0]}
    OUT=$OUT/process NOSUITE=1 CARRY=$C MOVES=s95rows MOVES_ARGS="$args" bash bench/gpu/s75.sh \
        | grep -E "^process|^traced|threads|H200|^==|calls" | cut -c1-200
fi
