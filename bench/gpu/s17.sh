#!/usr/bin/env bash
# Seventeenth session: the e2e suite on the GPU (after private arrays passed to helpers,
# setup failures under empty loops, -0.0 starts of floating sums, labelled jumps in sync
# bodies, matrices kept across a loop's calls), then the median filter with its window
# inline (median.somd; also with SOMD_KEEP=off: its image uploaded at every call) and
# gathered and sorted by helpers taking the private window (median_helper.somd),
# alternated three rounds, 4096 x 4096 ints: wall medians printed by the programs, kernel
# times and bytes moved from SOMD_TRACE=json. Carries .gpu-carry/stage.tar.xz, .gpu-carry/median,
# .gpu-carry/median_helper.
#   OUT=results bench/gpu/s17.sh
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
OUT=$OUT/suite bash bench/gpu/suite-only.sh > /dev/null 2>&1
echo "suite exit $?"; tail -2 "$OUT/suite/suite.txt" 2>/dev/null
grep -E "device_private|exc_setup|device_labels|device_reduce_forms" "$OUT/suite/suite.txt" | head -8
tar cJf "$OUT/suite17.tar.xz" -C "$OUT" suite && rm -rf "$OUT/suite"
# Per run: the program's line, then per construct the trace's medians, then the bytes that
# crossed up (`transfer` events) and that were found on the device (`resident` events).
moved() {
    python3 -c '
import json, sys
up = kept = 0
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "transfer" and j.get("dir") == "h2d":
        up += j.get("bytes", 0)
    if j.get("event") == "resident":
        kept += j.get("bytes", 0)
print(f"  bytes up {up}, resident {kept}")' "$1"
}
for round in 1 2 3; do
    for run in median median:off median_helper; do
        b=${run%%:*}
        keep=on; [[ $run == *:off ]] && keep=off
        SOMD_KEEP=$keep SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json .gpu-carry/$b 12 9 \
            > "$OUT/$b.out" 2> "$OUT/$b-$keep-$round.trace"
        echo "$b SOMD_KEEP=$keep round $round exit $?: $(tr '\n' ' ' < "$OUT/$b.out")"
        python3 bench/gpu/call_medians.py "$OUT/$b-$keep-$round.trace"
        moved "$OUT/$b-$keep-$round.trace"
    done
done 2>&1 | tee "$OUT/median.txt"
rm -f "$OUT"/*.out
tar cJf "$OUT/median-traces.tar.xz" -C "$OUT" $(cd "$OUT" && ls *.trace) && rm -f "$OUT"/*.trace
