#!/usr/bin/env bash
# Twelfth session: 1-D launches of few work-items spread over every compute unit
# (`device::spread_local`: groups halved while there are fewer than two per compute unit)
# against the kernel's full groups (`SOMD_SPREAD=0`), generated OpenCL against hand-written
# OpenCL on the GPU, in two interleaved rounds (old, new, old, new) of REPS runs each, for
# the benchmarks named by the filters given (default: those whose launches have few
# work-items). Stage as baselines.sh's header says. Results: $OUT/NAME.tar.xz.
#   OUT=results NAME=spread REPS=5 bench/gpu/s12-spread.sh
set -u
OUT=${OUT:-gpu-results}
NAME=${NAME:-spread}
DIR="$OUT/$NAME"
mkdir -p "$DIR"
STAGE=${STAGE:-/tmp/bench-stage}
mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
chmod +x "$STAGE"/*
. bench/gpu/icd.sh
FILTERS=("$@")
if [ ${#FILTERS[@]} -eq 0 ]; then
  FILTERS=(--filter mriq --filter nbody --filter series --filter montecarlo --filter cp
           --filter lufact)
fi
for round in 1 2; do
  for mode in old new; do
    spread=1; [ "$mode" = old ] && spread=0
    SOMD_SPREAD=$spread timeout "${LIMIT:-120}" "$STAGE/somd-bench" --prebuilt "$STAGE" \
      --device opencl --reps "${REPS:-5}" --warmups 1 --json "$DIR/$mode-$round.json" \
      "${FILTERS[@]}" > "$DIR/$mode-$round.md" 2> "$DIR/$mode-$round.log"
    echo "$mode round $round: exit $?"
    grep -E "gen opencl / hand opencl" "$DIR/$mode-$round.md"
  done
done
tar cJf "$OUT/$NAME.tar.xz" -C "$OUT" "$NAME" && rm -rf "$DIR"
