#!/usr/bin/env bash
# Session 109, device call for the long copies in blocks (carry .gpu-carry: s109n.tar.xz
# from bench/gpu/build_oldnew.sh cb65ede2, old = the session's start, new = long copies in
# blocks of 1024 iterations; and the suite archives named by PARTS, pack_stage.sh's):
# 1. old and new in turn, three rounds, on the GPU: each kernel's ms in a traced run
#    (launch_totals.py) and the untraced process ms: s105long, s102window, s104nest and
#    the samples whose kernels hold a long copy (LUFact, Monte Carlo);
# 2. s109_long_ablation.py with the session's generated kernels (`blk_*`);
# 3. the suite's archives PARTS under SOMD_DEVICE=opencl SOMD_STRICT=1 (s107a.sh).
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
B=/tmp/s109n
mkdir -p $B && tar xJf .gpu-carry/s109n.tar.xz -C $B && chmod +x $B/old/* $B/new/*
ms() { local t0=$(date +%s%N); "$@" > /tmp/o.out 2>&1; echo "$(( ($(date +%s%N) - t0) / 1000000 ))"; }
gpu() {  # NAME ARGS...
    local name=$1; shift
    for round in 1 2 3; do
        for v in old new; do
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 $B/$v/$name "$@" > /tmp/t.out 2> /tmp/t.trace
            w=$(SOMD_DEVICE=opencl ms timeout 120 $B/$v/$name "$@")
            echo "$name $* round $round $v: process $w ms; $(python3 bench/gpu/launch_totals.py /tmp/t.trace | cut -d'|' -f1 | cut -c1-150); $(tail -1 /tmp/t.out | cut -c1-60)"
        done
    done
}
{
    gpu s105long 1000000 5
    gpu s102window
    gpu s104nest
    gpu lufact 1000
    gpu montecarlo 8192 10000
    python3 bench/gpu/s109_long_ablation.py 1000000
} 2>&1 | tee "$OUT/blocks.txt"
[ -n "${PARTS:-}" ] && E2E="$PARTS" SUITE_LIMIT=${SUITE_LIMIT:-300} SKIP_OLDNEW=1 bash bench/gpu/s107a.sh 2>&1
