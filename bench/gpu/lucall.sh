#!/usr/bin/env bash
# LUFact and SparseMatMult end to end with the runtime's per-call host work cut (error
# buffers reused and their read queued behind the result reads, the row scope's row copy
# into a kept buffer, the next pivot row read ahead behind the launch, the segmented sum's
# table read into its array): the harness for both (generated against hand-written OpenCL,
# --reps 5), then gen-lufact 1000 and gen-sparsematmult 100000 200 under SOMD_TRACE=json,
# three runs each, summed over the trace's events as lufact-calls.txt was (per call: call
# wall, kernel, transfers), untraced wall times of both programs against the hand-written
# ones, and the driver's own per-call costs (somd-clbaseline costs).
# Stage as baselines.sh's header says (.gpu-carry/bench-stage.tar.xz); there:
#   OUT=results bench/gpu/lucall.sh
# Optionally carry .gpu-carry/before-stage.tar.xz too, holding gen-lufact and
# gen-sparsematmult built from the runtime before the change: then both programs of each
# build also run interleaved (seven untraced runs each) and traced, on the same machine.
# Results: $OUT/lucall.md (harness tables), $OUT/lucall.json, $OUT/calls.txt (the sums).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
chmod +x "$STAGE"/*
. bench/gpu/icd.sh
timeout "${HARNESS_LIMIT:-300}" "$STAGE/somd-bench" --prebuilt "$STAGE" --device opencl \
  --threads "$(nproc)" --reps "${REPS:-5}" --warmups 1 --filter lufact --filter sparsematmult \
  --json "$OUT/lucall.json" > "$OUT/lucall.md" 2> "$OUT/lucall.log"
echo "somd-bench exit $?"; cat "$OUT/lucall.md"; tail -3 "$OUT/lucall.log"

# Sums over one SOMD_TRACE=json run's events (file $1): device calls, their wall, kernel and
# transfer times, and the transfers by direction (inside calls or not).
sum_trace() {
  python3 - "$1" <<'EOF'
import json, sys
events = []
for line in open(sys.argv[1], errors="replace"):
    if line.startswith("{"):
        try:
            events.append(json.loads(line))
        except ValueError:
            pass
ms = lambda ns: ns / 1e6
calls = [e for e in events if e.get("event") == "call"]
opened = sum(e.get("discover_ns", 0) + e.get("context_ns", 0) for e in events if e.get("event") == "open")
wall = sum(c["wall_ns"] for c in calls)
print("open %.1f ms; calls %d call wall %.2f ms (%.1f us per call) kernel %.2f ms call transfer %.2f ms"
      % (ms(opened), len(calls), ms(wall), wall / 1e3 / max(1, len(calls)),
         ms(sum(c["kernel_ns"] for c in calls)), ms(sum(c["transfer_ns"] for c in calls))))
for d in ("h2d", "d2h"):
    t = [e for e in events if e.get("event") == "transfer" and e.get("dir") == d]
    print("  %s %d transfers %.2f ms %d bytes" % (d, len(t), ms(sum(e["ns"] for e in t)),
                                                sum(e["bytes"] for e in t)))
EOF
}
ms_of() { local s=$(date +%s%N); "$@" > /dev/null 2>&1; echo $(( ($(date +%s%N) - s) / 1000000 )); }
{
for b in "lufact 1000" "sparsematmult 100000 200"; do
  set -- $b; name=$1; shift
  echo "== gen-$name $* under SOMD_DEVICE=opencl SOMD_TRACE=json, three runs"
  for k in 1 2 3; do
    s=$(date +%s%N)
    SOMD_DEVICE=opencl SOMD_TRACE=json "$STAGE/gen-$name" "$@" 2> "$OUT/trace-$name.json" > /dev/null
    echo "e2e $(( ($(date +%s%N) - s) / 1000000 )) ms; $(sum_trace "$OUT/trace-$name.json")"
  done
  g=""; h=""
  for k in 1 2 3 4 5; do
    g="$g $(SOMD_DEVICE=opencl ms_of "$STAGE/gen-$name" "$@")"
    h="$h $(SOMD_DEVICE=opencl ms_of "$STAGE/somd-clbaseline" "$name" "$@")"
  done
  echo "untraced, wall ms: gen opencl$g | hand opencl$h"
done
if [ -f .gpu-carry/before-stage.tar.xz ]; then
  BEFORE=/tmp/before-stage
  mkdir -p "$BEFORE" && tar xJf .gpu-carry/before-stage.tar.xz -C "$BEFORE" && chmod +x "$BEFORE"/*
  for b in "lufact 1000" "sparsematmult 100000 200"; do
    set -- $b; name=$1; shift
    echo "== before: gen-$name $* traced, three runs"
    for k in 1 2 3; do
      SOMD_DEVICE=opencl SOMD_TRACE=json "$BEFORE/gen-$name" "$@" 2> "$OUT/trace-$name.json" > /dev/null
      echo "$(sum_trace "$OUT/trace-$name.json")"
    done
    old=""; new=""
    for k in 1 2 3 4 5 6 7; do
      old="$old $(SOMD_DEVICE=opencl ms_of "$BEFORE/gen-$name" "$@")"
      new="$new $(SOMD_DEVICE=opencl ms_of "$STAGE/gen-$name" "$@")"
    done
    echo "interleaved, untraced wall ms: before$old | after$new"
  done
fi
echo "== somd-clbaseline costs"
"$STAGE/somd-clbaseline" costs 2>&1
} 2>&1 | tee "$OUT/calls.txt"
rm -f "$OUT"/trace-*.json
