#!/usr/bin/env bash
# Map fusion (tenth session; note `device-execution`, "A map fused into the map that
# consumes it"): MRI-Q's `phiMag` runs inside `sample`'s kernel and `voxel` inside
# `computeQ`'s fused statements, so the generated program launches two kernels where it
# launched four. Old path (SOMD_MAPFUSE=0, the same binary) against new, on the device:
#   1. REPS (5) interleaved runs of each of `gen-mriq 16384 2048` under SOMD_TRACE=json:
#      the kernel time summed over every `launch` event, the launches, the call wall and
#      the end-to-end wall time; medians per variant ($OUT/mapfuse.txt);
#   2. kernel_times.py for both variants: per kernel, against the hand-written OpenCL
#      ($OUT/kernel-times-new.md, $OUT/kernel-times-old.md);
#   3. the harness for mriq (new path only: the harness sets no switch), kernel and
#      end-to-end ratios against the hand program ($OUT/mriq.md; HARNESS=0 skips it).
# Stage as baselines.sh's header says (`--filter mriq` is enough), built at the commit to
# measure; there, from the repository root, with .gpu-carry carried:
#   OUT=results bench/gpu/s10-mapfuse.sh
# SIZE overrides the arguments ("16384 2048"); about 60 s on an H200 at the default size.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
REPS=${REPS:-5}
SIZE=${SIZE:-16384 2048}
export STAGE REPS
if [[ ! -x "$STAGE/gen-mriq" ]]; then
  mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
  chmod +x "$STAGE"/*
fi
. bench/gpu/icd.sh
nvidia-smi --query-gpu=name,driver_version --format=csv > "$OUT/env.txt" 2>&1
cat "$OUT/env.txt"

# One traced run of gen-mriq with the switches in $1: "kernel_ms launches call_wall_ms wall_ms".
traced() {
  local s e
  s=$(date +%s%N)
  env $1 SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json timeout 120 "$STAGE/gen-mriq" $SIZE \
    2> "$OUT/trace.json" > "$OUT/run.out"
  local status=$?
  e=$(date +%s%N)
  python3 - "$OUT/trace.json" $(( (e - s) / 1000 )) "$status" <<'PY'
import json, sys
kernel = launches = wall = 0
for line in open(sys.argv[1], errors="replace"):
    if not line.startswith("{"):
        continue
    try:
        event = json.loads(line)
    except ValueError:
        continue
    if event.get("event") == "launch" and event.get("kernel_ns") is not None:
        kernel += event["kernel_ns"]
        launches += 1
    elif event.get("event") == "call":
        wall += event.get("wall_ns", 0)
if sys.argv[3] != "0":
    print("FAIL exit", sys.argv[3])
else:
    print("%.4f %d %.3f %.1f" % (kernel / 1e6, launches, wall / 1e6, int(sys.argv[2]) / 1e3))
PY
}
# The median of the values read, one a line (the rows of runs that did not fail).
median() { sort -g | awk 'NF {a[++n]=$1} END {print n ? a[int((n+1)/2)] : "n/a"}'; }
: > "$OUT/mapfuse.txt"
for k in $(seq "$REPS"); do
  echo "old $(traced SOMD_MAPFUSE=0)" >> "$OUT/mapfuse.txt"
  cp "$OUT/run.out" "$OUT/old.out"
  echo "new $(traced SOMD_MAPFUSE=1)" >> "$OUT/mapfuse.txt"
  cp "$OUT/run.out" "$OUT/new.out"
done
{
  echo "== gen-mriq $SIZE, $REPS interleaved runs per variant (kernel ms, launches, call wall ms, wall ms):"
  cat "$OUT/mapfuse.txt"
  for v in old new; do
    rows=$(grep "^$v " "$OUT/mapfuse.txt" | grep -v FAIL)
    failed=$(grep "^$v " "$OUT/mapfuse.txt" | grep -c FAIL)
    printf '%s median: kernel %s ms, launches %s, call wall %s ms, wall %s ms (%s failed)\n' \
      "$v" "$(echo "$rows" | awk '{print $2}' | median)" \
      "$(echo "$rows" | awk '{print $3}' | median)" "$(echo "$rows" | awk '{print $4}' | median)" \
      "$(echo "$rows" | awk '{print $5}' | median)" "$failed"
  done
  if cmp -s "$OUT/old.out" "$OUT/new.out"; then echo "outputs: identical"; else
    echo "outputs DIFFER:"; diff "$OUT/old.out" "$OUT/new.out"; fi
} | tee "$OUT/mapfuse.md"
rm -f "$OUT/trace.json" "$OUT/run.out"
timeout "${TIMES_LIMIT:-100}" python3 bench/gpu/kernel_times.py "$STAGE" "mriq $SIZE" \
  > "$OUT/kernel-times-new.md" 2>&1
SOMD_MAPFUSE=0 timeout "${TIMES_LIMIT:-100}" python3 bench/gpu/kernel_times.py "$STAGE" \
  "mriq $SIZE" > "$OUT/kernel-times-old.md" 2>&1
echo "== per kernel, new path"; cat "$OUT/kernel-times-new.md"
echo "== per kernel, old path (SOMD_MAPFUSE=0)"; cat "$OUT/kernel-times-old.md"
if [[ "${HARNESS:-1}" != 0 && -x "$STAGE/somd-bench" ]]; then
  timeout "${HARNESS_LIMIT:-120}" "$STAGE/somd-bench" --prebuilt "$STAGE" --device opencl \
    --threads "$(nproc)" --reps "$REPS" --warmups 1 --filter mriq \
    --json "$OUT/mriq.json" > "$OUT/mriq.md" 2> "$OUT/mriq.log"
  echo "somd-bench exit $?"; cat "$OUT/mriq.md"
fi
