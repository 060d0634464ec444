#!/usr/bin/env bash
# Adaptive `auto` for group sites and task graphs (eleventh session; note
# `device-execution`, "Adaptive `auto`"): fused statements, fused and chained `@`s and the
# device filters of a task graph now measure both placements when repeated and keep the
# faster, where they used to run on the GPU always. Old path (SOMD_ADAPT=off, the same
# binary: the old `auto`, every eligible construct on the GPU) against new (`auto`, the
# default), SOMD_DEVICE unset, untraced:
#   1. REPS (5) interleaved runs of each program at the harness's full sizes
#      (bench/src/benchmarks.rs): the end-to-end wall time, medians per variant and the
#      ratio new / old ($OUT/adapt.md, raw rows in $OUT/adapt.txt). gen-mriq (fused
#      statements with an inline fused `@`), gen-blackscholes (fused statements) and
#      gen-nbody (`@`s inside a task graph's CPU filters, 10 steps) run their group sites
#      once per process, so the new path must cost nothing there (the GPU wins);
#   2. when staged, the e2e programs e2e_device_adapt_groups (three group sites, 12 rounds
#      of 3000 elements) and e2e_device_adapt_tasks (a graph of two device filters, 12
#      runs of 200 items), where the CPU should win;
#   3. one traced run per program under `auto`: the placements of each site with their
#      reasons, counted ($OUT/placements-PROGRAM.txt).
# Stage as baselines.sh's header says (`--filter mriq --filter nbody --filter blackscholes`
# is enough), built at the commit to measure; for part 2 also copy, before packing,
#   cp $CARGO_TARGET_DIR/tmp/e2e/target/release/e2e_device_adapt_{groups,tasks} /tmp/bench-stage/
# (built by `SOMD_E2E_FILTER=device_adapt cargo test -p somd-tests --test run adapt::`).
# There, from the repository root, with .gpu-carry carried:
#   OUT=results bench/gpu/s11-adapt.sh
# About 60-90 s on an H200. ENV_EXTRA adds environment words to every run (on PoCL, for
# trying the script: ENV_EXTRA=SOMD_AUTO_ANY=1 SIZES=small).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
REPS=${REPS:-5}
ENV_EXTRA=${ENV_EXTRA:-}
if [[ ! -x "$STAGE/gen-mriq" ]]; then
  mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
  chmod +x "$STAGE"/*
fi
if [[ -f bench/gpu/icd.sh ]] && command -v nvidia-smi > /dev/null; then
  . bench/gpu/icd.sh
  nvidia-smi --query-gpu=name,driver_version --format=csv > "$OUT/env.txt" 2>&1
  cat "$OUT/env.txt"
fi
# Program and arguments: the harness's full sizes, or small ones for a trial run.
if [[ "${SIZES:-full}" == small ]]; then
  PROGRAMS=("gen-mriq 2048 256" "gen-nbody 256 4" "gen-blackscholes 100000")
else
  PROGRAMS=("gen-mriq 16384 2048" "gen-nbody 4096 10" "gen-blackscholes 8000000")
fi
for extra in e2e_device_adapt_groups e2e_device_adapt_tasks; do
  [[ -x "$STAGE/$extra" ]] && PROGRAMS+=("$extra")
done

# One untraced run: "wall_ms" or "FAIL exit N"; the output goes to $OUT/run.out.
run() {
  local adapt=$1 s e status
  shift
  s=$(date +%s%N)
  env -u SOMD_DEVICE -u SOMD_TRACE SOMD_ADAPT="$adapt" $ENV_EXTRA timeout 60 "$STAGE/$1" "${@:2}" \
    > "$OUT/run.out" 2> "$OUT/run.err"
  status=$?
  e=$(date +%s%N)
  if [[ $status != 0 ]]; then echo "FAIL exit $status"; else
    awk -v ns=$((e - s)) 'BEGIN {printf "%.1f\n", ns / 1e6}'; fi
}
# The median of the values read, one a line.
median() { sort -g | awk 'NF {a[++n]=$1} END {print n ? a[int((n+1)/2)] : "n/a"}'; }

: > "$OUT/adapt.txt"
for k in $(seq "$REPS"); do
  for p in "${PROGRAMS[@]}"; do
    name=${p%% *}
    echo "$name old $(run off $p)" >> "$OUT/adapt.txt"
    cp "$OUT/run.out" "$OUT/$name.old.out"
    echo "$name new $(run on $p)" >> "$OUT/adapt.txt"
    cp "$OUT/run.out" "$OUT/$name.new.out"
  done
done
{
  echo "== $REPS interleaved runs per variant, end-to-end wall ms (old: SOMD_ADAPT=off, new: auto)"
  echo "| program | old median | new median | new / old | failed | outputs |"
  echo "| --- | --- | --- | --- | --- | --- |"
  for p in "${PROGRAMS[@]}"; do
    name=${p%% *}
    old=$(grep "^$name old " "$OUT/adapt.txt" | grep -v FAIL | awk '{print $3}' | median)
    new=$(grep "^$name new " "$OUT/adapt.txt" | grep -v FAIL | awk '{print $3}' | median)
    failed=$(grep "^$name " "$OUT/adapt.txt" | grep -c FAIL)
    ratio=$(awk -v a="$new" -v b="$old" 'BEGIN {if (b + 0 > 0 && a + 0 > 0) printf "%.3f", a / b; else print "n/a"}')
    same=identical
    cmp -s "$OUT/$name.old.out" "$OUT/$name.new.out" || same=differ
    echo "| $p | $old | $new | $ratio | $failed | $same |"
  done
} | tee "$OUT/adapt.md"
# What `auto` chose: placement events per (name, placement, reason up to its numbers).
for p in "${PROGRAMS[@]}"; do
  read -r -a words <<< "$p"
  name=${words[0]}
  env -u SOMD_DEVICE SOMD_TRACE=json $ENV_EXTRA timeout 60 "$STAGE/$name" "${words[@]:1}" \
    2>&1 > /dev/null |
    python3 -c '
import json, re, sys, collections
count = collections.Counter()
for line in sys.stdin:
    if not line.startswith("{"):
        continue
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "placement":
        reason = re.sub(r"\(.*\)", "(..)", e.get("reason", ""))
        count[(e.get("name"), e.get("placement"), reason)] += 1
for (n, p, r), c in sorted(count.items()):
    print("%5d  %s  %s  %s" % (c, n, p, r))
' > "$OUT/placements-$name.txt"
  echo "== placements of $name under auto"; cat "$OUT/placements-$name.txt"
done
rm -f "$OUT/run.out" "$OUT/run.err"
