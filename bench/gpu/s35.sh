#!/usr/bin/env bash
# Session 35 on the GPU, first call: the staged e2e suite (suite-only.sh), the programs of
# the session's change (array locals naming the method's output) under SOMD_TRACE=json with
# each launch's NDRange dimensions, the exception program three times, then the new
# All-Pairs benchmark through the harness (bench-stage.tar.xz, as baselines.sh's header
# says) at the paper's size and at 4096 x 4096 vectors of 64 floats: generated OpenCL
# against the hand-tuned tiled kernel, the CPU back end on every core against rayon.
# Writes under OUT: suite.log, programs.txt, allpairs-*.md/json/log, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s35-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s35-traces
mkdir -p "$T"
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in e2e_device_output_rows sample_allpairs; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/$p.out" && echo same || echo DIFFERENT)"
        python3 bench/gpu/launch_dims.py "$T/$p.trace"
    done
    for p in exc_output_row; do
        for k in 1 2 3; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
B=/tmp/bench-stage
mkdir -p "$B" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$B" && chmod +x "$B"/*
SOMD_DEVICE=opencl "$B/somd-clbaseline" copy > "$OUT/copy.txt" 2>&1
for size in "1000 1000 1000" "4096 4096 64"; do
    tag=$(echo "$size" | tr ' ' x)
    timeout 240 "$B/somd-bench" --prebuilt "$B" --filter allpairs --args "allpairs=$size" \
        --device seq,cpu,opencl --threads "$(nproc)" --reps 5 --warmups 1 \
        --json "$OUT/allpairs-$tag.json" > "$OUT/allpairs-$tag.md" 2> "$OUT/allpairs-$tag.log"
    echo "allpairs $size: exit $?"
    cat "$OUT/allpairs-$tag.md"
done
