#!/usr/bin/env bash
# One device call (eighth session): the CPU back end against rayon on all cores, for the
# benchmarks of issue 5's CPU target, from this branch's staged executables and, when
# .gpu-carry/bench-stage-before.tar.xz is there too (the same staging at the commit
# before the session), from those, in the same call, so that the ratios compare.
# Stage as baselines.sh's header says (`--device seq,cpu` is enough); for the before
# stage, the same in a checkout of the earlier commit, packed as bench-stage-before.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
FILTERS=(--filter sor --filter sparsematmult --filter lufact --filter kmeans --filter mosaic
  --filter blackscholes --filter cp --filter nbody)
run() {
  tag=$1; stage=$2
  mkdir -p "$stage" && tar xJf ".gpu-carry/$3" -C "$stage" || return
  chmod +x "$stage"/*
  timeout "${CPU_LIMIT:-270}" "$stage/somd-bench" --prebuilt "$stage" --device seq,cpu \
    --threads "$(nproc)" --reps "${REPS:-5}" --warmups 1 "${FILTERS[@]}" \
    --json "$OUT/cpu-$tag.json" > "$OUT/cpu-$tag.md" 2> "$OUT/cpu-$tag.log"
  echo "$tag exit $?"
  grep -E "gen cpu [0-9]+ / rayon|gen seq / base seq" "$OUT/cpu-$tag.md"
}
run after /tmp/bench-stage bench-stage.tar.xz
if [ -f .gpu-carry/bench-stage-before.tar.xz ]; then
  run before /tmp/bench-stage-before bench-stage-before.tar.xz
fi
