#!/usr/bin/env bash
# Fifteenth session: the e2e suite on the GPU (after result tables and argument extrema),
# then bench/gpu/programs/argext.somd (carried built and stripped as .gpu-carry/argext):
# an argument maximum and a min/max/count table against a plain maximum (one pass each),
# on the GPU (kernel times from SOMD_TRACE=json, wall medians printed by the program) and
# on the CPU back end with 16 threads. Carries .gpu-carry/stage.tar.xz, .gpu-carry/argext.
#   OUT=results bench/gpu/s15.sh
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
OUT=$OUT/suite bash bench/gpu/suite-only.sh > /dev/null 2>&1
echo "suite exit $?"; tail -2 "$OUT/suite/suite.txt" 2>/dev/null
tar cJf "$OUT/suite15.tar.xz" -C "$OUT" suite && rm -rf "$OUT/suite"
B=.gpu-carry/argext
SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json $B 25 15 > "$OUT/argext-gpu.out" 2> "$OUT/argext-gpu.trace"
echo "gpu exit $?"; cat "$OUT/argext-gpu.out"
SOMD_DEVICE=cpu SOMD_THREADS=16 $B 25 15 > "$OUT/argext-cpu16.out" 2>&1
echo "cpu16 exit $?"; cat "$OUT/argext-cpu16.out"
python3 bench/gpu/call_medians.py "$OUT/argext-gpu.trace" | tee "$OUT/argext-gpu-kernels.txt"
