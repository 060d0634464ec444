#!/usr/bin/env bash
# Session 99, one device call (carry .gpu-carry: bench-stage.tar.xz staged at the session's
# HEAD as baselines.sh's header says):
# 1. the whole harness (bench/gpu/s10-final.sh, REPS=3), the first since session 84;
# 2. the staged LUFact at n=1000 under SOMD_TRACE=json on the GPU, three runs: the per-call
#    totals (call_totals.py) and the first run's trace, packed, for the per-step timeline.
set -u
mkdir -p "$OUT"
OUT=$OUT NAME=all99 REPS=${REPS:-3} bash bench/gpu/s10-final.sh
STAGE=${STAGE:-/tmp/bench-stage}
. bench/gpu/icd.sh
for rep in 1 2 3; do
    /usr/bin/time -f "wall %e s" env SOMD_DEVICE=opencl SOMD_TRACE=json \
        timeout 120 "$STAGE/gen-lufact" 1000 > /tmp/lu.out 2> /tmp/lu.trace
    echo "lufact 1000 rep $rep: $(tr '\n' ' ' < /tmp/lu.out) $(tail -1 /tmp/lu.trace)"
    python3 bench/gpu/call_totals.py /tmp/lu.trace
    [ $rep = 1 ] && xz -c /tmp/lu.trace > "$OUT/lufact1000-trace.json.xz"
done | tee "$OUT/lufact-trace.txt"
