#!/usr/bin/env bash
# Session 102: loops whose bound calls `Math` get a range test (device) and loop
# versioning (CPU). Carried in .gpu-carry: s102window-{old,new}
# (bench/gpu/programs/s102window.somd built with the compiler before (e3fbbc3d) and after
# the change; run twice: results a/ with the commit 55ee59d9, d/ after the review's mend,
# where such loops keep their stop checks), e2e-stage.tar.xz (the suite's programs whose code the change rewrote, and
# every loopcheck_/bounds_ program):
# 1. old and new in turn, five rounds, on the GPU: kernel ms per method of a traced run
#    (call_totals.py) and process ms of an untraced one; on the CPU's 16 cores: process ms;
# 2. the staged programs under SOMD_DEVICE=opencl SOMD_STRICT=1 against their Java twins.
set -u
mkdir -p "$OUT"
C=.gpu-carry
chmod +x $C/s102window-*
. bench/gpu/icd.sh
ms() { local t0=$(date +%s%N); "$@" > /tmp/o.out 2>&1; echo "$(( ($(date +%s%N) - t0) / 1000000 ))"; }
for p in "4000000 10"; do
    for round in 1 2 3 4 5; do
        for v in old new; do
            b=$C/s102window-$v
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 $b $p > /tmp/t.out 2> /tmp/t.trace
            k=$(python3 bench/gpu/call_totals.py /tmp/t.trace | awk '/on opencl/ {n = $1; sub(/.*kernel /, ""); printf "%s %s ", n, $1}')
            w=$(SOMD_DEVICE=opencl ms timeout 120 $b $p)
            c=$(SOMD_DEVICE=cpu ms timeout 300 $b $p)
            echo "s102window $p round $round $v: kernel ms $k; opencl process $w ms; cpu process $c ms; $(head -1 /tmp/t.out)"
        done
    done
done | tee "$OUT/oldnew.txt"
python3 bench/gpu/call_totals.py /tmp/t.trace > "$OUT/last-trace-totals.txt" 2>&1
[ -f $C/e2e-stage.tar.xz ] || exit 0
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
S=/tmp/gpu-stage
mkdir -p $S && tar xJf $C/e2e-stage.tar.xz -C $S && chmod +x $S/bin/*
mkdir -p "$OUT/suite"
OCL_ICD_VENDORS=/tmp/icd-nv timeout 240 python3 -u bench/gpu/gpu_run.py \
    --stage $S --out "$OUT/suite" --pocl "" --reps 1 > "$OUT/suite-stdout.txt" 2>&1
tail -3 "$OUT/suite-stdout.txt"
