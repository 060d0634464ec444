#!/usr/bin/env bash
# Eighty-fourth session on the device machine: the staged programs whose generated code the
# session changed against their twins (bench/gpu/s79.sh, unless NOSUITE=1; TRACE names the
# program whose transfers it prints), then SparseMatMult through the harness as staged by
# the session-start compiler (.gpu-carry/bench_before.tar.xz) and by this session's
# (.gpu-carry/bench_after.tar.xz): gen opencl, hand opencl, gen cpu 16, REPS rounds each,
# the two stagings alternating ROUNDS times so that the device's state spreads over both.
set -u
[ -n "${NOSUITE:-}" ] || TRACE=${TRACE:-device_outlined_loops} bash bench/gpu/s79.sh
. bench/gpu/icd.sh
for v in before after; do
  mkdir -p /tmp/bench_$v && tar xJf .gpu-carry/bench_$v.tar.xz -C /tmp/bench_$v
  chmod +x /tmp/bench_$v/*
done
for round in $(seq 1 "${ROUNDS:-2}"); do
  for v in before after; do
    d=/tmp/bench_$v
    timeout 240 $d/somd-bench --prebuilt $d --device cpu,opencl --threads 16 \
      --reps "${REPS:-5}" --warmups 1 --filter sparsematmult \
      --json "$OUT/sparse_${v}_$round.json" > "$OUT/sparse_${v}_$round.md" 2> "$OUT/sparse_${v}_$round.log"
    echo "== $v round $round exit $?"
    grep -E "gen opencl|hand opencl|gen cpu 16|rayon 16" "$OUT/sparse_${v}_$round.md"
  done
done
