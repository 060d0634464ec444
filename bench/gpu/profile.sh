#!/usr/bin/env bash
# One device call: Nsight Compute (ncu) profiles of the generated and the hand-written
# kernels of the benchmarks that miss the 0.9x target, at the benchmark sizes. Needs
# .gpu-carry/bench-stage.tar.xz (see baselines.sh). Writes $OUT/NAME-{gen,hand}.csv (ncu's
# details page: speed of light, occupancy, launch statistics, instruction and memory
# summaries, one row per metric) and $OUT/summary.txt (a few headline metrics per kernel).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
chmod +x "$STAGE"/*
NCU=${NCU:-/usr/local/cuda/bin/ncu}
SECTIONS="--section SpeedOfLight --section LaunchStats --section Occupancy --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section InstructionStats --section WarpStateStats"
profile() { # name args...
  local name=$1; shift
  SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 90 "$NCU" $SECTIONS --launch-count 4 --csv --page details \
    "$STAGE/gen-$name" "$@" > "$OUT/$name-gen.csv" 2> "$OUT/$name-gen.err"
  echo "$name gen: exit $?"
  timeout 90 "$NCU" $SECTIONS --launch-count 4 --csv --page details \
    "$STAGE/somd-clbaseline" "$name" "$@" > "$OUT/$name-hand.csv" 2> "$OUT/$name-hand.err"
  echo "$name hand: exit $?"
}
for spec in ${BENCHES:-"crypt 20000000" "blackscholes 8000000" "kmeans 8000000 8 1" "mosaic 6000 6000"}; do
  profile $spec
done
# Headline metrics, per kernel launch.
for f in "$OUT"/*.csv; do
  echo "== $(basename "$f")"
  grep -E '"(Duration|Compute \(SM\) Throughput|Memory Throughput|DRAM Throughput|Achieved Occupancy|Registers Per Thread|Executed Instructions|Block Size|Grid Size|Theoretical Occupancy|L1/TEX Hit Rate|L2 Hit Rate|Issue Slots Busy|Warp Cycles Per Issued Instruction)"' "$f" \
    | awk -F'","' '{print $5 " | " $(NF-2) " | " $(NF-1) " " $NF}' | sed 's/"$//' | head -80
done > "$OUT/summary.txt"
head -c 20000 "$OUT/summary.txt"
