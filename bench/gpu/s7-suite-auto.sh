#!/usr/bin/env bash
# One device call (seventh session): the e2e suite on the GPU (suite-only.sh), then the
# adaptive `auto` placement against the fixed ones: wall time of one process of each
# sample, three runs, under SOMD_DEVICE=opencl / auto / auto with SOMD_ADAPT=off / cpu,
# and where each `auto` site ended up. Stage as run.sh's header says (.gpu-carry/stage.tar.xz).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT/suite"
OUT="$OUT/suite" SCRIPT_LIMIT=${SCRIPT_LIMIT:-330} bench/gpu/suite-only.sh > "$OUT/suite/run.txt" 2>&1
tail -5 "$OUT/suite/run.txt"
STAGE=/tmp/gpu-stage
. bench/gpu/icd.sh
bin="$STAGE/bin"
[ -d "$bin" ] || bin=$(dirname "$(find "$STAGE" -name sample_lufact -type f | head -1)")
{
for spec in "lufact 1000" "sor 1500 100" "nbody 4096 10" "sparsematmult 100000 200" "series 10000"; do
  set -- $spec; b=$1; shift
  for mode in "SOMD_DEVICE=opencl" "SOMD_DEVICE=auto" "SOMD_DEVICE=auto SOMD_ADAPT=off" "SOMD_DEVICE=cpu"; do
    for r in 1 2 3; do
      t=$( { TIMEFORMAT=%R; time env $mode timeout 60 "$bin/sample_$b" "$@" > /dev/null 2>&1; } 2>&1 )
      echo "$b [$mode] run $r: $t s"
    done
  done
  echo "placements under auto:"
  SOMD_DEVICE=auto SOMD_TRACE=json timeout 60 "$bin/sample_$b" "$@" 2>&1 >/dev/null \
    | grep '"event":"placement"' | python3 -c '
import json, sys, collections
c = collections.Counter()
for line in sys.stdin:
    e = json.loads(line)
    c[(e.get("name"), e.get("placement"), e.get("reason", "").split(" (")[0])] += 1
for k, v in sorted(c.items()): print("  ", v, *k)'
done
} > "$OUT/auto.txt" 2>&1
cat "$OUT/auto.txt"
