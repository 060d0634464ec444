#!/usr/bin/env bash
# Static data on the GPU: the staged e2e programs (suite-only.sh), then the static-data
# programs under SOMD_TRACE=json (statics uploads per construct, output against the
# expected file) and the exception programs three more times. Stage as suite-only.sh's
# header says; OUT names the results folder.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=$OUT/f bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
for p in device_statics device_statics_values; do
    b=$S/bin/e2e_$p
    SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$b" > "$OUT/$p.out" 2> "$OUT/$p.trace"
    echo "$p: status $? output $(cmp -s "$OUT/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
    grep -c '"buffer":"statics"' "$OUT/$p.trace" | sed "s/^/$p: statics uploads /"
    grep '"event":"launch"' "$OUT/$p.trace" | grep -o '"name":"[^"]*"' | sort | uniq -c
done
for p in exc_static_bounds exc_static_null; do
    for k in 1 2 3; do
        echo "$p: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" 2>&1 | tail -2 | tr '\n' ' ') status ${PIPESTATUS[0]}"
    done
done | sort | uniq -c | tee "$OUT/exceptions.txt"
