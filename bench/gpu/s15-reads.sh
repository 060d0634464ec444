#!/usr/bin/env bash
# Fifteenth session, last device call: the e2e suite on the GPU (after `SyncCall::reduce`
# reads every partials buffer in one wait), then argext.somd built against the runtime
# before that change (.gpu-carry/argext-old) and after it (.gpu-carry/argext), alternated
# three times on the GPU (wall medians of 15 calls each, printed by the program), and the
# new one with SOMD_TRACE=json for kernel and transfer times. Carries
# .gpu-carry/stage.tar.xz, .gpu-carry/argext, .gpu-carry/argext-old.
#   OUT=results bench/gpu/s15-reads.sh
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
OUT=$OUT/suite bash bench/gpu/suite-only.sh > /dev/null 2>&1
echo "suite exit $?"; tail -2 "$OUT/suite/suite.txt" 2>/dev/null
tar cJf "$OUT/suite15c.tar.xz" -C "$OUT" suite && rm -rf "$OUT/suite"
for round in 1 2 3; do
  for b in argext-old argext; do
    echo "round $round $b: $(SOMD_DEVICE=opencl SOMD_STRICT=1 .gpu-carry/$b 25 15 | tail -1)"
  done
done | tee "$OUT/reads-ab.txt"
SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json .gpu-carry/argext 25 15 > "$OUT/argext-gpu.out" 2> "$OUT/argext-gpu.trace"
python3 bench/gpu/call_medians.py "$OUT/argext-gpu.trace" | tee "$OUT/argext-gpu-kernels.txt"
