#!/usr/bin/env bash
# Static profile of the generated and the hand-tuned OpenCL kernels on the GPU machine:
# Nsight Compute profiles no OpenCL kernel there, so the evidence is what the driver
# compiles. One run of the harness (opencl only, one repetition) fills the binary caches;
# bench/gpu/ptx_profile.py assembles each cached PTX program with `ptxas -v` and counts its
# machine instructions with `cuobjdump -sass`. Stage as baselines.sh's header says.
#   OUT=results bench/gpu/kernel-profile.sh [somd-bench options, e.g. --filter crypt]
# Results: $OUT/kernels.md (one row per kernel), $OUT/ptx-sass.tar.xz, $OUT/run.md.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
chmod +x "$STAGE"/*
. bench/gpu/icd.sh
export SOMD_CACHE_DIR=${SOMD_CACHE_DIR:-$(mktemp -d)}
timeout "${HARNESS_LIMIT:-300}" "$STAGE/somd-bench" --prebuilt "$STAGE" --device opencl \
  --threads 1 --reps 1 --warmups 0 "$@" > "$OUT/run.md" 2> "$OUT/run.log"
echo "somd-bench exit $?"
ls /usr/local/cuda/bin 2>/dev/null | tr '\n' ' '; echo
python3 bench/gpu/ptx_profile.py "$SOMD_CACHE_DIR" "$OUT" "${ARCH:-sm_90}"
