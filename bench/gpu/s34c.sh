#!/usr/bin/env bash
# Session 34 on the GPU, third call, after the later reviews' mends (launches sized as the
# host makes them: sync bodies, intermediate reductions): the staged e2e suite
# (suite-only.sh), the programs those mends changed under SOMD_TRACE=json with each
# launch's NDRange dimensions, and the exception programs three times each. Writes under
# OUT: suite.log, programs.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s34c-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s34c-traces
mkdir -p "$T"
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in device_nest_prelude device_intermediate_sizes device_intermediate; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
        python3 bench/gpu/launch_dims.py "$T/$p.trace"
    done
    for p in exc_intermediate_size exc_nest_prelude exc_nest_prelude_row exc_nest_prelude_empty; do
        for k in 1 2 3; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
