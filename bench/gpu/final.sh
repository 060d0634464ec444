#!/usr/bin/env bash
# One device call for the figures of docs/performance.md after the session's last changes:
# the suite and the sample benchmarks on the GPU (run.sh), then the CPU back end's scaling
# on all cores for the four benchmarks with CPU goals. Stage as run.sh's header says.
set -u
OUT=${OUT:-gpu-results}
STAGE=/tmp/gpu-stage
mkdir -p "$STAGE" && tar xJf .gpu-carry/stage.tar.xz -C "$STAGE" || exit 1
export STAGE
SCRIPT_LIMIT=${SCRIPT_LIMIT:-260} bench/gpu/run.sh \
  --bench "vectoradd 20000000" --bench "saxpy 20000000" --bench "sum 50000000" \
  --bench "normalize 20000000" --bench "blackscholes 4000000" --bench "montecarlo 8192 10000" \
  --bench "nbody 4096 10" --bench "kmeans 1000000 8 10" --bench "mosaic 1024 4096"
timeout 240 "$STAGE/prebuilt/somd-bench" --prebuilt "$STAGE/prebuilt" --device seq,cpu \
  --threads 1,2,4,8,16 --reps 5 --warmups 1 --filter vectoradd --filter series --filter sor \
  --filter nbody --json "$OUT/cpu.json" > "$OUT/cpu.md" 2> "$OUT/cpu.log"
echo "cpu scaling exit $?"; cat "$OUT/cpu.md"; tail -3 "$OUT/cpu.log"
