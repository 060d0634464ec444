#!/usr/bin/env bash
# Sixteenth session: the e2e suite on the GPU (after private arrays and labelled jumps),
# then bench/gpu/programs/median.somd (carried built and stripped as .gpu-carry/median): a
# 3x3 median filter whose window is a private int[9] of each work-item, 4096 x 4096 ints,
# on the GPU (kernel times from SOMD_TRACE=json, wall medians printed by the program) and
# on the CPU back end with 16 threads (where it ran before this session on every
# placement). Carries .gpu-carry/stage.tar.xz, .gpu-carry/median.
#   OUT=results bench/gpu/s16.sh
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
OUT=$OUT/suite bash bench/gpu/suite-only.sh > /dev/null 2>&1
echo "suite exit $?"; tail -2 "$OUT/suite/suite.txt" 2>/dev/null
grep -E "device_private|device_labels|exc_private" "$OUT/suite/suite.txt" | head -6
tar cJf "$OUT/suite16.tar.xz" -C "$OUT" suite && rm -rf "$OUT/suite"
B=.gpu-carry/median
SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json $B 12 9 > "$OUT/median-gpu.out" 2> "$OUT/median-gpu.trace"
echo "gpu exit $?"; cat "$OUT/median-gpu.out"
SOMD_DEVICE=cpu SOMD_THREADS=16 $B 12 9 > "$OUT/median-cpu16.out" 2>&1
echo "cpu16 exit $?"; cat "$OUT/median-cpu16.out"
python3 bench/gpu/call_medians.py "$OUT/median-gpu.trace" | tee "$OUT/median-gpu-kernels.txt"
