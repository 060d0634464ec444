#!/usr/bin/env bash
# MIs per thread of balanced SOMD calls (SOMD_SPLIT) on all 16 cores of the device machine,
# for every benchmark whose SOMD method is balanced (no sync, assembled or scalar result):
# wall times of the generated program at SOMD_THREADS=16 with 4, 16, 32 and 64 MIs per
# thread and of the rayon baseline at 16 threads, five rounds, configurations interleaved
# within each round. There: OUT=results bench/gpu/s9-split.sh (carries
# .gpu-carry/bench-stage.tar.xz).
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
S=/tmp/bench-stage; mkdir -p $S && tar xJf .gpu-carry/bench-stage.tar.xz -C $S && chmod +x $S/*
t() { local s=$(date +%s%N); "$@" > /dev/null 2>&1; echo $(( ($(date +%s%N) - s) / 1000000 )); }
for b in "vectoradd 20000000" "saxpy 20000000" "blackscholes 8000000" "crypt 20000000" \
         "montecarlo 8192 10000" "mriq 16384 2048" "cp 2000 512" "series 100000"; do
  set -- $b; name=$1; shift
  declare -A res=()
  for round in 1 2 3 4 5; do
    for split in 4 16 32 64; do
      res[s$split]+=" $(SOMD_DEVICE=cpu SOMD_THREADS=16 SOMD_SPLIT=$split t $S/gen-$name "$@")"
    done
    res[rayon]+=" $(RAYON_NUM_THREADS=16 t $S/somd-baseline $name rayon "$@")"
  done
  for k in s4 s16 s32 s64 rayon; do echo "$name $* $k:${res[$k]}"; done
  unset res
done | tee "$OUT/s9-split.txt"
