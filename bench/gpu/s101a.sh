#!/usr/bin/env bash
# Session 101: range tests before loops whose bound reads an element (CSR rows).
# Carried in .gpu-carry: s101csr-{old,new} and csr_rounds-{old,new} (bench/gpu/programs/,
# built with the compiler before (333da313) and after the change), e2e-stage.tar.xz (the
# suite's programs whose kernels the change rewrote, and the loopcheck_ programs):
# 1. each program old and new in turn, five rounds: kernel ms of a traced run
#    (call_totals.py) and process ms of an untraced one, with the printed result;
# 2. the staged programs under SOMD_DEVICE=opencl SOMD_STRICT=1 against their Java twins.
set -u
mkdir -p "$OUT"
C=.gpu-carry
chmod +x $C/s101csr-* $C/csr_rounds-*
. bench/gpu/icd.sh
ms() { local t0=$(date +%s%N); "$@" > /tmp/o.out 2>&1; echo "$(( ($(date +%s%N) - t0) / 1000000 ))"; }
for p in "s101csr 1000000 20" "s101csr 4000000 20" "csr_rounds 2000000 20 1"; do
    set -- $p
    name=$1; shift
    for round in 1 2 3 4 5; do
        for v in old new; do
            b=$C/$name-$v
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 $b "$@" > /tmp/t.out 2> /tmp/t.trace
            k=$(python3 bench/gpu/call_totals.py /tmp/t.trace | awk -F'kernel ' '/on opencl/ {split($2, a, " "); s += a[1]} END {printf "%.2f", s}')
            w=$(SOMD_DEVICE=opencl ms timeout 120 $b "$@")
            echo "$name $* round $round $v: kernel $k ms, process $w ms; $(head -1 /tmp/t.out | head -c 90)"
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
