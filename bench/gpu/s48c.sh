#!/usr/bin/env bash
# Session 48 on the GPU, third call: the staged e2e suite at the session's last runtime
# change (suite-only.sh; stage as its header says), then bench/gpu/programs/mid_transfers.somd
# and the SparseMatMult sample built at 05f4578 ("n": a download's new array zeroed, then
# read into) and with the committed change ("c": staged downloads into uninitialised
# storage), three interleaved rounds; SparseMatMult 100000 200 traced.
# Carries .gpu-carry: stage.tar.xz, s48c-bench.tar.xz ({mid_transfers,sparsematmult}-{n,c}).
# Writes under OUT: suite.txt, mid.txt, sparse.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s48c-suite bash bench/gpu/suite-only.sh > /tmp/s48c-suite.log 2>&1
    echo "suite: exit $?"
    cp /tmp/s48c-suite/suite.txt "$OUT/suite.txt" 2>/dev/null
    tail -3 "$OUT/suite.txt" 2>/dev/null
fi
B=/tmp/s48c-bench
mkdir -p "$B" && tar xJf .gpu-carry/s48c-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
env=(SOMD_DEVICE=opencl SOMD_STRICT=1)
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for round in 1 2 3; do
        for v in n c; do
            echo "round $round $v:"
            env "${env[@]}" timeout 120 "$B/mid_transfers-$v" 25 2>&1
        done
    done
} > "$OUT/mid.txt" 2>&1
cat "$OUT/mid.txt"
{
    for round in 1 2 3; do
        for v in n c; do
            echo "round $round $v:"
            env "${env[@]}" SOMD_TRACE=json timeout 120 "$B/sparsematmult-$v" 100000 200 \
                > /tmp/s48c.out 2> /tmp/s48c.trace
            tail -1 /tmp/s48c.out
            python3 bench/gpu/call_totals.py /tmp/s48c.trace
        done
    done
} > "$OUT/sparse.txt" 2>&1
cat "$OUT/sparse.txt"
