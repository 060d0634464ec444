#!/usr/bin/env bash
# Session 104, second change: folds over `Somd.range(n)` check for a failure elsewhere
# (kernels: applications that cannot fail from 2^16 elements on, `somd_far`; applications
# running loops on the work-item's counter, SOMD_NEST_STOP; lanes folds reset the counter;
# CPU: `@`s and folds on the calling thread between blocks of 1024, `@` targets holding
# loops count each call on the thread's counter). Old = ca6d0fe7 with its runtime, new =
# both changes of the session. Carried in .gpu-carry: s104c.tar.xz (old/NAME, new/NAME),
# e2e-stage.tar.xz (the suite's programs whose kernels changed).
# 1. GPU: kernel ms per kernel of a traced run, GPU and CPU-16 process ms, old and new in
#    turn, five rounds: s104fold, s104nest, s71parts, mosaic;
# 2. CPU-16 process ms, old and new in turn, five rounds: the samples whose CPU code
#    changed (mriq, montecarlo, kmeans, nbody, sor at a size past process start-up);
# 3. the staged programs under SOMD_DEVICE=opencl SOMD_STRICT=1 against their Java twins.
set -u
mkdir -p "$OUT"
C=.gpu-carry
B=/tmp/s104c
mkdir -p $B && tar xJf $C/s104c.tar.xz -C $B && chmod +x $B/old/* $B/new/*
. bench/gpu/icd.sh
nproc >> "$OUT/env.txt"; nvidia-smi -L >> "$OUT/env.txt" 2>&1
ms() { local t0=$(date +%s%N); "$@" > /tmp/o.out 2>&1; echo "$(( ($(date +%s%N) - t0) / 1000000 ))"; }
run() {  # NAME ROUNDS ARGS...
    local name=$1 rounds=$2; shift 2
    for round in $(seq 1 $rounds); do
        for v in old new; do
            b=$B/$v/$name
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 $b "$@" > /tmp/t.out 2> /tmp/t.trace
            k=$(python3 bench/gpu/launch_totals.py /tmp/t.trace | sed 's/ |.*//')
            w=$(SOMD_DEVICE=opencl ms timeout 120 $b "$@")
            c=$(SOMD_DEVICE=cpu ms timeout 120 $b "$@")
            echo "$name $* round $round $v: kernels $k; opencl process $w ms; cpu process $c ms; $(tail -1 /tmp/t.out)"
        done
    done
}
cpu() {  # NAME ROUNDS ARGS...
    local name=$1 rounds=$2; shift 2
    for round in $(seq 1 $rounds); do
        for v in old new; do
            c=$(SOMD_DEVICE=cpu ms timeout 120 $B/$v/$name "$@")
            echo "$name $* round $round $v: cpu process $c ms; $(tail -1 /tmp/o.out)"
        done
    done
}
{
    run s104fold 5 1000000 5
    run s104nest 5 2000000 5
    run s71parts 3 16000000 30 4000 200000
    run mosaic 5 6000 6000
    cpu mriq 5 65536 2048
    cpu montecarlo 5 65536 10000
    cpu kmeans 5 1000000 8 10
    cpu nbody 5 8192 10
    cpu sor 5 4000 200
} 2>&1 | tee "$OUT/oldnew.txt"
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
