#!/usr/bin/env bash
# Session 48 on the GPU, second call: whether the zeroing pass of a download's new array
# costs. mid_transfers and the SparseMatMult sample built at 05f4578 ("n") and with that
# runtime's `read_array` taking uninitialised storage instead of `fresh_slots` ("u", an
# experiment, not committed). Three interleaved rounds; SparseMatMult 100000 200 traced.
# Carries .gpu-carry: s48u.tar.xz. Writes under OUT: mid.txt, sparse.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
B=/tmp/s48u
mkdir -p "$B" && tar xJf .gpu-carry/s48u.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
env=(SOMD_DEVICE=opencl SOMD_STRICT=1)
{
    for round in 1 2 3; do
        for v in n u; do
            echo "round $round $v:"
            env "${env[@]}" timeout 120 "$B/mid_transfers-$v" 25 2>&1
        done
    done
} > "$OUT/mid.txt" 2>&1
cat "$OUT/mid.txt"
{
    for round in 1 2 3; do
        for v in n u; do
            echo "round $round $v:"
            env "${env[@]}" SOMD_TRACE=json timeout 120 "$B/sparsematmult-$v" 100000 200 \
                > /tmp/s48b.out 2> /tmp/s48b.trace
            tail -1 /tmp/s48b.out
            python3 bench/gpu/call_totals.py /tmp/s48b.trace
        done
    done
} > "$OUT/sparse.txt" 2>&1
cat "$OUT/sparse.txt"
