#!/usr/bin/env bash
# Session 104: where s102window's kernel time moved with the shared stop counter: kernel ms
# per kernel (launch_totals.py) of a traced run, old and new in turn, three rounds each of
# s102window and s104nest; then the PTX and ptxas figures of each variant's kernels
# (ptx_profile.py), from a run with a cache directory of its own.
set -u
mkdir -p "$OUT"
C=.gpu-carry
B=/tmp/s104
mkdir -p $B && tar xJf $C/s104.tar.xz -C $B && chmod +x $B/old/* $B/new/*
. bench/gpu/icd.sh
for round in 1 2 3; do
    for name in s102window s104nest; do
        for v in old new; do
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 $B/$v/$name 4000000 5 > /tmp/t.out 2> /tmp/t.trace
            echo "$name round $round $v: $(python3 bench/gpu/launch_totals.py /tmp/t.trace)"
        done
    done
done 2>&1 | tee "$OUT/kernels.txt"
for name in s102window s104nest; do
    for v in old new; do
        d=/tmp/cache-$name-$v
        rm -rf $d && mkdir -p $d
        SOMD_CACHE_DIR=$d SOMD_DEVICE=opencl timeout 60 $B/$v/$name 100000 1 > /dev/null
        python3 bench/gpu/ptx_profile.py $d "$OUT/ptx-$name-$v" > "$OUT/ptx-$name-$v.txt" 2>&1
        cat "$OUT/ptx-$name-$v.txt"
    done
done
