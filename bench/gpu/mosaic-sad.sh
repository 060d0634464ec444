#!/usr/bin/env bash
# Mosaic's generated kernel with the SAD idiom (note `device-execution`, "The SAD idiom")
# against the hand kernel, on the GPU machine. Stage as baselines.sh's header says (build
# the stage at the commit to measure; `--filter mosaic` is enough for this script; run
# the built binary rather than `cargo run`: the harness rebuilds itself before staging,
# and under `cargo run` it then found its own executable replaced and could not copy it):
#   cargo build --release -p somd-bench
#   target/release/somd-bench --quick --check-only --device seq,cpu,opencl \
#     --threads 1 --filter mosaic --stage /tmp/bench-stage
#   strip /tmp/bench-stage/*; mkdir -p .gpu-carry
#   tar cJf .gpu-carry/bench-stage.tar.xz -C /tmp/bench-stage .
# There, from the repository root, with .gpu-carry carried:
#   OUT=results bench/gpu/mosaic-sad.sh
# It runs:
#   1. the harness for mosaic (6000 x 6000) on the device, REPS (5) repetitions: gen/hand
#      kernel, kernel+transfers and end-to-end ratios ($OUT/mosaic.md);
#   2. the kernel time per kernel (kernel_times.py): `map_Mosaic_bestMatch` (+ `_combine`)
#      against `best_in_slice` + `best_of_slices` ($OUT/kernel-times.md);
#   3. the generated kernel alone under four switches, REPS runs each, the median of its
#      profiled `launch` time ($OUT/switches.txt): the default (uchar rows: the byte path,
#      the tile staged as bytes), SOMD_STAGE_ROWS=0 (byte path on global rows),
#      SOMD_NARROW=off (int storage: no byte path, the tile staged as int) and both;
#   4. the `narrow`, `stage` and `launch` events of one default run ($OUT/mosaic-trace.txt).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
REPS=${REPS:-5}
export STAGE REPS
if [[ ! -x "$STAGE/somd-bench" ]]; then
  mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
  chmod +x "$STAGE"/*
fi
. bench/gpu/icd.sh
nvidia-smi --query-gpu=name,driver_version --format=csv > "$OUT/env.txt" 2>&1
cat "$OUT/env.txt"
timeout "${HARNESS_LIMIT:-200}" "$STAGE/somd-bench" --prebuilt "$STAGE" \
  --device opencl --threads "$(nproc)" --reps "$REPS" --warmups 1 --filter mosaic \
  --json "$OUT/mosaic.json" > "$OUT/mosaic.md" 2> "$OUT/mosaic.log"
echo "somd-bench exit $?"; cat "$OUT/mosaic.md"
timeout "${TIMES_LIMIT:-150}" python3 bench/gpu/kernel_times.py "$STAGE" 'mosaic 6000 6000' \
  > "$OUT/kernel-times.md" 2>&1
cat "$OUT/kernel-times.md"
: > "$OUT/switches.txt"
for switches in "" "SOMD_STAGE_ROWS=0" "SOMD_NARROW=off" "SOMD_NARROW=off SOMD_STAGE_ROWS=0"; do
  times=()
  for _ in $(seq "$REPS"); do
    ns=$(env $switches SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json \
      timeout 60 "$STAGE/gen-mosaic" 6000 6000 2>&1 >/dev/null \
      | grep '"event":"launch"' | grep '"map_Mosaic_bestMatch"' \
      | sed -n 's/.*"kernel_ns":\([0-9]*\).*/\1/p' | head -1)
    times+=("${ns:-0}")
  done
  median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (REPS + 1) / 2 ))p")
  echo "${switches:-default}: map_Mosaic_bestMatch median $median ns (runs: ${times[*]})" \
    | tee -a "$OUT/switches.txt"
done
SOMD_DEVICE=opencl SOMD_TRACE=json "$STAGE/gen-mosaic" 6000 6000 2>&1 >/dev/null \
  | grep -E '"narrow"|"stage"|"launch"' | head -12 > "$OUT/mosaic-trace.txt"
cat "$OUT/mosaic-trace.txt"
