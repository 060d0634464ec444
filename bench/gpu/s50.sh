#!/usr/bin/env bash
# Session 50 on the GPU, first call: where SparseMatMult's and LUFact's device calls spend
# their time (SOMD_TRACE=json with each event's `at_ns`, three traced runs each at the
# harness's sizes, gaps.py per run), then the whole harness, three rounds, at 7199571's
# runtime (the 32 MiB threshold of 1-D downloads), s10-final.sh limited to 420 s.
# Carries .gpu-carry: prof/ (sparsematmult and lufact built at 456c2e6, the at_ns trace, with
# `somdc build` + `cargo build --release`, stripped), bench-stage.tar.xz (`cargo build
# --release -p somd-bench -p somdc`, then `target/release/somd-bench --quick --check-only
# --device seq,cpu,opencl --threads 1 --stage /tmp/bench-stage`).
# Writes under OUT: gaps.txt, traces.tar.xz, all50.tar.xz (opencl.md, opencl.json, opencl.log).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT/traces"
. bench/gpu/icd.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$OUT/env.txt"
for round in 1 2 3; do
  for prog in "sparsematmult 100000 200" "lufact 1000"; do
    set -- $prog
    name=$1; shift
    trace="$OUT/traces/$name-$round.json"
    SOMD_DEVICE=opencl SOMD_TRACE=json ".gpu-carry/prof/$name" "$@" 2> "$trace" | md5sum | cut -c1-8
    echo "round $round $name" >> "$OUT/gaps.txt"
    python3 bench/gpu/call_totals.py "$trace" >> "$OUT/gaps.txt"
    python3 bench/gpu/gaps.py "$trace" --top 14 >> "$OUT/gaps.txt"
  done
done
tar cJf "$OUT/traces.tar.xz" -C "$OUT" traces && rm -rf "$OUT/traces"
grep -A16 "round 3" "$OUT/gaps.txt"
OUT=$OUT NAME=all50 REPS=3 HARNESS_LIMIT=420 bash bench/gpu/s10-final.sh
