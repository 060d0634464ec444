#!/usr/bin/env bash
# Session 53, second device call: suite programs with static sizes and instance helpers
# (and the instance-method programs they touch) under SOMD_DEVICE=opencl SOMD_STRICT=1 on
# the GPU, each compared with its twin's expected stdout, status and first stderr line.
# Carries .gpu-carry/s53b.tar.xz (stripped builds of tests/run/NAME.somd). Writes
# OUT/suite.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT" /tmp/s53b && tar xJf .gpu-carry/s53b.tar.xz -C /tmp/s53b || exit 1
chmod +x /tmp/s53b/*
. bench/gpu/icd.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/env.txt" 2>&1
pass=0; fail=0
for bin in /tmp/s53b/*; do
  p=$(basename "$bin")
  [ -f tests/run/expected/$p.out ] || continue
  SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$bin" > /tmp/$p.out 2> /tmp/$p.err
  rc=$?
  want_rc=$(cat tests/run/expected/$p.status 2>/dev/null || echo 0)
  ok=1
  diff -q /tmp/$p.out tests/run/expected/$p.out >/dev/null || ok=0
  [ "$rc" = "$want_rc" ] || ok=0
  if [ -f tests/run/expected/$p.err ]; then
    [ "$(grep -v '^{' /tmp/$p.err | head -1)" = "$(head -1 tests/run/expected/$p.err)" ] || ok=0
  fi
  calls=$(grep -c '"event":"call"' /tmp/$p.err)
  cpu=$(grep -c '"placement":"cpu"' /tmp/$p.err)
  if [ $ok = 1 ]; then pass=$((pass+1)); r=PASS; else fail=$((fail+1)); r=FAIL; fi
  echo "$r $p: exit $rc (want $want_rc), device calls $calls, cpu placements $cpu"
  grep -v '^{' /tmp/$p.err | head -2
done > "$OUT/suite.txt" 2>&1
echo "passed $pass failed $fail" >> "$OUT/suite.txt"
cat "$OUT/env.txt" "$OUT/suite.txt"
