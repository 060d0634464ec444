#!/usr/bin/env bash
# Session 104, the fold checks in blocks: range folds of more than 1024 applications ask
# `somd_stop` between blocks of 1024 instead of counting each (s104c.sh measured the
# counting form); shorter ones run as written (run e; run d had every fold in blocks). Kernel ms
# per kernel of a traced run, GPU and CPU-16 process ms, old (ca6d0fe7) and new in turn,
# five rounds. Carried in .gpu-carry: s104d.tar.xz (old/NAME, new/NAME).
set -u
mkdir -p "$OUT"
C=.gpu-carry
B=/tmp/s104d
mkdir -p $B && tar xJf $C/s104d.tar.xz -C $B && chmod +x $B/old/* $B/new/*
. bench/gpu/icd.sh
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
{
    run s104fold 5 1000000 5
    run s71parts 3 16000000 30 4000 200000
    run mosaic 3 6000 6000
} 2>&1 | tee "$OUT/oldnew.txt"
