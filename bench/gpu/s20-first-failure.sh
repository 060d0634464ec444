#!/usr/bin/env bash
# Failures of many elements on the GPU: the staged e2e programs (suite-only.sh), then each
# staged exc_first_of_many* program five times more (Java's first failure every time).
# Stage as suite-only.sh's header says; OUT names the results folder.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=$OUT/f bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
for b in /tmp/gpu-stage/bin/e2e_exc_first_of_many*; do
    for k in 1 2 3 4 5; do
        echo "$(basename "$b"): $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$b" 2>&1 | tail -2 | head -1)"
    done
done | sort | uniq -c | tee "$OUT/first-failure.txt"
