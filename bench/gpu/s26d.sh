#!/usr/bin/env bash
# Session 26 on the GPU, last call: the staged e2e suite at the final code (suite-only.sh;
# stage as its header says), the session's device programs and the sync bodies whose
# scratch parameter is no longer uploaded under SOMD_TRACE=json (output against the
# expected file, per-method call medians), the session's exception programs five times
# each, and bench/gpu/programs/host_bounds.somd built at the final code
# (.gpu-carry/s26d.tar.xz: host_bounds-final) against the 16 cores, three rounds.
# Writes under OUT: suite.log, programs.txt, host_bounds.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s26d-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s26d-traces
B=/tmp/s26d-bin
mkdir -p "$T" "$B" && tar xJf .gpu-carry/s26d.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    for p in device_host_bounds device_returns device_fresh dist_block_2d_shapes sync_device \
             sync_reduce_device sync_value_class sync_value_params; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
        python3 bench/gpu/call_medians.py "$T/$p.trace" | sed "s/^/  /"
    done
    for p in exc_host_bounds exc_returns exc_fresh exc_fresh_rows exc_first_of_many_sync exc_bounds_sync; do
        for k in 1 2 3 4 5; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
size=${HB_SIZE:-4096 4096 3}
{
    for r in 1 2 3; do
        echo "round $r gpu-final: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/host_bounds-final" $size | tr '\n' ' ')"
        echo "round $r cpu$(nproc)-final: $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$B/host_bounds-final" $size | tr '\n' ' ')"
    done
} 2>&1 | tee "$OUT/host_bounds.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
