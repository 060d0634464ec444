#!/usr/bin/env bash
# Session 31 on the GPU, one call: the staged e2e suite (suite-only.sh; stage as run.sh's
# header says), then device_nest_offsets, device_offset_starts and device_search_down
# under SOMD_TRACE=json against their expected outputs with per-method call medians and
# launch dimensions; the exception programs exc_nest_offset (a 2-D kernel's check),
# exc_offset_start (the CPU path: the start plus 1 wraps) and exc_search_down (a search
# kept on the CPU) five times each; then bench/gpu/programs/nest_offsets.somd at NO_SIZE:
# binary `nest_offsets` (this session's compiler) on the GPU and the 16 cores, and
# `nest_offsets_old` (the compiler before the session, cecd14c) on the GPU, three
# interleaved rounds, both in .gpu-carry/s31.tar.xz.
# Writes under OUT: suite.log, programs.txt, nest_offsets.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s31-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s31-traces
mkdir -p "$T"
{
    for p in device_nest_offsets device_offset_starts device_search_down; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
        python3 bench/gpu/call_medians.py "$T/$p.trace" | sed "s/^/  /"
        grep '"event":"launch"' "$T/$p.trace" | sed 's/.*"name":"\([^"]*\)".*"dims":\([0-9]\).*/  launch \1 dims \2/' | sort | uniq -c
    done
    for p in exc_nest_offset exc_offset_start exc_search_down; do
        for k in 1 2 3 4 5; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
B=/tmp/s31-bin
mkdir -p "$B" && tar xJf .gpu-carry/s31.tar.xz -C "$B" && chmod +x "$B"/*
size=${NO_SIZE:-4000 4000 20000000 20 3}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "cores $(nproc) args $size"
    for r in 1 2 3; do
        echo "round $r gpu: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 150 "$B/nest_offsets" $size | tr '\n' ' ')"
        echo "round $r gpu-old: $(SOMD_DEVICE=opencl timeout 150 "$B/nest_offsets_old" $size | tr '\n' ' ')"
        echo "round $r cpu$(nproc): $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) timeout 150 "$B/nest_offsets" $size | tr '\n' ' ')"
    done
    echo "gpu traced: $(SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json timeout 150 "$B/nest_offsets" $size 2> "$T/nest_offsets.trace" | tr '\n' ' ')"
    python3 bench/gpu/call_medians.py "$T/nest_offsets.trace" | sed "s/^/  /"
    echo "gpu-old traced: $(SOMD_DEVICE=opencl SOMD_TRACE=json timeout 150 "$B/nest_offsets_old" $size 2> "$T/nest_offsets_old.trace" | tr '\n' ' ')"
    python3 bench/gpu/call_medians.py "$T/nest_offsets_old.trace" | sed "s/^/  /"
} 2>&1 | tee "$OUT/nest_offsets.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
