#!/usr/bin/env bash
# Session 88 on the device machine, one call:
# 1. the programs of the e2e suite whose generated code the session changes (the outlined
#    loops' CPU path starts each MI at `rt::somd::loop_first`; loops to `i <= hi` get an
#    unchecked copy; new outlined loops) and its new programs, staged with
#    SOMD_E2E_FILTER as bench/gpu/s75.sh's header says (one tar, `$C/stage.tar.xz`), under
#    SOMD_DEVICE=opencl SOMD_STRICT=1 on the GPU against their Java twins' output;
# 2. bench/gpu/programs/s88steps.somd (host loops to `i <= n` and by 2 over a result,
#    outlined by the session's compiler only) and s88moves.somd (rounds outlining made
#    dearer before the session), built at 15c7b2ea (`_old`) and at the session's end
#    (`_new`): five interleaved processes on opencl and cpu, then a traced run of each
#    (bench/gpu/s75.sh's MOVES);
# 3. bench/gpu/programs/s88le.somd, a host loop to `i <= last` (form 1) and to `i < n`
#    (form 0) under SOMD_DEVICE=seq, old and new interleaved, five times.
set -u
C=.gpu-carry/s88
chmod +x $C/* 2>/dev/null
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
if [ -z "${NOSUITE:-}" ]; then
    OUT=$OUT/suite NOBENCH=1 CARRY=$C STAGE_TAR=$C/stage.tar.xz SUITE_LIMIT=${LIMIT:-200} \
        bash bench/gpu/s75.sh
fi
for p in "s88steps:4000000 100" "s88moves:4000000 50"; do
    OUT=$OUT/${p%%:*} NOSUITE=1 CARRY=$C MOVES=${p%%:*} MOVES_ARGS="${p#*:}" bash bench/gpu/s75.sh \
        | grep -E "^process|^traced|threads|H200|^==|calls|bytes" | cut -c1-220
done
for round in 1 2 3 4 5; do
    for run in "old 1" "new 1" "old 0" "new 0"; do
        set -- $run
        echo "s88le $round $1 form $2: $(SOMD_DEVICE=seq timeout 120 $C/s88le_$1 20000000 20 $2)"
    done
done | tee $OUT/s88le.txt
