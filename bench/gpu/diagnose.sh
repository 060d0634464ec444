#!/usr/bin/env bash
# One device call for the kernels that miss their target (docs/performance.md): the static
# profile of every generated and hand kernel (kernel-profile.sh), the kernel time split by
# kernel (kernel_times.py) and, for Mosaic, the generated kernel with and without the staged
# rows of the slices form (SOMD_STAGE_ROWS=0). Stage as baselines.sh's header says.
#   OUT=results bench/gpu/diagnose.sh
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
export STAGE
OUT=$OUT/profile HARNESS_LIMIT=${PROFILE_LIMIT:-150} bash bench/gpu/kernel-profile.sh \
  --filter crypt --filter kmeans --filter blackscholes --filter mosaic > /dev/null 2>&1
echo "profile: $(grep -c '^| gen\|^| hand' "$OUT/profile/kernels.md" 2>/dev/null) kernels"
. bench/gpu/icd.sh
REPS=${REPS:-3} timeout "${TIMES_LIMIT:-150}" python3 bench/gpu/kernel_times.py "$STAGE" \
  'crypt 20000000' 'kmeans 8000000 8 1' 'blackscholes 8000000' 'mosaic 6000 6000' \
  'sparsematmult 100000 200' > "$OUT/kernel-times.md" 2>&1
cat "$OUT/kernel-times.md"
for stage_rows in 1 0; do
  SOMD_STAGE_ROWS=$stage_rows timeout "${AB_LIMIT:-100}" "$STAGE/somd-bench" --prebuilt "$STAGE" \
    --device opencl --threads 1 --reps 3 --warmups 1 --filter mosaic \
    > "$OUT/mosaic-stage-$stage_rows.md" 2> "$OUT/mosaic-stage-$stage_rows.log"
  echo "SOMD_STAGE_ROWS=$stage_rows"; grep -E "mosaic .*(gen|hand) opencl" "$OUT/mosaic-stage-$stage_rows.md"
done
SOMD_DEVICE=opencl SOMD_TRACE=json "$STAGE/gen-mosaic" 6000 6000 2>&1 >/dev/null \
  | grep -E '"stage"|"launch"' | head -8 > "$OUT/mosaic-trace.txt"
cat "$OUT/mosaic-trace.txt"
