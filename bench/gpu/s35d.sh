#!/usr/bin/env bash
# Session 35 on the GPU, fifth call, the final compiler (after the third review's mends of
# the block tiles: a bound of Integer.MIN_VALUE, `pre` calling library Math only): the
# staged e2e suite (suite-only.sh), device_blocks, device_blocks_min and the All-Pairs
# sample under SOMD_TRACE=json with each launch's NDRange dimensions, and the exception
# programs three times each. Writes under OUT: suite.log, programs.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s35d-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s35d-traces
mkdir -p "$T"
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in e2e_device_blocks e2e_device_blocks_min e2e_device_output_rows sample_allpairs; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/$p.out" && echo same || echo DIFFERENT)"
        python3 bench/gpu/launch_dims.py "$T/$p.trace"
    done
    for p in exc_blocks_short exc_blocks_post exc_blocks_bound exc_output_row; do
        for k in 1 2 3; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
