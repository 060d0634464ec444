#!/usr/bin/env bash
# Session 109, third device call: where s105long's kernels lose their time on the GPU since
# the hundred-and-fifth session (old 3.9 ms, new 24.1 ms for its 15 launches in s109b's
# rounds): each kernel's time in traced runs of the old and new builds (s109.tar.xz,
# launch_totals.py), then the kernel variants of s109_long_ablation.py.
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
B=/tmp/s109
mkdir -p $B && tar xJf .gpu-carry/s109.tar.xz -C $B && chmod +x $B/old/* $B/new/*
for round in 1 2 3; do
    for v in old new; do
        SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 $B/$v/s105long 1000000 5 > /dev/null 2> /tmp/t.trace
        echo "s105long round $round $v: $(python3 bench/gpu/launch_totals.py /tmp/t.trace | cut -c1-200)"
    done
done
python3 bench/gpu/s109_long_ablation.py 1000000
