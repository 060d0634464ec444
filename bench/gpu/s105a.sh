#!/usr/bin/env bash
# Session 105: loops over a `long` index check for a failure elsewhere (the long copy past
# 2^16 steps, the shared counter for loops holding loops), and work handed to other threads
# checks the watches around it (a chain of watches: every CPU call's MIs and every pool
# `@`'s items take their caller's).
# Carried in .gpu-carry: s105.tar.xz (old/NAME and new/NAME: bench program s105long and
# the samples, built with the compiler and runtime before (ad316ba8) and after the
# changes), e2e-stage.tar.xz (every loopcheck_, exc_stop_, exc_data_loop_ and task
# program of the suite):
# 1. s105long old and new in turn, five rounds: kernel ms (every launch of a traced run
#    summed), GPU process ms, CPU (16 cores) process ms;
# 2. the samples, old and new in turn, three rounds, on the CPU's 16 cores: process ms;
# 3. the staged programs under SOMD_DEVICE=opencl SOMD_STRICT=1 against their Java twins.
set -u
mkdir -p "$OUT"
C=.gpu-carry
B=/tmp/s105
mkdir -p $B && tar xJf $C/s105.tar.xz -C $B && chmod +x $B/old/* $B/new/*
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
            echo "$name $* round $round $v: $(python3 bench/gpu/launch_totals.py /tmp/t.trace)"
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
    run s105long 5 1000000 5
    cpu series 3 10000
    cpu sor 3 1500 100
    cpu crypt 3 20000000
    cpu sparsematmult 3 100000 200
    cpu lufact 3 1000
    cpu mosaic 3 6000 6000
    cpu montecarlo 3 65536 10000
    cpu mriq 3 65536 2048
    cpu kmeans 3 1000000 8 10
    cpu nbody 3 8192 10
    cpu pipeline 3 200000
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
