#!/usr/bin/env bash
# Session 52, first device call: the machine's huge-page settings, then bench/gpu/s52-ab.py
# (the samples at the session's start against its end, and with SOMD_HUGEPAGES=0).
# Carries .gpu-carry/ab.tar.xz. Writes under OUT: env.txt, ab.md.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT" /tmp/ab-stage && tar xJf .gpu-carry/ab.tar.xz -C /tmp/ab-stage || exit 1
chmod +x /tmp/ab-stage/*/*
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1
  nproc; free -g
  echo "THP enabled: $(cat /sys/kernel/mm/transparent_hugepage/enabled)"
  echo "THP defrag: $(cat /sys/kernel/mm/transparent_hugepage/defrag)"
  grep -E "thp_fault_alloc|thp_fault_fallback |compact_stall" /proc/vmstat
} > "$OUT/env.txt" 2>&1
cat "$OUT/env.txt"
. bench/gpu/icd.sh
STAGE=/tmp/ab-stage timeout ${AB_LIMIT:-500} python3 bench/gpu/s52-ab.py > "$OUT/ab.md" 2> "$OUT/ab.log"
echo "ab exit $?"
cat "$OUT/ab.md"; tail -3 "$OUT/ab.log"
grep -E "thp_fault_alloc|thp_fault_fallback |compact_stall" /proc/vmstat
