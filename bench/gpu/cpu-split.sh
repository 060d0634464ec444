#!/usr/bin/env bash
# The CPU back end on the device machine's 16 cores with SOMD_SPLIT MIs per thread of a
# balanced call (runtime/src/somd.rs, mi_count_balanced), against rayon on the same cores:
# one somd-bench run per split, at the benchmark sizes.
# There: OUT=results SPLITS="4 16" bench/gpu/cpu-split.sh [somd-bench options]
# (carries .gpu-carry/bench-stage.tar.xz, staged as bench/gpu/baselines.sh says).
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
STAGE=/tmp/bench-stage; mkdir -p $STAGE && tar xJf .gpu-carry/bench-stage.tar.xz -C $STAGE && chmod +x $STAGE/*
for split in ${SPLITS:-4 16}; do
  SOMD_SPLIT=$split timeout "${HARNESS_LIMIT:-250}" "$STAGE/somd-bench" --prebuilt "$STAGE" \
    --device cpu --threads "$(nproc)" --reps "${REPS:-3}" --warmups 1 \
    --json "$OUT/split-$split.json" "$@" > "$OUT/split-$split.md" 2> "$OUT/split-$split.log"
  echo "split $split: somd-bench exit $?"
done
