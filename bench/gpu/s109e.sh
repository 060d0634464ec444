#!/usr/bin/env bash
# Session 109, last device call: s109_blocks_probe.py (where loopcheck_blocks' kernel of
# the session's start leaves Java's results on the GPU), then the suite's archives PARTS
# under SOMD_DEVICE=opencl SOMD_STRICT=1 (s107a.sh).
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
python3 bench/gpu/s109_blocks_probe.py 2>&1 | tee "$OUT/probe.txt"
[ -n "${PARTS:-}" ] && E2E="$PARTS" SUITE_LIMIT=${SUITE_LIMIT:-300} SKIP_OLDNEW=1 bash bench/gpu/s107a.sh 2>&1
