#!/usr/bin/env bash
# Runs the end-to-end programs and the sample benchmarks on the OpenCL GPU of a machine
# without Rust (docs/performance.md, "OpenCL back end on the GPU").
#
# Here (with Rust), stage the programs (release builds of the e2e suite's workspace) and the
# benchmark harness, and pack them (the device call carries .gpu-carry, at most 64 MiB):
#   export CARGO_TARGET_DIR=$PWD/target-gpu S=/tmp/gpu-stage
#   SOMD_E2E_STAGE=$S cargo test -p somd-tests --test run stage_
#   cargo build --release -p somd-bench && mkdir -p $S/prebuilt
#   cp $CARGO_TARGET_DIR/release/{somd-bench,somd-baseline} $S/prebuilt/
#   for b in vectoradd series sor nbody saxpy montecarlo; do
#     cp $S/bin/sample_$b $S/prebuilt/gen-$b; done
#   strip $S/bin/* $S/prebuilt/*; mkdir -p .gpu-carry
#   tar cJf .gpu-carry/stage.tar.xz -C $S .
# There, from the repository root, with .gpu-carry carried:
#   OUT=results bench/gpu/run.sh [--skip-suite] [--reps N] [--bench 'NAME ARGS'...]
# Without --bench, the benchmarks and sizes of DEFAULT_BENCH below are run; then the
# harness runs `somd-bench --prebuilt STAGE/prebuilt --device cpu,opencl --threads NPROC`
# on the benchmarks that have device kernels and a baseline.
# Results: $OUT/env.txt (GPU, driver, OpenCL platforms), $OUT/suite.txt, $OUT/kernels.txt,
# $OUT/perf.md, $OUT/perf.json, $OUT/log.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
if [ -z "${STAGE:-}" ]; then
  STAGE=/tmp/gpu-stage
  mkdir -p "$STAGE" && tar xJf .gpu-carry/stage.tar.xz -C "$STAGE" || exit 1
fi
chmod +x "$STAGE"/bin/* 2>/dev/null
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1
  nvidia-smi 2>&1 | head -5
  nproc
  echo "--- /etc/OpenCL/vendors"
  ls -l /etc/OpenCL/vendors 2>&1 && head -v /etc/OpenCL/vendors/* 2>&1
  echo "--- libOpenCL / libnvidia-opencl"
  ldconfig -p | grep -i -E 'libOpenCL|nvidia-opencl|pocl' 2>&1
  ls /usr/local/nvidia/lib64 2>/dev/null | grep -i opencl
  command -v clinfo && clinfo -l 2>&1
} > "$OUT/env.txt" 2>&1

. bench/gpu/icd.sh
if ! ldconfig -p | grep -q 'libOpenCL.so.1'; then
  l=$(find / -name 'libOpenCL.so.1' -not -path '/proc/*' 2>/dev/null | head -1)
  [ -n "$l" ] && export OPENCL_DYLIB_PATH=$l && echo "OPENCL_DYLIB_PATH=$l" >> "$OUT/env.txt"
fi
# Which device each selector opens, as the runtime reports it in its trace.
for sel in opencl opencl:portable opencl:pocl; do
  echo "--- SOMD_DEVICE=$sel: devices in the trace of sample_vectoradd" >> "$OUT/env.txt"
  SOMD_DEVICE=$sel SOMD_TRACE=json "$STAGE/bin/sample_vectoradd" 2>&1 >/dev/null \
    | grep -o '"device":"[^"]*"' | sort -u >> "$OUT/env.txt"
done
cat "$OUT/env.txt"

pocl=""
SOMD_DEVICE=opencl:portable SOMD_STRICT=1 "$STAGE/bin/sample_vectoradd" >/dev/null 2>&1 \
  && pocl=portable
DEFAULT_BENCH=(
  "vectoradd 20000000" "saxpy 20000000" "sum 50000000" "normalize 20000000"
  "blackscholes 4000000" "montecarlo 8192 10000" "mosaic 1024 4096" "pipeline 2000"
)
bench=()
case " $* " in
  *" --bench"*) ;;
  *) for b in "${DEFAULT_BENCH[@]}"; do bench+=(--bench "$b"); done ;;
esac
timeout "${SCRIPT_LIMIT:-330}" python3 -u bench/gpu/gpu_run.py --stage "$STAGE" --out "$OUT" \
  --pocl "$pocl" "${bench[@]}" "$@" 2>&1 | tee "$OUT/log.txt"
if [ -x "$STAGE/prebuilt/somd-bench" ]; then
  timeout "${HARNESS_LIMIT:-120}" "$STAGE/prebuilt/somd-bench" --prebuilt "$STAGE/prebuilt" \
    --device cpu,opencl --threads "$(nproc)" --reps "${REPS:-5}" --warmups 1 \
    --filter vectoradd --filter saxpy --filter montecarlo --json "$OUT/bench.json" \
    > "$OUT/bench.md" 2> "$OUT/bench.log"
  echo "somd-bench exit $?"; cat "$OUT/bench.md"; tail -5 "$OUT/bench.log"
fi
