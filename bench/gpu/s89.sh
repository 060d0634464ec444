#!/usr/bin/env bash
# Session 89 on the device machine, one call:
# 1. the programs of the e2e suite whose generated code the session changes (loops split
#    into a SOMD method for each part; reductions over arrays earlier outlined loops
#    stored; a static of a class initialized at first use keeping its loop on the host)
#    and its new programs, staged with SOMD_E2E_FILTER as bench/gpu/s75.sh's header says
#    (one tar, `$C/stage.tar.xz`), under SOMD_DEVICE=opencl SOMD_STRICT=1 on the GPU
#    against their Java twins' output;
# 2. bench/gpu/programs/s89split.somd (three rounds of host loops computing several
#    things, split by the session's compiler only), built at 14ef6f95 (`_old`) and at the
#    session's end (`_new`): five interleaved processes on opencl and cpu, then a traced run
#    of each (bench/gpu/s75.sh's MOVES);
# 3. the same program under SOMD_DEVICE=seq, old and new interleaved, five times (a split
#    loop makes two passes where the host loop made one).
set -u
C=.gpu-carry/s89
chmod +x $C/* 2>/dev/null
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
if [ -z "${NOSUITE:-}" ]; then
    OUT=$OUT/suite NOBENCH=1 CARRY=$C STAGE_TAR=$C/stage.tar.xz SUITE_LIMIT=${LIMIT:-200} \
        bash bench/gpu/s75.sh
fi
p="s89split:4000000 50"
OUT=$OUT/${p%%:*} NOSUITE=1 CARRY=$C MOVES=${p%%:*} MOVES_ARGS="${p#*:}" bash bench/gpu/s75.sh \
    | grep -E "^process|^traced|threads|H200|^==|calls|bytes" | cut -c1-220
for round in 1 2 3 4 5; do
    for v in old new; do
        echo "s89split seq $round $v: $(SOMD_DEVICE=seq timeout 120 $C/s89split_$v 4000000 50 | tr '\n' ' ')"
    done
done | tee $OUT/s89seq.txt
