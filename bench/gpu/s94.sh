#!/usr/bin/env bash
# Session 94 on the device machine, one call:
# 1. the e2e programs whose kernels the session's compiler changes (the lanes form with
#    reductions, and bounds reading a written row's length: device_lane_reductions,
#    exc_lane_reduction_steps, exc_lane_reduction_after, device_outlined_nests,
#    device_output_rows, device_rows*, device_temporaries, device_value_locals,
#    exc_alias_bounds, exc_outlined_nest_rows, exc_rows_bounds, with
#    exc_first_of_many_lanes, device_outlined_rows and lufact), staged as
#    bench/gpu/s75.sh's header says (`$C/stage.tar.xz`), under SOMD_DEVICE=opencl
#    SOMD_STRICT=1 on the GPU against their Java twins' output;
# 2. device_lane_reductions again with SOMD_LANES=1, 16 and 64 (the default on the H200
#    is the kernel's largest group for its 300 rows), against the same output;
# 3. bench/gpu/programs/s94rows.somd (row sums, row maxima and a host nest's masked row
#    sums of each round's matrix) at three shapes and s93nest.somd, each built at
#    c96c9cf3 (`_old`) and at the session's end (`_new`): five interleaved processes on
#    opencl and cpu, then a traced run of each (bench/gpu/s75.sh's MOVES).
set -u
C=.gpu-carry/s94
chmod +x $C/* 2>/dev/null
if [ -z "${NOSUITE:-}" ]; then
    OUT=$OUT/suite NOBENCH=1 CARRY=$C STAGE_TAR=$C/stage.tar.xz SUITE_LIMIT=${LIMIT:-240} \
        bash bench/gpu/s75.sh
    for lanes in 1 16 64; do
        OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_LANES=$lanes \
            /tmp/gpu-stage/bin/e2e_device_lane_reductions 300 3 > /tmp/lanes.out 2> /tmp/lanes.err
        if cmp -s /tmp/lanes.out /tmp/gpu-stage/expected/e2e_device_lane_reductions.out; then
            echo "device_lane_reductions SOMD_LANES=$lanes: same as Java"
        else
            echo "device_lane_reductions SOMD_LANES=$lanes: DIFFERS"; head -5 /tmp/lanes.out /tmp/lanes.err
        fi
    done | tee $OUT/lanes.txt
fi
for p in "s94rows:4000 4000 20" "s94rows:100000 64 20" "s94rows:64 250000 20" "s93nest:4000 4000 20"; do
    name=${p%%:*}
    args=${p#*:}
    OUT=$OUT/$name-${args// /x} NOSUITE=1 CARRY=$C MOVES=$name MOVES_ARGS="$args" bash bench/gpu/s75.sh \
        | grep -E "^process|^traced|threads|H200|^==|calls" | cut -c1-200
done
# 4. the lanes per row against the rows variant and the one-work-item form (`_old`):
#    bench/gpu/s94lanes.sh at shapes of few and many rows, short and long (LANES_TOO=1;
#    the session's second call ran its default shapes and settings, and 33,000 and 34,000
#    rows of 256, either side of the rows variant's threshold on the H200's 132 units).
if [ -n "${LANES_TOO:-}" ]; then
    OUT=$OUT/lanes LANES="old auto 64" SHAPES="100000 64 20,100000 8 20,500000 16 20,100000 256 20,100000 1024 20,34000 256 20,20000 4000 20,4000 4000 20,64 250000 20" \
        bash bench/gpu/s94lanes.sh | cut -c1-160
fi
