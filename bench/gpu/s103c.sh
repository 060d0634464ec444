#!/usr/bin/env bash
# Session 103, second run: divisions by a loop index that a test before the loop finds to
# be 1 or more lose their zero check in the loop's copy (`LoopChecks::divisors`), and the
# review's mends (a `Math` bound that may wrap, a test assigning its bound's local, task
# checks). Carried in .gpu-carry: s103c.tar.xz (old/s102window and new/s102window:
# bench/gpu/programs/s102window.somd built with the compiler at de26a27a and after the
# change), e2e-stage.tar.xz (every loopcheck_, exc_stop_ and task program of the suite):
# 1. old and new in turn, five rounds, on the GPU: kernel ms per kernel of a traced run
#    (launch_totals.py) and process ms of an untraced run; on the CPU's 16 cores: process ms;
# 2. the staged programs under SOMD_DEVICE=opencl SOMD_STRICT=1 against their Java twins.
# Results c/ (both parts); d/ (part 1 only, no stage carried) after `walk::bound_range`
# gave `(int) Math.sqrt(x)` its type's range, where it had given none: the CPU's wrap flag
# of the divisor loop was then always set (c/'s CPU figures, slower by a check in every
# iteration).
set -u
mkdir -p "$OUT"
C=.gpu-carry
B=/tmp/s103c
mkdir -p $B && tar xJf $C/s103c.tar.xz -C $B && chmod +x $B/old/* $B/new/*
. bench/gpu/icd.sh
ms() { local t0=$(date +%s%N); "$@" > /tmp/o.out 2>&1; echo "$(( ($(date +%s%N) - t0) / 1000000 ))"; }
for round in 1 2 3 4 5; do
    for v in old new; do
        b=$B/$v/s102window
        SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 $b 4000000 10 > /tmp/t.out 2> /tmp/t.trace
        k=$(python3 bench/gpu/launch_totals.py /tmp/t.trace | tr '\n' ' ')
        w=$(SOMD_DEVICE=opencl ms timeout 120 $b 4000000 10)
        c=$(SOMD_DEVICE=cpu ms timeout 120 $b 4000000 10)
        echo "s102window round $round $v: $k; opencl process $w ms; cpu process $c ms; $(tail -1 /tmp/t.out)"
    done
done | tee "$OUT/oldnew.txt"
[ -f $C/e2e-stage.tar.xz ] || exit 0
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
S=/tmp/gpu-stage
mkdir -p $S && tar xJf $C/e2e-stage.tar.xz -C $S && chmod +x $S/bin/*
mkdir -p "$OUT/suite"
OCL_ICD_VENDORS=/tmp/icd-nv timeout 300 python3 -u bench/gpu/gpu_run.py \
    --stage $S --out "$OUT/suite" --pocl "" --reps 1 > "$OUT/suite-stdout.txt" 2>&1
tail -3 "$OUT/suite-stdout.txt"
