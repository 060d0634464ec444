#!/usr/bin/env bash
# Session 31 on the GPU, third call (at the final code commit, whose ordered stores also
# cover row locals): the staged e2e suite (suite-only.sh; stage as run.sh's header says)
# and exc_store_order five times. Writes under OUT: suite.log, programs.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s31c-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
for k in 1 2 3 4 5; do
    SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_exc_store_order" > /tmp/eso.$k.out 2> /tmp/eso.$k.err
    echo "exc_store_order: exit $? $(tail -2 /tmp/eso.$k.err | tr '\n' ' ')"
done | sort | uniq -c | tee "$OUT/programs.txt"
grep -E "FAIL|differ" "$OUT/suite.log" | head -20
