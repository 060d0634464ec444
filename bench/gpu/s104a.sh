#!/usr/bin/env bash
# Session 104: loops holding loops count their stop checks on one counter of the
# work-item (kernels: the failure context's `spin`, SOMD_NEST_STOP) or thread (CPU:
# rt::exec::spin_tick) instead of one of their own that started again at each entry.
# Carried in .gpu-carry: s104.tar.xz (old/NAME and new/NAME: bench programs s102window and
# s104nest, whose kernels changed, and the samples whose CPU code changed, built with the
# compiler before (ca6d0fe7) and after the change), e2e-stage.tar.xz (the suite's programs
# whose kernels changed, every loopcheck_ and exc_stop_ program):
# 1. old and new in turn, five rounds, on the GPU: kernel ms (every launch of a traced run
#    summed) and process ms of an untraced run; on the CPU's 16 cores: process ms;
# 2. the samples, old and new in turn, three rounds, on the CPU's 16 cores: process ms;
# 3. the staged programs under SOMD_DEVICE=opencl SOMD_STRICT=1 against their Java twins.
set -u
mkdir -p "$OUT"
C=.gpu-carry
B=/tmp/s104
mkdir -p $B && tar xJf $C/s104.tar.xz -C $B && chmod +x $B/old/* $B/new/*
. bench/gpu/icd.sh
nproc >> "$OUT/env.txt"; nvidia-smi -L >> "$OUT/env.txt" 2>&1
ms() { local t0=$(date +%s%N); "$@" > /tmp/o.out 2>&1; echo "$(( ($(date +%s%N) - t0) / 1000000 ))"; }
kern() { python3 -c '
import json, sys
t = 0
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "launch":
        t += e.get("kernel_ns", 0)
print("%.3f" % (t / 1e6))' "$1"; }
run() {  # NAME ROUNDS ARGS...
    local name=$1 rounds=$2; shift 2
    for round in $(seq 1 $rounds); do
        for v in old new; do
            b=$B/$v/$name
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 $b "$@" > /tmp/t.out 2> /tmp/t.trace
            k=$(kern /tmp/t.trace)
            w=$(SOMD_DEVICE=opencl ms timeout 120 $b "$@")
            c=$(SOMD_DEVICE=cpu ms timeout 120 $b "$@")
            echo "$name $* round $round $v: kernel $k ms; opencl process $w ms; cpu process $c ms; $(tail -1 /tmp/t.out)"
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
    run s104nest 5 2000000 5
    run s102window 5 4000000 10
    cpu series 3 10000
    cpu sor 3 1500 100
    cpu crypt 3 20000000
    cpu sparsematmult 3 100000 200
    cpu lufact 3 1000
    cpu mosaic 3 6000 6000
    cpu cp 3 2000 512
    cpu allpairs 3 1000 1000 1000
    cpu montecarlo 3 8192 10000
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
