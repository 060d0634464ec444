#!/usr/bin/env bash
# Session 97, one device call (CARRY=.gpu-carry/s97):
# 1. the staged end-to-end programs (stage.tar.xz: the session's exc_stop_* programs and
#    the nested-fold, histogram and loop programs around them) under SOMD_DEVICE=opencl
#    SOMD_STRICT=1 on the NVIDIA GPU against their Java twins (bench/gpu/s75.sh's suite);
# 2. CP's kernel ms, built by the compiler before the session's wrap check (`cp_old`, at
#    3771d0c2: `a < atoms.length; a += 4` unchecked) and after it (`cp_new`: the check
#    behind the loop-invariant `somd_wrap` flag), five traced runs of each, in turn;
# 3. the wall time until Java's exception of four programs built by the compiler before
#    the session's loop and histogram changes (`_old`, 20 s limit) and by the session's
#    (`new`: step 1's staged binaries).
set -u
C=${CARRY:-.gpu-carry/s97}
chmod +x $C/* 2>/dev/null
mkdir -p $OUT
OUT=$OUT/suite NOBENCH=1 CARRY=$C STAGE_TAR=$C/stage.tar.xz SUITE_LIMIT=${SUITE_LIMIT:-240} \
    bash bench/gpu/s75.sh
for args in "3968 512" "3968 2048"; do
    for rep in 1 2 3 4 5; do
        for v in old new; do
            env OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_TRACE=json \
                timeout 120 $C/cp_$v $args > /tmp/t.out 2> /tmp/t.trace
            k=$(python3 bench/gpu/call_totals.py /tmp/t.trace | grep -v "cpu:" \
                | sed -E 's/^ *([A-Za-z0-9_.$]+) on opencl: .* kernel ([0-9.]+) ms/\1 \2/' | tr '\n' ' ')
            echo "cp $args $v rep $rep: kernel ms: $k; out $(md5sum < /tmp/t.out | cut -c1-8)"
        done
    done
done | tee $OUT/cp.txt
ms() { date +%s%N | awk '{printf "%d", $1 / 1000000}'; }
for p in exc_stop_wrap_const exc_stop_wrap_bound exc_stop_length_plus exc_stop_hist_bound; do
    for v in old new; do
        bin=$C/${p}_old
        [ $v = new ] && bin=/tmp/gpu-stage/bin/e2e_$p
        t0=$(ms)
        env OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 20 $bin \
            > /tmp/t.out 2> /tmp/t.err
        rc=$?
        echo "$p $v: rc $rc, $(( $(ms) - t0 )) ms, $(head -1 /tmp/t.err | cut -c1-90)"
    done
done | tee $OUT/stops.txt
