#!/usr/bin/env bash
# Session 91 on the device machine, one call:
# 1. the e2e programs of outlined and split host loops and of argument extrema
#    (SOMD_E2E_FILTER=outlined_,split_,argext), the session's new ones among them
#    (`device_outlined_argext`, `exc_outlined_argext`, `device_argext`'s `absPeak`), staged
#    as bench/gpu/s75.sh's header says (one tar, `$C/stage.tar.xz`), under
#    SOMD_DEVICE=opencl SOMD_STRICT=1 on the GPU against their Java twins' output;
# 2. bench/gpu/programs/s91argext.somd (host loops keeping the nearest and the farthest of
#    n points from each round's query, made SOMD methods by the session's compiler only),
#    built at 18d77aea (`_old`) and at the session's end (`_new`): five interleaved
#    processes on opencl and cpu, then a traced run of each (bench/gpu/s75.sh's MOVES);
# 3. the same program under SOMD_DEVICE=seq, old and new interleaved, five times.
set -u
C=.gpu-carry/s91
chmod +x $C/* 2>/dev/null
if [ -z "${NOSUITE:-}" ]; then
    OUT=$OUT/suite NOBENCH=1 CARRY=$C STAGE_TAR=$C/stage.tar.xz SUITE_LIMIT=${LIMIT:-240} \
        bash bench/gpu/s75.sh
fi
p="s91argext:${ARGS:-4000000 50}"
OUT=$OUT/${p%%:*} NOSUITE=1 CARRY=$C MOVES=${p%%:*} MOVES_ARGS="${p#*:}" bash bench/gpu/s75.sh \
    | grep -E "^process|^traced|threads|H200|^==|calls|bytes" | cut -c1-220
for round in 1 2 3 4 5; do
    for v in old new; do
        echo "s91argext seq $round $v: $(SOMD_DEVICE=seq timeout 120 $C/s91argext_$v ${ARGS:-4000000 50} | tr '\n' ' ')"
    done
done | tee $OUT/s91seq.txt
