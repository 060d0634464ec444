#!/usr/bin/env bash
# Session 99, last call (carry .gpu-carry: bench-stage-old.tar.xz, staged at 8798776f, the
# session's start; bench-stage.tar.xz, staged with the error words and the rows' read-ahead
# read into pinned memory; e2e-stage.tar.xz, the suite's programs named row, lufact or
# exc_ staged as bench/gpu/run.sh's header says; somd-clbaseline, built at the change):
# 1. those programs under SOMD_DEVICE=opencl SOMD_STRICT=1 on the GPU against their Java
#    twins' output (bench/gpu/gpu_run.py's suite);
# 2. process wall ms of old and new generated LUFact (n = 1000, 2000), SparseMatMult
#    (100000 200) and N-Body (4096 10), five rounds, old and new in turn, untraced;
# 3. `somd-clbaseline costs 2000` on the plain queue, twice.
set -u
mkdir -p "$OUT"
for v in old new; do
    d=/tmp/stage-$v
    t=.gpu-carry/bench-stage.tar.xz
    [ $v = old ] && t=.gpu-carry/bench-stage-old.tar.xz
    mkdir -p $d && tar xJf $t -C $d && chmod +x $d/*
done
. bench/gpu/icd.sh
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
S=/tmp/gpu-stage
mkdir -p $S && tar xJf .gpu-carry/e2e-stage.tar.xz -C $S && chmod +x $S/bin/*
mkdir -p "$OUT/suite"
OCL_ICD_VENDORS=/tmp/icd-nv timeout 240 python3 -u bench/gpu/gpu_run.py \
    --stage $S --out "$OUT/suite" --pocl "" --reps 1 > "$OUT/suite-stdout.txt" 2>&1
tail -5 "$OUT/suite-stdout.txt"
ms() { local t0=$(date +%s%N); "$@" > /tmp/o.out 2>&1; echo "$(( ($(date +%s%N) - t0) / 1000000 )) ms ($(head -c 60 /tmp/o.out | tr '\n' ' '))"; }
for p in "lufact 1000" "lufact 2000" "sparsematmult 100000 200" "nbody 4096 10"; do
    set -- $p
    name=$1; shift
    for round in 1 2 3 4 5; do
        for v in old new; do
            echo "$name $* round $round $v: $(SOMD_DEVICE=opencl ms /tmp/stage-$v/gen-$name "$@")"
        done
    done
done | tee "$OUT/oldnew.txt"
chmod +x .gpu-carry/somd-clbaseline
for rep in 1 2; do
    SOMD_BENCH_PLAIN=1 SOMD_DEVICE=opencl timeout 100 .gpu-carry/somd-clbaseline costs 2000
done | tee "$OUT/costs.txt"
