#!/usr/bin/env bash
# Session 53, one device call: the two suite programs with static sizes under
# SOMD_DEVICE=opencl SOMD_STRICT=1 on the GPU (compared with the twins' expected outputs),
# then bench/gpu/s53-split.py (MIs per balanced call on the 16 cores).
# Carries .gpu-carry/s53.tar.xz. Writes under OUT: env.txt, suite.txt, split.md.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT" /tmp/s53 && tar xJf .gpu-carry/s53.tar.xz -C /tmp/s53 || exit 1
chmod +x /tmp/s53/*
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1; nproc; } > "$OUT/env.txt"
. bench/gpu/icd.sh
for p in device_static_sizes device_statics; do
  SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=1 /tmp/s53/$p > /tmp/$p.out 2> /tmp/$p.err
  rc=$?
  if diff -q /tmp/$p.out tests/run/expected/$p.out >/dev/null; then r=same; else r=DIFFERS; fi
  echo "$p: exit $rc, stdout $r; device calls: $(grep -c 'trace: call ' /tmp/$p.err), cpu: $(grep -c 'placement=cpu' /tmp/$p.err)"
  grep "trace: open\|trace: call " /tmp/$p.err | cut -c1-200
done > "$OUT/suite.txt" 2>&1
cat "$OUT/suite.txt"
STAGE=/tmp/s53 timeout ${SPLIT_LIMIT:-480} python3 bench/gpu/s53-split.py > "$OUT/split.md" 2> "$OUT/split.log"
echo "split exit $?"
cat "$OUT/split.md"; tail -3 "$OUT/split.log"
