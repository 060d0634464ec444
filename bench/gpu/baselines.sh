#!/usr/bin/env bash
# Generated OpenCL against the hand-tuned OpenCL baselines (bench/clbaselines/) on the
# GPU machine, which has no Rust toolchain (docs/performance.md, "The harness").
#
# Here (with Rust), build and stage the harness, both baselines and every generated
# program, then pack them (the device call carries .gpu-carry, at most 64 MiB):
#   cargo run --release -p somd-bench -- --quick --check-only --device seq,cpu,opencl \
#     --threads 1 --stage /tmp/bench-stage
#   strip /tmp/bench-stage/*; mkdir -p .gpu-carry
#   tar cJf .gpu-carry/bench-stage.tar.xz -C /tmp/bench-stage .
# There, from the repository root, with .gpu-carry carried:
#   OUT=results bench/gpu/baselines.sh [somd-bench options, e.g. --filter saxpy]
# It runs, at the benchmark sizes,
#   somd-bench --prebuilt STAGE --device seq,cpu,opencl --threads NPROC --reps 5 \
#     --warmups 1 --json $OUT/opencl.json
# Results: $OUT/env.txt (GPU, OpenCL platforms), $OUT/opencl.md (tables: kernel,
# kernel+transfers and end-to-end times, the ratios gen opencl / hand opencl, the device's
# copy bandwidth and the achieved GB/s), $OUT/opencl.json, $OUT/opencl.log.
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
  command -v clinfo >/dev/null && clinfo -l 2>&1
} > "$OUT/env.txt" 2>&1
. bench/gpu/icd.sh
# Which device the hand-tuned baselines open (the generated programs' rule).
SOMD_DEVICE=opencl "$STAGE/somd-clbaseline" copy >> "$OUT/env.txt" 2>&1
cat "$OUT/env.txt"
timeout "${HARNESS_LIMIT:-540}" "$STAGE/somd-bench" --prebuilt "$STAGE" \
  --device seq,cpu,opencl --threads "$(nproc)" --reps "${REPS:-5}" --warmups 1 \
  --json "$OUT/opencl.json" "$@" > "$OUT/opencl.md" 2> "$OUT/opencl.log"
echo "somd-bench exit $?"; cat "$OUT/opencl.md"; tail -5 "$OUT/opencl.log"
