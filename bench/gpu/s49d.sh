#!/usr/bin/env bash
# Session 49 on the GPU, fourth call: the threshold of 1-D downloads into uninitialised
# storage (device.rs, UNINIT_BELOW: 32 MiB). Saxpy, Vector Add and SparseMatMult as in
# s49c.sh, "t" built with the threshold, against s49c.sh's "u" and "z", three interleaved
# traced rounds.
# Carries .gpu-carry/s49d-bench.tar.xz ({saxpy,vectoradd,sparsematmult}-{t,u,z}).
# Writes under OUT: abt.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
B=/tmp/s49d-bench
mkdir -p "$B" && tar xJf .gpu-carry/s49d-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for round in 1 2 3; do
        for args in "saxpy 20000000" "vectoradd 20000000" "sparsematmult 100000 200"; do
            set -- $args
            for v in t u z; do
                start=$(date +%s%N)
                SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json timeout 120 "$B/$1-$v" "${@:2}" \
                    > /tmp/s49d.out 2> /tmp/s49d.trace
                end=$(date +%s%N)
                echo "round $round $1 $v: process $(( (end - start) / 1000000 )) ms, out $(md5sum < /tmp/s49d.out | cut -c1-8)"
                python3 bench/gpu/call_totals.py /tmp/s49d.trace
            done
        done
    done
} > "$OUT/abt.txt" 2>&1
cat "$OUT/abt.txt"
