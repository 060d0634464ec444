#!/usr/bin/env bash
# Series (and N-Body for comparison) on the device machine's CPU cores: wall time of the
# generated program (SOMD_DEVICE=cpu, SOMD_THREADS=T) and of the rayon baseline
# (RAYON_NUM_THREADS=T), three runs each, and the machine's CPU description.
# There: OUT=results bench/gpu/series-scaling.sh (carries .gpu-carry/bench-stage.tar.xz).
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
S=/tmp/bench-stage; mkdir -p $S && tar xJf .gpu-carry/bench-stage.tar.xz -C $S && chmod +x $S/*
{ lscpu; command -v perf; cat /sys/devices/system/cpu/cpufreq/scaling_governor 2>/dev/null | sort | uniq -c; } > "$OUT/cpu.txt" 2>&1
t() { local s=$(date +%s%N); "$@" > /dev/null 2>&1; echo $(( ($(date +%s%N) - s) / 1000000 )); }
for b in "series 10000" "series 100000" "nbody 4096 10"; do
  set -- $b; name=$1; shift
  for T in 1 2 4 8 12 16; do
    g=""; r=""
    for k in 1 2 3; do
      g="$g $(SOMD_DEVICE=cpu SOMD_THREADS=$T t $S/gen-$name "$@")"
      r="$r $(RAYON_NUM_THREADS=$T t $S/somd-baseline $name rayon "$@")"
    done
    echo "$name $* T=$T gen:$g rayon:$r"
  done
  echo "$name $* seq gen: $(SOMD_DEVICE=seq t $S/gen-$name "$@") base: $(t $S/somd-baseline $name seq "$@")"
done | tee "$OUT/scaling.txt"
