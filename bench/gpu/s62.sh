#!/usr/bin/env bash
# Session 62, first device call: binaries built here at the session's base (`old`, f2a6d59f:
# device buffers taken by exact size, a `@` writing its mapped objects in Java's order on
# one thread) and at its last runtime change (`new`: buffers made in size classes; such a
# `@` side by side once its objects are found distinct), in .gpu-carry/.
# (1) varying_sizes (a `@` over a range whose length changes every round) on the GPU;
# (2) distinct_map (a `@` advancing distinct particles) on the CPU back end's 16 threads,
#     with applications of 50 `sin`s and with none (a cheap target: no comparison, in
#     order as before).
# Five interleaved rounds of old and new each, every run's output on one line.
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
export OUT=$FINAL
. bench/gpu/icd.sh > /dev/null
C=.gpu-carry
chmod +x $C/vs-old $C/vs-new $C/dm-old $C/dm-new
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "threads $(nproc)"
    for round in 1 2 3 4 5; do
        for v in old new; do
            echo "round $round varying_sizes 24 41 opencl $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 \
                timeout 120 $C/vs-$v 24 41 | tr '\n' ' ')"
        done
    done
    for round in 1 2 3 4 5; do
        for v in old new; do
            echo "round $round distinct_map 200000 50 9 cpu $v: $(SOMD_DEVICE=cpu \
                timeout 120 $C/dm-$v 200000 50 9 | tr '\n' ' ')"
            echo "round $round distinct_map 2000000 0 9 cpu $v: $(SOMD_DEVICE=cpu \
                timeout 120 $C/dm-$v 2000000 0 9 | tr '\n' ' ')"
        done
    done
} > "$FINAL/rounds.txt" 2>&1
SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 $C/vs-new 24 41 > /dev/null 2> /tmp/s62.trace
grep -c '"event":"reuse"' /tmp/s62.trace >> "$FINAL/rounds.txt"
python3 bench/gpu/call_totals.py /tmp/s62.trace >> "$FINAL/rounds.txt" 2>&1
cat "$FINAL/rounds.txt"
