#!/usr/bin/env bash
# Session 63, third device call: s63b's rounds of `+ ! (Main @ step(ps, ..))` again, with
# `new` built at 0e5b9e09 (rt::somd::map_reduce_distinct folding whole blocks once the rest
# runs in order) against `old` (c5200311, the fused form in Java's order), 16 threads.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
C=.gpu-carry/s63c
chmod +x $C/distinct_reduce_old $C/distinct_reduce_new
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "threads $(nproc)"
    for round in 1 2 3 4 5; do
        for v in old new; do
            echo "round $round distinct_reduce 200000 50 9 cpu $v: $(SOMD_DEVICE=cpu \
                timeout 120 $C/distinct_reduce_$v 200000 50 9 | tr '\n' ' ')"
            echo "round $round distinct_reduce 2000000 0 9 cpu $v: $(SOMD_DEVICE=cpu \
                timeout 120 $C/distinct_reduce_$v 2000000 0 9 | tr '\n' ' ')"
        done
    done
} > "$FINAL/rounds.txt" 2>&1
cat "$FINAL/rounds.txt"
