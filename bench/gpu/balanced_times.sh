#!/usr/bin/env bash
# exc_data_loop_balanced (a balanced call whose every thread loops on data Java never
# reaches) under SOMD_DEVICE=cpu with 2, 16 and 64 threads: exit status, the exception's
# position and the process time, as a table in OUT/balanced.md.
# Usage: bench/gpu/balanced_times.sh STAGE OUT
set -u
STAGE=$1 OUT=$2
{
  echo "| threads | exit | last stderr line | ms |"
  echo "| --- | --- | --- | --- |"
  for t in 2 16 64; do
    s=$(date +%s%N)
    SOMD_DEVICE=cpu SOMD_THREADS=$t timeout 60 "$STAGE/bin/e2e_exc_data_loop_balanced" \
      > /dev/null 2> "$OUT/balanced_$t.err"
    rc=$?
    e=$(date +%s%N)
    echo "| $t | $rc | $(tail -1 "$OUT/balanced_$t.err" | tr -d '\t') | $(( (e - s) / 1000000 )) |"
  done
} > "$OUT/balanced.md" 2>&1
cat "$OUT/balanced.md"
