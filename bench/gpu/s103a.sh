#!/usr/bin/env bash
# Session 103: loops that cannot fail check for a failure elsewhere only where their bound
# lets them run long (a copy for bounds 2^16 steps away or more), loops holding loops
# always; before, counted loops never checked and loops bounded by `Math` always did.
# Carried in .gpu-carry: s103.tar.xz (old/NAME and new/NAME: the samples whose kernels or
# CPU code changed and bench/gpu/programs/s102window.somd, built with the compiler before (6f4a180b)
# and after the change), e2e-stage.tar.xz (the suite's programs whose code changed):
# 1. old and new in turn, three rounds (s102window five), on the GPU: kernel ms (every
#    launch of a traced run summed) and process ms of an untraced run; on the CPU's 16
#    cores: process ms;
# 2. the staged programs under SOMD_DEVICE=opencl SOMD_STRICT=1 against their Java twins.
set -u
mkdir -p "$OUT"
C=.gpu-carry
B=/tmp/s103
mkdir -p $B && tar xJf $C/s103.tar.xz -C $B && chmod +x $B/old/* $B/new/*
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
{
    run s102window 5 4000000 10
    run series 3 10000
    run sor 3 1500 100
    run crypt 3 20000000
    run sparsematmult 3 100000 200
    run lufact 3 1000
    run mosaic 3 6000 6000
    run cp 3 2000 512
    run mriq 3 16384 2048
    run allpairs 3 1000 1000 1000
    run montecarlo 3 8192 10000
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
