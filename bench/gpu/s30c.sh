#!/usr/bin/env bash
# Session 30 on the GPU, third call: the staged e2e suite (suite-only.sh; stage as run.sh's
# header says) at the commit of the second review's mends, then the session's programs
# under SOMD_TRACE=json against their expected outputs and its exception programs five
# times each. Writes under OUT: suite.log, programs.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s30c-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s30c-traces
mkdir -p "$T"
{
    for p in device_offset_tests device_row_widths device_strided device_column_offsets; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
    done
    for p in exc_size_wrap exc_offset_test exc_strided exc_host_le exc_wrapped_bound exc_versioned_local; do
        for k in 1 2 3 4 5; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
