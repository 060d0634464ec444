#!/usr/bin/env bash
# The cost of reading static data on the GPU: bench/gpu/programs/statics_cost.somd built
# with the statics buffer declared `restrict` and without (binaries in
# .gpu-carry/statics.tar.xz: restrict, plain), in interleaved rounds under SOMD_TRACE=json;
# per binary and construct the median kernel time of the calls after each run's first.
set -u
OUT=${OUT:-gpu-results}
BINS=/tmp/s21-bins
mkdir -p "$OUT" "$BINS" && tar xJf .gpu-carry/statics.tar.xz -C "$BINS" || exit 1
N=${N:-16000000}
for r in 1 2 3; do
    for v in restrict plain; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$BINS/$v" "$N" 12 \
            > "$OUT/$v-$r.out" 2> "$OUT/$v-$r.trace"
        echo "$v round $r: $(cat "$OUT/$v-$r.out")"
        python3 bench/gpu/call_medians.py "$OUT/$v-$r.trace" | sed "s/^/  $v: /"
    done
done
