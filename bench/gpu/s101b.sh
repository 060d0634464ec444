#!/usr/bin/env bash
# Session 101, second call: range tests for a test's reads after its counting comparison
# (an insertion sort's `q >= 0 && w[q] > v`). Carried in .gpu-carry: median-{old,new}
# (bench/gpu/programs/median.somd built with the compiler at 333da313 and at 9ce87f44),
# e2e-stage.tar.xz (the suite's programs whose kernels the session's changes rewrote, and
# the loopcheck_ programs):
# 1. median old and new in turn, five rounds: the program's own median call time and the
#    kernel ms of a traced run (call_totals.py), with the checksum;
# 2. the staged programs under SOMD_DEVICE=opencl SOMD_STRICT=1 against their Java twins.
set -u
mkdir -p "$OUT"
C=.gpu-carry
chmod +x $C/median-*
. bench/gpu/icd.sh
for p in "median 12 9" "median 13 9"; do
    set -- $p
    name=$1; shift
    for round in 1 2 3 4 5; do
        for v in old new; do
            b=$C/$name-$v
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 $b "$@" > /tmp/t.out 2> /tmp/t.trace
            k=$(python3 bench/gpu/call_totals.py /tmp/t.trace | awk -F'kernel ' '/on opencl/ {split($2, a, " "); s += a[1]} END {printf "%.2f", s}')
            SOMD_DEVICE=opencl timeout 120 $b "$@" > /tmp/o.out 2>&1
            echo "$name $* round $round $v: kernel $k ms (traced, warm-up included); $(tr '\n' ' ' < /tmp/o.out | head -c 120)"
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
