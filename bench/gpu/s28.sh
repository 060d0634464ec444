#!/usr/bin/env bash
# Session 28 on the GPU, one call: the staged e2e suite (suite-only.sh; stage as run.sh's
# header says), then device_loop_forms (counted loops in other Java forms, searches
# stepping by 2, a host `for` around a parallel loop) under SOMD_TRACE=json against its
# expected output with per-method call medians; the exception programs that now run on the
# device as host loops around kernels (exc_descending_steps, exc_first_of_many_steps) five
# times each; then bench/gpu/programs/loop_forms.somd (binary `loop_forms` in
# .gpu-carry/s28.tar.xz, built from the same commit) at LF_SIZE, GPU against the 16 cores,
# three interleaved rounds.
# Writes under OUT: suite.log, programs.txt, loop_forms.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s28-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s28-traces
mkdir -p "$T"
{
    for p in device_loop_forms; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
        python3 bench/gpu/call_medians.py "$T/$p.trace" | sed "s/^/  /"
    done
    for p in exc_descending_steps exc_first_of_many_steps; do
        for k in 1 2 3 4 5; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
B=/tmp/s28-bin
mkdir -p "$B" && tar xJf .gpu-carry/s28.tar.xz -C "$B" && chmod +x "$B"/*
size=${LF_SIZE:-4096 4096 50 100000000 3}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "cores $(nproc) args $size"
    for r in 1 2 3; do
        echo "round $r gpu: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 "$B/loop_forms" $size | tr '\n' ' ')"
        echo "round $r cpu$(nproc): $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) timeout 120 "$B/loop_forms" $size | tr '\n' ' ')"
    done
    echo "gpu traced: $(SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json timeout 120 "$B/loop_forms" $size 2> "$T/loop_forms.trace" | tr '\n' ' ')"
    python3 bench/gpu/call_medians.py "$T/loop_forms.trace" | sed "s/^/  /"
} 2>&1 | tee "$OUT/loop_forms.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
