#!/usr/bin/env bash
# `dist` value matrices on the CPU back end (twelfth session; note `device-execution`,
# "The CPU path partitions ..."). bench/gpu/s12/distv.somd runs one body over a
# `dist int[[]][[]]` (DistV2: an MI copies the value rows of its view unless it keeps whole
# rows) and over a `dist int[][]` (Dist2: windows of the caller's rows) with the default
# (block, block) split, `dim = 1` and a `view = <1,1>, <1,1>` stencil assembled into an
# `int[][]`. Before this change a `dist T[[]][[]]` program did not compile, so there is no
# old path of the value form: the mutable form in the same run is the reference.
# Stage the program here (somdc and cargo are not needed on the GPU machine):
#   target/debug/somdc build -o /tmp/s12distv bench/gpu/s12/distv.somd
#   (cd /tmp/s12distv && cargo build --release)
#   mkdir -p /tmp/bench-stage && cp /tmp/s12distv/target/release/distv /tmp/bench-stage/gen-s12distv
#   strip /tmp/bench-stage/gen-s12distv; mkdir -p .gpu-carry
#   tar cJf .gpu-carry/s12-distv-stage.tar.xz -C /tmp/bench-stage gen-s12distv
# There, from the repository root, with .gpu-carry carried:
#   OUT=results bench/gpu/s12-distv.sh
# For each size (N,CALLS: an N x N matrix, CALLS calls of each method) and each placement
# (PLACEMENTS, "DEVICE:THREADS"; threads empty for every core), REPS (5) runs, interleaved:
# medians of the program's own "ms" lines, value against mutable, and a check that the
# checksums of both forms agree and do not change across runs ($OUT/s12-distv.txt).
# About 60 s on a 16-core host at the default sizes.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
REPS=${REPS:-5}
SIZES=${SIZES:-"2000,20 6000,5"}
PLACEMENTS=${PLACEMENTS:-"cpu: cpu:1 opencl:"}
mkdir -p "$STAGE"
if [[ -f .gpu-carry/s12-distv-stage.tar.xz ]]; then
  tar xJf .gpu-carry/s12-distv-stage.tar.xz -C "$STAGE" || exit 1
fi
BIN="$STAGE/gen-s12distv"
[[ -x "$BIN" ]] || { echo "s12-distv: $BIN missing (see the header)"; exit 1; }
[[ -f bench/gpu/icd.sh ]] && . bench/gpu/icd.sh
median() { sort -n | awk '{a[NR]=$1} END {if (NR) print a[int((NR+1)/2)]; else print "-"}'; }
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1
  nproc
  for size in $SIZES; do
    IFS=, read -r n calls <<< "$size"
    echo "== N $n calls $calls (REPS $REPS; ms, the program's clock)"
    declare -A T=() SUM=()
    for rep in $(seq "$REPS"); do
      for place in $PLACEMENTS; do
        IFS=: read -r dev threads <<< "$place"
        if [[ -n "$threads" ]]; then
          out=$(SOMD_DEVICE=$dev SOMD_THREADS=$threads timeout 60 "$BIN" "$n" "$calls" 2>&1)
        else
          out=$(SOMD_DEVICE=$dev timeout 60 "$BIN" "$n" "$calls" 2>&1)
        fi
        sums=$(echo "$out" | grep '^sums')
        read -r _ sv sm _ rv rm _ lv lm <<< "$sums"
        [[ "$sv" == "$sm" && "$rv" == "$rm" && "$lv" == "$lm" ]] || echo "MISMATCH $place: $sums"
        [[ -n "${SUM[$place]:-}" && "${SUM[$place]}" != "$sums" ]] && echo "CHANGED $place: $sums"
        SUM[$place]=$sums
        for kind in block rows view; do
          line=$(echo "$out" | grep "^ms $kind ")
          T[$place,$kind,value]="${T[$place,$kind,value]:-} $(echo "$line" | awk '{print $4}')"
          T[$place,$kind,mutable]="${T[$place,$kind,mutable]:-} $(echo "$line" | awk '{print $6}')"
        done
      done
    done
    for place in $PLACEMENTS; do
      for kind in block rows view; do
        printf '%-9s %-5s value median %s ms (%s) mutable median %s ms (%s)\n' "$place" "$kind" \
          "$(echo ${T[$place,$kind,value]} | tr ' ' '\n' | median)" "${T[$place,$kind,value]# }" \
          "$(echo ${T[$place,$kind,mutable]} | tr ' ' '\n' | median)" "${T[$place,$kind,mutable]# }"
      done
    done
    unset T SUM
  done
} 2>&1 | tee "$OUT/s12-distv.txt"
