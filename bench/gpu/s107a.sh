#!/usr/bin/env bash
# Session 107: the whole end-to-end suite on the GPU (last run whole in the seventy-sixth
# session, 413 programs then), and the CPU changes of the hundred-and-fifth and
# hundred-and-sixth sessions (checks of `long` loops and between a fill's blocks, work not
# taken after a stop, home ranges of balanced calls) on the machine's 16 cores.
# Carried in .gpu-carry: E2E (archives, default e2e-stage.tar.xz: e2e-partK, a third of the
# programs of tests/run and the samples whose binaries hold a kernel, 558 staged at
# 7682ed64; e2e-lanes, the 31 whose kernels hold a lanes fold, staged at a6cbfc45 with
# its vote),
# s107.tar.xz (old/NAME and new/NAME: the samples and the bench
# programs s105long and s106fill, built with the compiler and runtime at ad316ba8, before
# the two sessions, and at 7682ed64; vote/mosaic with the lanes form's vote, a6cbfc45):
# (OLDNEW names another archive of old/ and new/ builds: bench/gpu/build_oldnew.sh.)
# 1. each archive's programs under SOMD_DEVICE=opencl SOMD_STRICT=1 against their Java twins;
# 2. Mosaic (6000 6000) before and with the vote, five rounds: kernel ms, GPU process ms;
#    s105long old and new in turn, five rounds, Mosaic three: kernel ms, GPU and CPU
#    process ms;
# 3. s106fill and the samples, old and new in turn, CPU process ms on 16 cores (five rounds
#    of LUFact, three of the others), and LUFact's `eliminate` calls summed from a trace.
set -u
mkdir -p "$OUT"
C=.gpu-carry
. bench/gpu/icd.sh
nproc >> "$OUT/env.txt"; nvidia-smi -L >> "$OUT/env.txt" 2>&1
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
for part in ${E2E:-e2e-stage.tar.xz}; do
    [ -f $C/$part ] || continue
    name=$(basename $part .tar.xz)
    S=/tmp/gpu-stage-$name
    mkdir -p $S && tar xJf $C/$part -C $S && chmod +x $S/bin/*
    mkdir -p "$OUT/$name"
    t0=$(date +%s)
    OCL_ICD_VENDORS=/tmp/icd-nv timeout ${SUITE_LIMIT:-330} python3 -u bench/gpu/gpu_run.py \
        --stage $S --out "$OUT/$name" --pocl "" --reps 1 > /tmp/suite-stdout.txt 2>&1
    echo "$name: exit $? after $(( $(date +%s) - t0 )) s"; tail -2 /tmp/suite-stdout.txt
    head -1 "$OUT/$name/suite.txt"; grep "^FAIL" "$OUT/$name/suite.txt" | head -20
done
OLDNEW=${OLDNEW:-s107.tar.xz}
[ -f $C/$OLDNEW ] && [ -z "${SKIP_OLDNEW:-}" ] || exit 0
B=/tmp/s107
mkdir -p $B && tar xJf $C/$OLDNEW -C $B && chmod +x $B/old/* $B/new/*
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
gpu() {  # NAME ROUNDS ARGS...
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
lucalls() {  # ROUNDS N
    for round in $(seq 1 $1); do
        for v in old new; do
            SOMD_DEVICE=cpu SOMD_TRACE=json timeout 120 $B/$v/lufact $2 > /dev/null 2> /tmp/l.trace
            echo "lufact $2 calls round $round $v: $(python3 bench/gpu/call_totals.py /tmp/l.trace | grep -i elim | head -2 | tr '\n' ' ')"
        done
    done
}
vote() {  # ROUNDS ARGS...: Mosaic before (7682ed64) and with the lanes form's vote
    local rounds=$1; shift
    local L=$B/vote/mosaic
    [ -x $L ] || return 0
    for round in $(seq 1 $rounds); do
        for v in $B/new/mosaic $L; do
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 $v "$@" > /tmp/t.out 2> /tmp/t.trace
            k=$(kern /tmp/t.trace)
            w=$(SOMD_DEVICE=opencl ms timeout 120 $v "$@")
            echo "mosaic $* round $round $(basename $v): kernel $k ms; opencl process $w ms; $(python3 bench/gpu/launch_totals.py /tmp/t.trace | cut -c1-160)"
        done
    done
}
{
    vote 5 6000 6000
    gpu s105long 5 1000000 5
    gpu mosaic 3 6000 6000
    cpu s106fill 5 4000000 20
    cpu lufact 5 1000
    lucalls 3 1000
    cpu series 3 10000
    cpu sor 3 1500 100
    cpu crypt 3 20000000
    cpu sparsematmult 3 100000 200
    cpu mosaic 3 6000 6000
    cpu montecarlo 3 65536 10000
    cpu mriq 3 65536 2048
    cpu kmeans 3 1000000 8 10
    cpu nbody 3 8192 10
    cpu pipeline 3 200000
} 2>&1 | tee "$OUT/oldnew.txt"
