#!/usr/bin/env bash
# Session 93 on the device machine, one call:
# 1. the e2e programs of outlined host loops and those whose host nests the session's
#    compiler outlines (SOMD_E2E_FILTER=outlined_,split_,argext,search,found,keep_by_value,
#    static_lengths,static_rows,static_sizes,device_blocks,loop_idioms,pingpong_2d), the
#    session's new ones among them (`device_outlined_nests`, `device_outlined_rows`,
#    `exc_outlined_nests`, `exc_outlined_nest_rows`), staged as bench/gpu/s75.sh's header
#    says (one tar, `$C/stage.tar.xz`), under SOMD_DEVICE=opencl SOMD_STRICT=1 on the GPU
#    against their Java twins' output;
# 2. bench/gpu/programs/s93nest.somd (four host nests over each round's matrix, made SOMD
#    methods by the session's compiler only), built at 30ef3172 (`_old`) and at the
#    session's end (`_new`): five interleaved processes on opencl and cpu, then a traced
#    run of each (bench/gpu/s75.sh's MOVES);
# 3. the same program under SOMD_DEVICE=seq, old and new interleaved, five times.
set -u
C=.gpu-carry/s93
chmod +x $C/* 2>/dev/null
if [ -z "${NOSUITE:-}" ]; then
    OUT=$OUT/suite NOBENCH=1 CARRY=$C STAGE_TAR=$C/stage.tar.xz SUITE_LIMIT=${LIMIT:-240} \
        bash bench/gpu/s75.sh
fi
p="s93nest:${ARGS:-4000 4000 20}"
OUT=$OUT/${p%%:*} NOSUITE=1 CARRY=$C MOVES=${p%%:*} MOVES_ARGS="${p#*:}" bash bench/gpu/s75.sh \
    | grep -E "^process|^traced|threads|H200|^==|calls|bytes" | cut -c1-220
for round in 1 2 3 4 5; do
    for v in old new; do
        echo "s93nest seq $round $v: $(SOMD_DEVICE=seq timeout 120 $C/s93nest_$v ${ARGS:-4000 4000 20} | tr '\n' ' ')"
    done
done | tee $OUT/s93seq.txt
