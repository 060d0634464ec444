#!/usr/bin/env bash
# Series and N-Body on all 16 cores of the device machine: does the generated program's
# gap to rayon at 16 threads (and not at 12) come from how a call's work is split? Wall
# times of the generated program at SOMD_THREADS=16 with 1, 4 (the default), 16 and 64 MIs
# per thread of a balanced call (SOMD_SPLIT), at 15 threads, and of the rayon baseline at
# 16 and 15 threads, five rounds, the configurations interleaved within each round.
# There: OUT=results bench/gpu/s9-scaling.sh (carries .gpu-carry/bench-stage.tar.xz).
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
S=/tmp/bench-stage; mkdir -p $S && tar xJf .gpu-carry/bench-stage.tar.xz -C $S && chmod +x $S/*
t() { local s=$(date +%s%N); "$@" > /dev/null 2>&1; echo $(( ($(date +%s%N) - s) / 1000000 )); }
for b in "series 100000" "series 10000" "nbody 4096 10" "cp 2000 512"; do
  set -- $b; name=$1; shift
  declare -A res=()
  for round in 1 2 3 4 5; do
    for split in 1 4 16 64; do
      res[g16s$split]+=" $(SOMD_DEVICE=cpu SOMD_THREADS=16 SOMD_SPLIT=$split t $S/gen-$name "$@")"
    done
    res[g15s4]+=" $(SOMD_DEVICE=cpu SOMD_THREADS=15 t $S/gen-$name "$@")"
    res[r16]+=" $(RAYON_NUM_THREADS=16 t $S/somd-baseline $name rayon "$@")"
    res[r15]+=" $(RAYON_NUM_THREADS=15 t $S/somd-baseline $name rayon "$@")"
  done
  for k in g16s1 g16s4 g16s16 g16s64 g15s4 r16 r15; do echo "$name $* $k:${res[$k]}"; done
  unset res
done | tee "$OUT/s9-scaling.txt"
