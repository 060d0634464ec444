#!/usr/bin/env bash
# Session 26 on the GPU, first call: the staged e2e suite (suite-only.sh; stage as its
# header says), this session's device programs under SOMD_TRACE=json (output against the
# expected file, per-method call medians) and its exception programs five times each.
# Writes under OUT: suite.log, programs.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s26-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
    grep -E "^suite:" "$OUT/suite.log"
fi
S=/tmp/gpu-stage
[ -d "$S/bin" ] || { mkdir -p "$S" && tar xJf .gpu-carry/stage.tar.xz -C "$S"; } || exit 1
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s26-traces
mkdir -p "$T"
{
    for p in device_host_bounds device_returns device_fresh dist_block_2d_shapes; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
        python3 bench/gpu/call_medians.py "$T/$p.trace" | sed "s/^/  /"
    done
    for p in exc_host_bounds exc_returns exc_fresh exc_host_endless exc_host_loop; do
        for k in 1 2 3 4 5; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
