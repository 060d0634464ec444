#!/usr/bin/env bash
# Start-up of a generated program against the hand-tuned OpenCL baseline on the device
# machine, at a tiny size: wall times of seven runs each, then one traced run of the
# generated program (open/build/transfer/launch events with their times).
# There: OUT=results bench/gpu/startup.sh (carries .gpu-carry/bench-stage.tar.xz).
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
S=/tmp/bench-stage; mkdir -p $S && tar xJf .gpu-carry/bench-stage.tar.xz -C $S && chmod +x $S/*
. bench/gpu/icd.sh
t() { local s=$(date +%s%N); "$@" > /dev/null 2>&1; echo $(( ($(date +%s%N) - s) / 1000000 )); }
{
for b in "series 10" "saxpy 1000" "sor 10 1" "vectoradd 1000"; do
  set -- $b; name=$1; shift
  g=""; h=""; c=""
  for k in 1 2 3 4 5 6 7; do
    g="$g $(SOMD_DEVICE=opencl t $S/gen-$name "$@")"
    h="$h $(SOMD_DEVICE=opencl t $S/somd-clbaseline $name "$@")"
    c="$c $(SOMD_DEVICE=cpu t $S/gen-$name "$@")"
  done
  echo "$name $*: gen opencl$g | hand opencl$h | gen cpu$c"
done
echo "--- traced gen-series 10"
SOMD_DEVICE=opencl SOMD_TRACE=json $S/gen-series 10 2>&1 >/dev/null | head -20
echo "--- traced (untimed profile off) gen-series 10, SOMD_TRACE=1"
SOMD_DEVICE=opencl SOMD_TRACE=1 $S/gen-series 10 2>&1 >/dev/null | head -20
echo "--- strace -c"; command -v strace ltrace
} 2>&1 | tee "$OUT/startup.txt"
