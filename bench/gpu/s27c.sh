#!/usr/bin/env bash
# Session 27 on the GPU, third call: the staged e2e suite at 1ba9c7b
# (suite-only.sh; stage as run.sh's header says), then device_host_bounds (its new
# methods: `scan`, the guarded width beside bounds reading a host scalar; `lanes` and
# `doubling`, sizes with `<<` and `>>>`) under SOMD_TRACE=json against its expected output
# with per-method call medians, and the exception programs of bounds reading host scalars
# five times each.
# Writes under OUT: suite.log, programs.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s27c-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s27c-traces
mkdir -p "$T"
{
    for p in device_host_bounds; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
        python3 bench/gpu/call_medians.py "$T/$p.trace" | sed "s/^/  /"
    done
    for p in exc_host_bounds exc_fresh_rows exc_bounds_sync; do
        for k in 1 2 3 4 5; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
