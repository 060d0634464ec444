#!/usr/bin/env bash
# Twelfth session, CPU only: each of the session's switches against the old path in the
# same binary, beside rayon, on all cores; quiet, and with one busy process pinned to core
# 0 (a descheduled MI thread, as on a shared machine): SOR with row blocks
# (`Layout::cpu_block`) against the grid of MIs (SOMD_ROW_BLOCKS=0), SparseMatMult and
# LUFact with idle workers that yield between polls against spin hints only
# (SOMD_POLL_YIELD=0). Then the harness for SOR, SparseMatMult, Mosaic and LUFact (gen cpu
# N / rayon N). Stage as baselines.sh's header says (`--device seq,cpu` and `--filter sor
# --filter sparsematmult --filter mosaic --filter lufact` are enough):
#   cargo build --release -p somd-bench
#   target/release/somd-bench --quick --check-only --device seq,cpu --threads 1 \
#     --filter sor --filter sparsematmult --filter mosaic --filter lufact \
#     --stage /tmp/bench-stage
#   strip /tmp/bench-stage/*; mkdir -p .gpu-carry
#   tar cJf .gpu-carry/bench-stage.tar.xz -C /tmp/bench-stage .
# There: OUT=results bench/gpu/s12-cpu.sh (about 150 s on 16 cores with the defaults).
# ROUNDS (9) interleaved rounds of the wall-time part, REPS (5) for the harness, THREADS
# (nproc), SOR_ARGS ("1500 100"), SMM_ARGS ("100000 200"), LU_ARGS ("1000").
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
ROUNDS=${ROUNDS:-9}
REPS=${REPS:-5}
THREADS=${THREADS:-$(nproc)}
SOR_ARGS=${SOR_ARGS:-1500 100}
SMM_ARGS=${SMM_ARGS:-100000 200}
LU_ARGS=${LU_ARGS:-1000}
if [[ ! -x "$STAGE/somd-bench" ]]; then
  mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
  chmod +x "$STAGE"/*
fi
# Wall milliseconds of one run (FAIL when it exits non-zero).
t() { local s=$(date +%s%N); "$@" > /dev/null 2>&1 || { echo FAIL; return; }; echo $(( ($(date +%s%N) - s) / 1000000 )); }
median() { tr ' ' '\n' | grep -E '^[0-9]+$' | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
ratio() { echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2f", $1 / $2; else print "n/a" }'; }
# ROUNDS rounds of one benchmark: gen with the switch VAR on (1, the default), gen with it
# off (0), rayon; the order rotates every round. Usage: ab LABEL VAR NAME ARGS...
ab() {
  local label=$1 var=$2 name=$3; shift 3
  local on="" off="" rayon="" k v
  for k in $(seq "$ROUNDS"); do
    for v in $(( k % 3 )) $(( (k + 1) % 3 )) $(( (k + 2) % 3 )); do
      case $v in
        0) on+=" $(export SOMD_DEVICE=cpu SOMD_THREADS=$THREADS $var=1; t "$STAGE/gen-$name" "$@")" ;;
        1) off+=" $(export SOMD_DEVICE=cpu SOMD_THREADS=$THREADS $var=0; t "$STAGE/gen-$name" "$@")" ;;
        2) rayon+=" $(RAYON_NUM_THREADS=$THREADS t "$STAGE/somd-baseline" "$name" rayon "$@")" ;;
      esac
    done
  done
  local m1 m0 mr
  m1=$(echo $on | median); m0=$(echo $off | median); mr=$(echo $rayon | median)
  echo "$name $*, $THREADS threads, $label: $var=1 $m1 ms, $var=0 $m0 ms, rayon $mr ms;" \
    "gen/rayon $(ratio "$m1" "$mr") (new), $(ratio "$m0" "$mr") (old)"
  echo "  runs: $var=1$on | $var=0$off | rayon$rayon"
}
all_ab() {
  ab "$1" SOMD_ROW_BLOCKS sor $SOR_ARGS
  ab "$1" SOMD_POLL_YIELD sparsematmult $SMM_ARGS
  ab "$1" SOMD_POLL_YIELD lufact $LU_ARGS
}
{
  echo "cores $(nproc), threads $THREADS, rounds $ROUNDS"
  all_ab quiet
  # One core taken by a busy process for the whole part.
  taskset -c 0 sh -c 'while :; do :; done' &
  busy=$!
  all_ab "core 0 busy"
  kill "$busy"; wait "$busy" 2> /dev/null
} | tee "$OUT/s12-ab.txt"
timeout "${HARNESS_LIMIT:-150}" "$STAGE/somd-bench" --prebuilt "$STAGE" --device seq,cpu \
  --threads "$THREADS" --reps "$REPS" --warmups 1 \
  --filter sor --filter sparsematmult --filter mosaic --filter lufact \
  --json "$OUT/s12-harness.json" > "$OUT/s12-harness.md" 2> "$OUT/s12-harness.log"
echo "somd-bench exit $?"
grep -E "gen cpu [0-9]+ / rayon|gen seq / base seq" "$OUT/s12-harness.md"
