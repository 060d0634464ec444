#!/usr/bin/env bash
# Session 100, first call: loop versioning of bounds checks (`analysis::loopcheck`).
# Carried in .gpu-carry: cp84 (CP built at 79e2e7e2), cpold and cpnew (CP staged by the
# harness before and after the change), bench-stage-old.tar.xz (All-Pairs, CP, LUFact and
# Mosaic with the harness, staged before the change at 3589d101), bench-stage.tar.xz (every
# benchmark staged after it), e2e-stage.tar.xz (the suite's programs whose kernels the
# change rewrote, staged after it):
# 1. bench/gpu/s99f.sh with the three CP builds (kernel ms, five traced runs in turn);
# 2. the four benchmarks whose kernels changed, old and new in turn, five rounds: kernel ms
#    of a traced run (call_totals.py) and process ms of an untraced one;
# 3. the staged programs under SOMD_DEVICE=opencl SOMD_STRICT=1 against their Java twins
#    (when carried).
set -u
mkdir -p "$OUT"
OUT=$OUT VARIANTS="cp84 cpold cpnew" bash bench/gpu/s99f.sh > /dev/null 2>&1
grep "round 1" "$OUT/cp.txt"
for v in old new; do
    d=/tmp/stage-$v
    t=.gpu-carry/bench-stage.tar.xz
    [ $v = old ] && t=.gpu-carry/bench-stage-old.tar.xz
    mkdir -p $d && tar xJf $t -C $d && chmod +x $d/*
done
. bench/gpu/icd.sh
ms() { local t0=$(date +%s%N); "$@" > /tmp/o.out 2>&1; echo "$(( ($(date +%s%N) - t0) / 1000000 ))"; }
for p in "allpairs 1000 1000 1000" "cp 2000 512" "cp 3968 512" "lufact 1000" "lufact 2000" "mosaic 6000 6000"; do
    set -- $p
    name=$1; shift
    for round in 1 2 3 4 5; do
        for v in old new; do
            b=/tmp/stage-$v/gen-$name
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 $b "$@" > /tmp/t.out 2> /tmp/t.trace
            k=$(python3 bench/gpu/call_totals.py /tmp/t.trace | awk -F'kernel ' '/on opencl/ {split($2, a, " "); s += a[1]} END {printf "%.2f", s}')
            w=$(SOMD_DEVICE=opencl ms timeout 120 $b "$@")
            echo "$name $* round $round $v: kernel $k ms, process $w ms; $(head -2 /tmp/t.out | tail -1 | head -c 70)"
        done
    done
done | tee "$OUT/oldnew.txt"
[ -f .gpu-carry/e2e-stage.tar.xz ] || exit 0
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
S=/tmp/gpu-stage
mkdir -p $S && tar xJf .gpu-carry/e2e-stage.tar.xz -C $S && chmod +x $S/bin/*
mkdir -p "$OUT/suite"
OCL_ICD_VENDORS=/tmp/icd-nv timeout 240 python3 -u bench/gpu/gpu_run.py \
    --stage $S --out "$OUT/suite" --pocl "" --reps 1 > "$OUT/suite-stdout.txt" 2>&1
tail -3 "$OUT/suite-stdout.txt"
