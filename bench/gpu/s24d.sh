#!/usr/bin/env bash
# Session 24: bench/gpu/programs/narrow_down.somd built at 1fbe8df (nd-old: the storage of
# an array a download fills is zeroed by the calling thread) and with that storage zeroed
# on the pool (nd-new), binaries in .gpu-carry/s24d.tar.xz, on the GPU in three
# interleaved rounds (`up` and `down` return a fresh 134 MB array per call). Writes
# OUT/s24d.txt.
set -u
OUT=${OUT:-gpu-results}
B=/tmp/s24d-bin
mkdir -p "$OUT" "$B" && tar xJf .gpu-carry/s24d.tar.xz -C "$B" || exit 1
{
    for r in 1 2 3; do
        for v in old new; do
            echo "round $r gpu-$v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/nd-$v" 25 15 | tr '\n' ' ')"
        done
        echo "round $r cpu$(nproc): $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$B/nd-new" 25 15 | tr '\n' ' ')"
    done
} 2>&1 | tee "$OUT/s24d.txt"
