#!/usr/bin/env bash
# Transfers through the runtime's pinned staging pool (tenth session; `runtime/src/opencl/
# staging.rs`): transfers of 64 KiB to 8 MiB go through pinned staging buffers mapped once
# and reused, where SOMD_PINNED=0 moves them straight from or into pageable memory, as
# before. Both paths are in the same binaries, so this runs each generated program untraced
# with SOMD_PINNED=0 and =1 and the hand-written OpenCL program the same way, interleaved
# (one run of each per round, REPS rounds), and reports the medians of their wall times.
# SparseMatMult reads back its 800 KB result per call (200 calls); LUFact makes 999 small
# calls; VectorAdd (80 MB arrays) and Black-Scholes (32 MB arrays) move arrays above the
# window, which stay direct under both settings unless SOMD_PINNED_MAX is raised: the third
# column, `pinned+max`, stages them too (SOMD_PINNED_MAX=1000000000), to see whether that
# pays now (it was measured slower before, docs/performance.md "Tried and rejected"). The
# `down only` column stages downloads only (SOMD_PINNED_UP=0): whether staging uploads pays.
# Then one SOMD_TRACE=json run of SparseMatMult and LUFact per setting: transfer counts,
# bytes, time and how many went through pinned memory.
# Stage as baselines.sh's header says, at the commit to measure; these four are enough:
#   target/release/somd-bench --quick --check-only --device seq,cpu,opencl --threads 1 \
#     --filter sparsematmult --filter lufact --filter vectoradd --filter blackscholes \
#     --stage /tmp/bench-stage
#   strip /tmp/bench-stage/*; mkdir -p .gpu-carry
#   tar cJf .gpu-carry/bench-stage.tar.xz -C /tmp/bench-stage .
# There, from the repository root, with .gpu-carry carried:
#   OUT=results bench/gpu/s10-pinned.sh
# Results: $OUT/s10-pinned.md (medians and every run), $OUT/s10-traces.txt, $OUT/env.txt.
# PROGRAMS (lines "name args...") and REPS (default 5) override what runs.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
REPS=${REPS:-5}
if [[ ! -x "$STAGE/gen-sparsematmult" ]]; then
  mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
  chmod +x "$STAGE"/*
fi
{
  date -u
  nvidia-smi --query-gpu=name,driver_version --format=csv 2>&1
  nproc
} > "$OUT/env.txt" 2>&1
. bench/gpu/icd.sh
cat "$OUT/env.txt"
PROGRAMS=${PROGRAMS:-"sparsematmult 100000 200
lufact 1000
vectoradd 20000000
blackscholes 8000000"}
export SOMD_DEVICE=opencl
unset SOMD_TRACE SOMD_PINNED SOMD_PINNED_MIN SOMD_PINNED_MAX SOMD_PINNED_UP

# Wall milliseconds of one run of "$@" (output discarded; a failing run prints FAIL).
ms_of() {
  local s; s=$(date +%s%N)
  if timeout 120 "$@" > /dev/null 2>&1; then
    echo $(( ($(date +%s%N) - s) / 1000000 ))
  else
    echo FAIL
  fi
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 > 0 && a + 0 > 0) printf "%.3f", a / b; else print "n/a" }'; }
median() { printf '%s\n' "$@" | grep -v FAIL | sort -n | awk '{a[NR]=$1} END {print NR ? a[int((NR+1)/2)] : "n/a"}'; }

{
  echo "# Pinned staging: untraced wall ms, medians of $REPS interleaved rounds"
  echo
  echo "| program | SOMD_PINNED=0 | SOMD_PINNED=1 | down only | pinned+max | hand | 1 / 0 | gen(1) / hand |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
} > "$OUT/s10-pinned.md"
runs=""
while read -r name args; do
  [[ -z "$name" ]] && continue
  gen="$STAGE/gen-$name"
  [[ -x "$gen" ]] || { echo "missing $gen"; continue; }
  off=(); on=(); down=(); max=(); hand=()
  # One unmeasured run of each first (the binary cache, page cache).
  ms_of "$gen" $args > /dev/null
  ms_of "$STAGE/somd-clbaseline" "$name" $args > /dev/null
  for _ in $(seq "$REPS"); do
    off+=("$(SOMD_PINNED=0 ms_of "$gen" $args)")
    on+=("$(SOMD_PINNED=1 ms_of "$gen" $args)")
    down+=("$(SOMD_PINNED=1 SOMD_PINNED_UP=0 ms_of "$gen" $args)")
    max+=("$(SOMD_PINNED=1 SOMD_PINNED_MAX=1000000000 ms_of "$gen" $args)")
    hand+=("$(ms_of "$STAGE/somd-clbaseline" "$name" $args)")
  done
  m0=$(median "${off[@]}"); m1=$(median "${on[@]}"); md=$(median "${down[@]}")
  mm=$(median "${max[@]}")
  mh=$(median "${hand[@]}")
  echo "| $name $args | $m0 | $m1 | $md | $mm | $mh | $(ratio "$m1" "$m0") | $(ratio "$m1" "$mh") |" \
    >> "$OUT/s10-pinned.md"
  runs="$runs
$name $args: pinned=0 ${off[*]} | pinned=1 ${on[*]} | down only ${down[*]} | pinned+max ${max[*]} | hand ${hand[*]}"
done <<< "$PROGRAMS"
{
  echo
  echo "Every run (ms), in round order:"
  echo '```'
  echo "${runs#?}"
  echo '```'
} >> "$OUT/s10-pinned.md"
cat "$OUT/s10-pinned.md"

# One traced run per setting: the transfers by direction (count, bytes, time, pinned).
sum_transfers() {
  python3 - "$1" <<'EOF'
import json, sys
events = []
for line in open(sys.argv[1], errors="replace"):
    if line.startswith("{"):
        try:
            events.append(json.loads(line))
        except ValueError:
            pass
calls = [e for e in events if e.get("event") == "call"]
print("  calls %d, call wall %.2f ms, call transfers %.2f ms"
      % (len(calls), sum(c["wall_ns"] for c in calls) / 1e6,
         sum(c["transfer_ns"] for c in calls) / 1e6))
for d in ("h2d", "d2h"):
    t = [e for e in events if e.get("event") == "transfer" and e.get("dir") == d]
    p = [e for e in t if e.get("pinned")]
    ns = sum(e["ns"] for e in t)
    b = sum(e["bytes"] for e in t)
    print("  %s: %d transfers (%d pinned), %d bytes, %.2f ms, %.2f GB/s"
          % (d, len(t), len(p), b, ns / 1e6, b / ns if ns else 0.0))
for e in events:
    if e.get("event") == "fallback":
        print("  fallback:", e.get("cause"))
EOF
}
{
while read -r name args; do
  case "$name" in sparsematmult|lufact) ;; *) continue ;; esac
  for pinned in 0 1; do
    echo "== gen-$name $args, SOMD_PINNED=$pinned, SOMD_TRACE=json"
    SOMD_PINNED=$pinned SOMD_TRACE=json timeout 120 "$STAGE/gen-$name" $args \
      2> "$OUT/trace.json" > /dev/null
    sum_transfers "$OUT/trace.json"
  done
done <<< "$PROGRAMS"
} 2>&1 | tee "$OUT/s10-traces.txt"
rm -f "$OUT/trace.json"
