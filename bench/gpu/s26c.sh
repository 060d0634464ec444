#!/usr/bin/env bash
# Session 26 on the GPU, third call: bench/gpu/programs/host_bounds.somd after scratch
# parameters stopped being uploaded (.gpu-carry/s26c.tar.xz: host_bounds-unread built at
# 9babe3b, host_bounds-new at 87ac2f0 as in s26b.sh, host_bounds-old at c0ccfa3), three
# interleaved rounds: both new builds on the GPU, the last one on every CPU core, the old
# one under the default placement; one traced GPU run for its transfers.
# Writes under OUT: unread.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
T=/tmp/s26c-traces
B=/tmp/s26c-bin
mkdir -p "$T" "$B" && tar xJf .gpu-carry/s26c.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
size=${HB_SIZE:-4096 4096 3}
{
    for r in 1 2 3; do
        echo "round $r gpu-unread: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/host_bounds-unread" $size | tr '\n' ' ')"
        echo "round $r gpu-new: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/host_bounds-new" $size | tr '\n' ' ')"
        echo "round $r cpu$(nproc)-unread: $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$B/host_bounds-unread" $size | tr '\n' ' ')"
        echo "round $r default-old: $("$B/host_bounds-old" $size | tr '\n' ' ')"
    done
    echo "gpu-unread traced: $(SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$B/host_bounds-unread" $size 2> "$T/unread.trace" | tr '\n' ' ')"
    python3 bench/gpu/call_medians.py "$T/unread.trace" | sed "s/^/  /"
} 2>&1 | tee "$OUT/unread.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
