#!/usr/bin/env bash
# Twelfth session, CPU only: the generated SOR with row blocks (`Layout::cpu_block`, the
# default) against the grid of MIs as before (SOMD_ROW_BLOCKS=0), in the same binary,
# beside rayon, on all cores; quiet, and with one busy process pinned to core 0 (a
# descheduled MI thread, as on a shared machine). Then the harness for SOR, SparseMatMult
# and Mosaic (gen cpu N / rayon N). Stage as baselines.sh's header says (`--device seq,cpu`
# and `--filter sor --filter sparsematmult --filter mosaic` are enough):
#   cargo build --release -p somd-bench
#   target/release/somd-bench --quick --check-only --device seq,cpu --threads 1 \
#     --filter sor --filter sparsematmult --filter mosaic --stage /tmp/bench-stage
#   strip /tmp/bench-stage/*; mkdir -p .gpu-carry
#   tar cJf .gpu-carry/bench-stage.tar.xz -C /tmp/bench-stage .
# There: OUT=results bench/gpu/s12-cpu.sh (about 150 s on 16 cores with the defaults).
# ROUNDS (9) interleaved rounds of the wall-time part, REPS (5) for the harness, THREADS
# (nproc), SOR_ARGS ("1500 100").
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
ROUNDS=${ROUNDS:-9}
REPS=${REPS:-5}
THREADS=${THREADS:-$(nproc)}
SOR_ARGS=${SOR_ARGS:-1500 100}
if [[ ! -x "$STAGE/somd-bench" ]]; then
  mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
  chmod +x "$STAGE"/*
fi
# Wall milliseconds of one run (FAIL when it exits non-zero).
t() { local s=$(date +%s%N); "$@" > /dev/null 2>&1 || { echo FAIL; return; }; echo $(( ($(date +%s%N) - s) / 1000000 )); }
median() { tr ' ' '\n' | grep -E '^[0-9]+$' | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
ratio() { echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2f", $1 / $2; else print "n/a" }'; }
# ROUNDS rounds of: gen (row blocks), gen (grid), rayon; the order rotates every round.
sor_rounds() {
  local label=$1 rows="" grid="" rayon="" k
  for k in $(seq "$ROUNDS"); do
    for v in $(( k % 3 )) $(( (k + 1) % 3 )) $(( (k + 2) % 3 )); do
      case $v in
        0) rows+=" $(SOMD_DEVICE=cpu SOMD_THREADS=$THREADS SOMD_ROW_BLOCKS=1 t "$STAGE/gen-sor" $SOR_ARGS)" ;;
        1) grid+=" $(SOMD_DEVICE=cpu SOMD_THREADS=$THREADS SOMD_ROW_BLOCKS=0 t "$STAGE/gen-sor" $SOR_ARGS)" ;;
        2) rayon+=" $(RAYON_NUM_THREADS=$THREADS t "$STAGE/somd-baseline" sor rayon $SOR_ARGS)" ;;
      esac
    done
  done
  local mr mg my
  mr=$(echo $rows | median); mg=$(echo $grid | median); my=$(echo $rayon | median)
  echo "sor $SOR_ARGS, $THREADS threads, $label: row blocks $mr ms, grid $mg ms, rayon $my ms;" \
    "gen/rayon $(ratio "$mr" "$my") (row blocks), $(ratio "$mg" "$my") (grid)"
  echo "  runs: row blocks$rows | grid$grid | rayon$rayon"
}
{
  echo "cores $(nproc), threads $THREADS, rounds $ROUNDS"
  sor_rounds quiet
  # One core taken by a busy process for the whole part.
  taskset -c 0 sh -c 'while :; do :; done' &
  busy=$!
  sor_rounds "core 0 busy"
  kill "$busy"; wait "$busy" 2> /dev/null
} | tee "$OUT/s12-sor.txt"
timeout "${HARNESS_LIMIT:-150}" "$STAGE/somd-bench" --prebuilt "$STAGE" --device seq,cpu \
  --threads "$THREADS" --reps "$REPS" --warmups 1 \
  --filter sor --filter sparsematmult --filter mosaic \
  --json "$OUT/s12-harness.json" > "$OUT/s12-harness.md" 2> "$OUT/s12-harness.log"
echo "somd-bench exit $?"
grep -E "gen cpu [0-9]+ / rayon|gen seq / base seq" "$OUT/s12-harness.md"
