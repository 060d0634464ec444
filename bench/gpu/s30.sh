#!/usr/bin/env bash
# Session 30 on the GPU, one call: the staged e2e suite (suite-only.sh; stage as run.sh's
# header says), then device_offset_tests, device_row_widths and device_strided under
# SOMD_TRACE=json against their expected outputs with per-method call medians; the
# exception programs exc_size_wrap (the CPU path: the bound wraps), exc_offset_test and
# exc_strided (kernel checks) five times each; then bench/gpu/programs/strided_rows.somd
# (binary `strided_rows` in .gpu-carry/s30.tar.xz, built from the same commit) at SR_SIZE,
# GPU against the 16 cores, three interleaved rounds.
# Writes under OUT: suite.log, programs.txt, strided_rows.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s30-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s30-traces
mkdir -p "$T"
{
    for p in device_offset_tests device_row_widths device_strided; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
        python3 bench/gpu/call_medians.py "$T/$p.trace" | sed "s/^/  /"
    done
    for p in exc_size_wrap exc_offset_test exc_strided; do
        for k in 1 2 3 4 5; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
B=/tmp/s30-bin
mkdir -p "$B" && tar xJf .gpu-carry/s30.tar.xz -C "$B" && chmod +x "$B"/*
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
