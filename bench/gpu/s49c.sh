#!/usr/bin/env bash
# Session 49 on the GPU, third call: which change raised the harness's kernel+transfers
# figure of Saxpy, Vector Add, Crypt, SparseMatMult and K-Means (all47 -> all49). The
# samples built at 81a6a86 ("u": a staged 1-D download into uninitialised storage, 46b6158)
# and with 46b6158's runtime change reverted ("z": the new array zeroed on the pool, then
# read into), five interleaved traced rounds at the harness's sizes: process wall time and
# bench/gpu/call_totals.py per run.
# Carries .gpu-carry/s49c-bench.tar.xz ({saxpy,vectoradd,crypt,sparsematmult,kmeans}-{u,z}).
# Writes under OUT: ab.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
B=/tmp/s49c-bench
mkdir -p "$B" && tar xJf .gpu-carry/s49c-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for round in 1 2 3 4 5; do
        for args in "saxpy 20000000" "vectoradd 20000000" "crypt 20000000" \
                    "sparsematmult 100000 200" "kmeans 8000000 8 1"; do
            set -- $args
            for v in u z; do
                start=$(date +%s%N)
                SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json timeout 120 "$B/$1-$v" "${@:2}" \
                    > /tmp/s49c.out 2> /tmp/s49c.trace
                end=$(date +%s%N)
                echo "round $round $1 $v: process $(( (end - start) / 1000000 )) ms, out $(md5sum < /tmp/s49c.out | cut -c1-8)"
                python3 bench/gpu/call_totals.py /tmp/s49c.trace
            done
        done
    done
} > "$OUT/ab.txt" 2>&1
cat "$OUT/ab.txt"
