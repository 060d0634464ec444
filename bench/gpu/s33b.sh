#!/usr/bin/env bash
# Session 33 on the GPU, second call, after the reviews' mends and setup array locals'
# lengths as sizes: the staged e2e suite (suite-only.sh; stage as run.sh's header says),
# then device_plane_locals, device_helper_reassigns, device_view_order and device_rint
# under SOMD_TRACE=json against their expected outputs, and exc_plane_local_bounds and
# exc_view_order three times each.
# Writes under OUT: suite.log, programs.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s33b-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s33b-traces
mkdir -p "$T"
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in device_plane_locals device_helper_reassigns device_view_order device_rint; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
        grep '"event":"call"' "$T/$p.trace" | python3 -c '
import json, sys
for line in sys.stdin:
    j = json.loads(line)
    print("  %s: %s, %s launches" % (j["name"], j["placement"], j.get("launches", 0)))'
    done
    for p in exc_plane_local_bounds exc_view_order; do
        for k in 1 2 3; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
