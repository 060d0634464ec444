#!/usr/bin/env bash
# Session 52, a later device call: the e2e suite on the GPU (suite-only.sh, carrying
# .gpu-carry/stage.tar.xz), then the device calls' time with and without huge pages
# (TRACED=1 bench/gpu/s52-ab.py, carrying .gpu-carry/ab.tar.xz). Writes under OUT:
# suite.txt, kernels.txt, env.txt, traced.md.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s52-suite SCRIPT_LIMIT=${SCRIPT_LIMIT:-300} bash bench/gpu/suite-only.sh > /tmp/s52-suite.log 2>&1
echo "suite: exit $?"
cp /tmp/s52-suite/suite.txt /tmp/s52-suite/kernels.txt /tmp/s52-suite/env.txt "$OUT/" 2>/dev/null
tail -3 "$OUT/suite.txt" 2>/dev/null
mkdir -p /tmp/ab-stage && tar xJf .gpu-carry/ab.tar.xz -C /tmp/ab-stage && chmod +x /tmp/ab-stage/*/*
. bench/gpu/icd.sh
TRACED=1 REPS=5 STAGE=/tmp/ab-stage timeout 200 python3 bench/gpu/s52-ab.py > "$OUT/traced.md" 2>&1
echo "traced exit $?"
cat "$OUT/traced.md"
