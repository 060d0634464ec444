#!/usr/bin/env bash
# Seventeenth session: the e2e suite on the GPU (after private arrays passed to helpers,
# setup failures under empty loops, -0.0 starts of floating sums, labelled jumps in sync
# bodies), then the median filter with its window inline (median.somd) and gathered and
# sorted by helpers taking the private window (median_helper.somd), alternated three
# rounds, 4096 x 4096 ints: wall medians printed by the programs, kernel times from
# SOMD_TRACE=json. Carries .gpu-carry/stage.tar.xz, .gpu-carry/median,
# .gpu-carry/median_helper.
#   OUT=results bench/gpu/s17.sh
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
OUT=$OUT/suite bash bench/gpu/suite-only.sh > /dev/null 2>&1
echo "suite exit $?"; tail -2 "$OUT/suite/suite.txt" 2>/dev/null
grep -E "device_private|exc_setup|device_labels|device_reduce_forms" "$OUT/suite/suite.txt" | head -8
tar cJf "$OUT/suite17.tar.xz" -C "$OUT" suite && rm -rf "$OUT/suite"
for round in 1 2 3; do
    for b in median median_helper; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json .gpu-carry/$b 12 9 \
            > "$OUT/$b.out" 2> "$OUT/$b-$round.trace"
        echo "$b round $round exit $?: $(tr '\n' ' ' < "$OUT/$b.out")"
        python3 bench/gpu/call_medians.py "$OUT/$b-$round.trace"
    done
done 2>&1 | tee "$OUT/median.txt"
rm -f "$OUT"/*.out
tar cJf "$OUT/median-traces.tar.xz" -C "$OUT" $(cd "$OUT" && ls *.trace) && rm -f "$OUT"/*.trace
