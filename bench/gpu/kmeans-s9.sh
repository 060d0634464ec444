#!/usr/bin/env bash
# One device call (ninth session): K-Means after value classes of 8 or 16 bytes of
# primitives became aligned to their size in kernels (`Point` read as one 8-byte load, as
# the hand kernel's `int2`) and histogram kernels test their versioning lengths once per
# work-item instead of once per iteration. Generated against hand-written OpenCL for K-Means
# and for the benchmarks whose value classes changed alignment too (Black-Scholes'
# `OptionPrice`, MRI-Q's `KSample` and `Q`), kernel time per kernel (K-Means also at 32M
# points), and the static profile of the K-Means kernels (registers, SASS by class).
# Stage as baselines.sh's header says; a stage of these three benchmarks is enough
# (`--filter kmeans --filter blackscholes --filter mriq` when staging).
#   OUT=results bench/gpu/kmeans-s9.sh
# Results: $OUT/kmeans-s9.md (harness tables, REPS=5), $OUT/kernel-times.md,
# $OUT/profile/kernels.md (+ ptx-sass.tar.xz: look for LDG.E.64 in map_KMeans_nearest).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
chmod +x "$STAGE"/*
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1
  nproc
} > "$OUT/env.txt" 2>&1
. bench/gpu/icd.sh
cat "$OUT/env.txt"
timeout "${HARNESS_LIMIT:-240}" "$STAGE/somd-bench" --prebuilt "$STAGE" --device opencl \
  --threads "$(nproc)" --reps "${REPS:-5}" --warmups 1 \
  --filter kmeans --filter blackscholes --filter mriq \
  --json "$OUT/kmeans-s9.json" > "$OUT/kmeans-s9.md" 2> "$OUT/kmeans-s9.log"
echo "somd-bench exit $?"; cat "$OUT/kmeans-s9.md"; tail -5 "$OUT/kmeans-s9.log"
REPS=${REPS:-5} timeout "${TIMES_LIMIT:-200}" python3 bench/gpu/kernel_times.py "$STAGE" \
  'kmeans 8000000 8 1' 'kmeans 33554432 8 1' 'blackscholes 8000000' 'mriq 16384 2048' \
  > "$OUT/kernel-times.md" 2>&1
cat "$OUT/kernel-times.md"
OUT=$OUT/profile HARNESS_LIMIT=${PROFILE_LIMIT:-120} bash bench/gpu/kernel-profile.sh \
  --filter kmeans > /dev/null 2>&1
grep -E '^\| (origin|gen|hand) ' "$OUT/profile/kernels.md" | grep -E 'origin|nearest|luster'
