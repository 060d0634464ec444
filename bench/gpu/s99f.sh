#!/usr/bin/env bash
# Session 99: CP's kernel time, which the whole harness found 0.9 ms at the eighty-fourth
# session (79e2e7e2) and 1.3 ms at 8798776f (`cp 2000 512`). Carried in .gpu-carry: `cp84`
# (built by 79e2e7e2's compiler against its runtime), `cpnow` (this session's compiler and
# runtime) and `cpmix` (this session's program with 79e2e7e2's kernel text: no copy of the
# atom loop for an index that may wrap). Five traced runs of each in turn per size; the
# kernel ms of `CP.potential` (call_totals.py), and the first output line.
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
chmod +x .gpu-carry/*
for args in "2000 512" "3968 512" "2000 2048"; do
    for round in 1 2 3 4 5; do
        for v in ${VARIANTS:-cp84 cpnow cpmix}; do
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 60 .gpu-carry/$v $args > /tmp/c.out 2> /tmp/c.trace
            k=$(python3 bench/gpu/call_totals.py /tmp/c.trace | grep "on opencl" | sed -E 's/.*kernel ([0-9.]+) ms/\1/')
            echo "cp $args round $round $v: kernel $k ms; $(sed -n 2p /tmp/c.out)"
        done
    done
done | tee "$OUT/cp.txt"
