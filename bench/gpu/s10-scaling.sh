#!/usr/bin/env bash
# Issue 3's 16-core goal (speed-up gen seq / gen cpu 16 >= 12 for Series and N-Body) at the
# harness's sizes, with rayon's own speed-up beside it: the generated program sequential
# and on 16 threads, the sequential and rayon baselines on 16 threads, wall times of
# ROUNDS (9) rounds, the four runs interleaved within each round; medians and the ratios
# of medians. There: OUT=results bench/gpu/s10-scaling.sh (carries
# .gpu-carry/bench-stage.tar.xz).
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
ROUNDS=${ROUNDS:-9}
S=/tmp/bench-stage; mkdir -p $S && tar xJf .gpu-carry/bench-stage.tar.xz -C $S && chmod +x $S/*
t() { local s=$(date +%s%N); "$@" > /dev/null 2>&1 || { echo FAIL; return; }; echo $(( ($(date +%s%N) - s) / 1000000 )); }
median() { tr ' ' '\n' | grep -E '^[0-9]+$' | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
{
  nproc
  for b in "series 10000" "nbody 4096 10"; do
    set -- $b; name=$1; shift
    gs=""; g16=""; bs=""; r16=""
    for _ in $(seq "$ROUNDS"); do
      gs+=" $(SOMD_DEVICE=seq t $S/gen-$name "$@")"
      g16+=" $(SOMD_DEVICE=cpu SOMD_THREADS=16 t $S/gen-$name "$@")"
      bs+=" $(t $S/somd-baseline $name seq "$@")"
      r16+=" $(RAYON_NUM_THREADS=16 t $S/somd-baseline $name rayon "$@")"
    done
    mgs=$(echo $gs | median); mg16=$(echo $g16 | median)
    mbs=$(echo $bs | median); mr16=$(echo $r16 | median)
    echo "$b: gen seq $mgs ms, gen cpu 16 $mg16 ms, speed-up $(echo "$mgs $mg16" | awk '{printf "%.2f", $1/$2}'); base seq $mbs ms, rayon 16 $mr16 ms, speed-up $(echo "$mbs $mr16" | awk '{printf "%.2f", $1/$2}')"
    echo "  runs: gen seq$gs | gen cpu 16$g16 | base seq$bs | rayon 16$r16"
  done
} | tee "$OUT/scaling.txt"
