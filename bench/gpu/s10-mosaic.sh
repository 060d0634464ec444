#!/usr/bin/env bash
# Mosaic's generated kernel with the tile held in registers across the fold over the
# library (note `device-execution`, "Rows held in registers") against the memory path of
# the same binary (`SOMD_HOLD_ROWS=0`, the ninth session's kernel) and the hand kernel, on
# the GPU machine. Stage as mosaic-sad.sh's header says (the commit to measure;
# `--filter mosaic` is enough):
#   cargo build --release -p somd-bench
#   target/release/somd-bench --quick --check-only --device seq,cpu,opencl \
#     --threads 1 --filter mosaic --stage /tmp/bench-stage
#   strip /tmp/bench-stage/*; mkdir -p .gpu-carry
#   tar cJf .gpu-carry/bench-stage.tar.xz -C /tmp/bench-stage .
# There, from the repository root, with .gpu-carry carried:
#   OUT=results bench/gpu/s10-mosaic.sh
# It runs (about 100 s on the H200):
#   1. the generated kernel alone under six switch settings, REPS (5) runs each, in turn
#      (one run of each setting per round, so drift touches all alike): the median of the
#      profiled `launch` time of `map_Mosaic_bestMatch`, and whether the program's output
#      is the default's ($OUT/switches.txt):
#        default                             held tile, staged rows (the new path)
#        SOMD_HOLD_ROWS=0                    the tile read per candidate (old path)
#        SOMD_STAGE_ROWS=0                   held tile, no staging
#        SOMD_HOLD_ROWS=0 SOMD_STAGE_ROWS=0  old path without staging
#        SOMD_NARROW=off                     int tiles (no byte path, nothing held)
#        SOMD_NESTED_FORM=lanes              the lanes form, held tile
#   2. the kernel time per kernel (kernel_times.py, REPS runs): `map_Mosaic_bestMatch`
#      (+ `_combine`) against `best_in_slice` + `best_of_slices` ($OUT/kernel-times.md);
#   3. the harness for mosaic (6000 x 6000) on the device, REPS repetitions: gen/hand
#      kernel, kernel+transfers and end-to-end ratios ($OUT/mosaic.md);
#   4. the `narrow`, `stage` and `launch` events of one default run ($OUT/mosaic-trace.txt).
# ARGS (default "6000 6000") sets Mosaic's sizes for steps 1 and 4.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
REPS=${REPS:-5}
ARGS=${ARGS:-6000 6000}
export STAGE REPS
if [[ ! -x "$STAGE/gen-mosaic" ]]; then
  mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
  chmod +x "$STAGE"/*
fi
nvidia-smi --query-gpu=name,driver_version --format=csv > "$OUT/env.txt" 2>&1
. bench/gpu/icd.sh
cat "$OUT/env.txt"

settings=("" "SOMD_HOLD_ROWS=0" "SOMD_STAGE_ROWS=0" "SOMD_HOLD_ROWS=0 SOMD_STAGE_ROWS=0"
  "SOMD_NARROW=off" "SOMD_NESTED_FORM=lanes")
declare -A times
# One untimed run per setting first: each setting builds its own program variant once
# (the binary cache keeps it for the timed runs).
key() { local k=${1:-default}; echo "${k// /_}"; }
for s in "${settings[@]}"; do
  env $s SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 "$STAGE/gen-mosaic" $ARGS \
    > "$OUT/out-$(key "$s").txt" 2>/dev/null
  times[$(key "$s")]=""
done
for _ in $(seq "$REPS"); do
  for s in "${settings[@]}"; do
    # A failed run, or one that traced no launch of the kernel, is recorded as FAIL (left
    # out of the median), never as 0 ns.
    ns=""
    if env $s SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json \
      timeout 60 "$STAGE/gen-mosaic" $ARGS 2> "$OUT/trace.json" > /dev/null; then
      ns=$(grep '"event":"launch"' "$OUT/trace.json" | grep '"map_Mosaic_bestMatch"' \
        | sed -n 's/.*"kernel_ns":\([0-9]*\).*/\1/p' | head -1)
    fi
    times[$(key "$s")]+="${ns:-FAIL} "
  done
done
rm -f "$OUT/trace.json"
: > "$OUT/switches.txt"
for s in "${settings[@]}"; do
  runs=${times[$(key "$s")]}
  median=$(printf '%s\n' $runs | grep -v FAIL | sort -n \
    | awk '{a[NR]=$1} END {print NR ? a[int((NR+1)/2)] : "n/a"}')
  failed=$(printf '%s\n' $runs | grep -c FAIL)
  same=$(cmp -s "$OUT/out-default.txt" "$OUT/out-$(key "$s").txt" && echo same || echo DIFFERENT)
  echo "${s:-default}: map_Mosaic_bestMatch median $median ns (runs: ${runs% }; $failed failed;" \
    "output $same)" | tee -a "$OUT/switches.txt"
done

timeout "${TIMES_LIMIT:-120}" python3 bench/gpu/kernel_times.py "$STAGE" "mosaic $ARGS" \
  > "$OUT/kernel-times.md" 2>&1
cat "$OUT/kernel-times.md"

if [[ -x "$STAGE/somd-bench" ]]; then
  timeout "${HARNESS_LIMIT:-150}" "$STAGE/somd-bench" --prebuilt "$STAGE" \
    --device opencl --threads "$(nproc)" --reps "$REPS" --warmups 1 --filter mosaic \
    --json "$OUT/mosaic.json" > "$OUT/mosaic.md" 2> "$OUT/mosaic.log"
  echo "somd-bench exit $?"; cat "$OUT/mosaic.md"
fi

SOMD_DEVICE=opencl SOMD_TRACE=json "$STAGE/gen-mosaic" $ARGS 2>&1 >/dev/null \
  | grep -E '"narrow"|"stage"|"launch"' | head -12 > "$OUT/mosaic-trace.txt"
cat "$OUT/mosaic-trace.txt"
