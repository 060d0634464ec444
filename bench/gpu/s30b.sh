#!/usr/bin/env bash
# Session 30 on the GPU, second call: bench/gpu/programs/strided_rows.somd only (binary
# `strided_rows` in .gpu-carry/s30.tar.xz, rebuilt with the session's compiler: the first
# call's binary came from a stale `somdc` and placed `rotate` and `prefix` on the CPU), GPU
# against the 16 cores, three interleaved rounds, then a traced GPU run with per-method
# call medians. Writes under OUT: strided_rows.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
T=/tmp/s30b-traces
B=/tmp/s30b-bin
mkdir -p "$T" "$B" && tar xJf .gpu-carry/s30.tar.xz -C "$B" && chmod +x "$B"/*
size=${SR_SIZE:-10000000 20 20000 2000 3}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "cores $(nproc) args $size"
    for r in 1 2 3; do
        echo "round $r gpu: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 "$B/strided_rows" $size | tr '\n' ' ')"
        echo "round $r cpu$(nproc): $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) timeout 120 "$B/strided_rows" $size | tr '\n' ' ')"
    done
    echo "gpu traced: $(SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json timeout 120 "$B/strided_rows" $size 2> "$T/strided_rows.trace" | tr '\n' ' ')"
    python3 bench/gpu/call_medians.py "$T/strided_rows.trace" | sed "s/^/  /"
} 2>&1 | tee "$OUT/strided_rows.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
