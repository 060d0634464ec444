#!/usr/bin/env bash
# Session 118: stages, for each candidate body of the prelude's `somd_irem_nz` (CANDS,
# bodies in bench/gpu/s118cands.py), a few remainder-heavy suite programs and fuzz program
# 12142 built with it, as .gpu-carry/s118c-NAME-part0.tar.xz and s118c-NAMEfz.tar.xz, for
# bench/gpu/s118b.sh. The prelude is restored afterwards.
# Usage: JAVA=... bash bench/gpu/s118stage.sh
set -eu
CANDS=${CANDS:-"quotient mask volatile long"}
PROGS=${PROGS:-device_abs_minimum,divrem,device_statics,loopcheck_bounds,device_host_flow}
cl=runtime/cl/somd_java.cl
cp $cl /tmp/s118-prelude.cl
trap 'cp /tmp/s118-prelude.cl $cl' EXIT
for c in $CANDS; do
    python3 bench/gpu/s118cands.py "$c" < /tmp/s118-prelude.cl > $cl
    S=/tmp/s118stage-$c
    rm -rf "$S" "/tmp/s118fz-$c" "/tmp/s118fzw-$c"
    SOMD_E2E_STAGE=$S SOMD_E2E_FILTER=$PROGS CARGO_TARGET_DIR=/tmp/stagetarget \
        cargo test -q --release -p somd-tests --test run stage_ > /tmp/s118stage-$c.log 2>&1
    bash bench/gpu/pack_stage.sh "$S" 1 "s118c-$c"
    STAGE=/tmp/s118fz-$c WORK=/tmp/s118fzw-$c bash tests/difffuzz/run.sh 12142 1 \
        --methods 8 --maps --mixed --narrow > /tmp/s118fz-$c.log 2>&1
    tail -1 /tmp/s118fz-$c.log
    tar cJf ".gpu-carry/s118c-${c}fz.tar.xz" -C "/tmp/s118fz-$c" .
done
