#!/usr/bin/env bash
# Session 49 on the GPU, first call: the staged e2e suite at the session's runtime change
# (suite-only.sh; stage as its header says; SKIP_SUITE=1 skips it), then
# bench/gpu/programs/matrix_downloads.somd and the All-Pairs sample built at 93cc26e ("n": a
# download's new matrix zeroed row by row, then read into) and with the change ("c": staged
# matrix downloads into uninitialised rows), three interleaved rounds; All-Pairs
# 1000 1000 1000 traced.
# Carries .gpu-carry: stage.tar.xz (unless SKIP_SUITE), s49-bench.tar.xz
# ({matrix_downloads,allpairs}-{n,c}). Writes under OUT: suite.txt, matrix.txt, allpairs.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s49-suite bash bench/gpu/suite-only.sh > /tmp/s49-suite.log 2>&1
    echo "suite: exit $?"
    cp /tmp/s49-suite/suite.txt "$OUT/suite.txt" 2>/dev/null
    tail -3 "$OUT/suite.txt" 2>/dev/null
fi
B=/tmp/s49-bench
mkdir -p "$B" && tar xJf .gpu-carry/s49-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
env=(SOMD_DEVICE=opencl SOMD_STRICT=1)
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for round in 1 2 3; do
        for v in n c; do
            echo "round $round $v:"
            env "${env[@]}" timeout 120 "$B/matrix_downloads-$v" 15 2>&1
        done
    done
} > "$OUT/matrix.txt" 2>&1
cat "$OUT/matrix.txt"
{
    for round in 1 2 3 4 5; do
        for v in n c; do
            echo "round $round $v:"
            env "${env[@]}" SOMD_TRACE=json timeout 120 "$B/allpairs-$v" 1000 1000 1000 \
                > /tmp/s49.out 2> /tmp/s49.trace
            tail -1 /tmp/s49.out
            python3 bench/gpu/call_totals.py /tmp/s49.trace
            grep '"transfer"' /tmp/s49.trace | grep '"d2h"' | tail -2
        done
    done
} > "$OUT/allpairs.txt" 2>&1
cat "$OUT/allpairs.txt"
