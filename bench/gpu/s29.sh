#!/usr/bin/env bash
# Session 29 on the GPU, one call: the staged e2e suite (suite-only.sh; stage as run.sh's
# header says), then device_row_lengths and device_offset_index under SOMD_TRACE=json
# against their expected outputs with per-method call medians; the exception programs of
# row lengths (exc_row_index: the CPU path after the host's row check; exc_row_read: the
# kernel's row check) five times each; then bench/gpu/programs/offset_index.somd (binary
# `offset_index` in .gpu-carry/s29.tar.xz, built from the same commit) at OI_SIZE, GPU
# against the 16 cores, three interleaved rounds.
# Writes under OUT: suite.log, programs.txt, offset_index.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s29-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s29-traces
mkdir -p "$T"
{
    for p in device_row_lengths device_offset_index; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
        python3 bench/gpu/call_medians.py "$T/$p.trace" | sed "s/^/  /"
    done
    for p in exc_row_index exc_row_read; do
        for k in 1 2 3 4 5; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
B=/tmp/s29-bin
mkdir -p "$B" && tar xJf .gpu-carry/s29.tar.xz -C "$B" && chmod +x "$B"/*
size=${OI_SIZE:-10000000 64 100000000 20 3}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "cores $(nproc) args $size"
    for r in 1 2 3; do
        echo "round $r gpu: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 "$B/offset_index" $size | tr '\n' ' ')"
        echo "round $r cpu$(nproc): $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) timeout 120 "$B/offset_index" $size | tr '\n' ' ')"
    done
    echo "gpu traced: $(SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json timeout 120 "$B/offset_index" $size 2> "$T/offset_index.trace" | tr '\n' ' ')"
    python3 bench/gpu/call_medians.py "$T/offset_index.trace" | sed "s/^/  /"
} 2>&1 | tee "$OUT/offset_index.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
