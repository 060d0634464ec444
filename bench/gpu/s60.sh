#!/usr/bin/env bash
# Session 60, one device call: the e2e suite and the samples under SOMD_DEVICE=opencl
# SOMD_STRICT=1 (run.sh's suite, staged as its header says into .gpu-carry/stage.tar.xz,
# with bench/gpu/programs/map_rows.somd built into .gpu-carry/map_rows), then map_rows,
# whose ragged matrix a host loop now keeps on the device (`SOMD_KEEP=off`: every call
# uploads it, as before the session, with the same binary), on the GPU both ways and on
# the CPU back end, five interleaved rounds, and one traced GPU run for its transfers.
set -u
FINAL=${OUT:-gpu-results}
export OUT=/tmp/s60-results
STAGE=/tmp/gpu-stage
mkdir -p "$OUT" "$STAGE" && tar xJf .gpu-carry/stage.tar.xz -C "$STAGE" || exit 1
export STAGE
SCRIPT_LIMIT=${SCRIPT_LIMIT:-330} bench/gpu/run.sh --reps 3 --bench "montecarlo 8192 10000"
. bench/gpu/icd.sh
MR=${MR:-"1048576 64 7"}
{
    bench/gpu/rounds.sh .gpu-carry/map_rows "$MR"
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 .gpu-carry/map_rows $MR > /dev/null 2> /tmp/s60.trace
python3 bench/gpu/call_totals.py /tmp/s60.trace > "$OUT/calls.txt" 2>&1
cat "$OUT/calls.txt"
# Only a few files come back from a device call: the summaries, and the rest packed.
mkdir -p "$FINAL"
cp "$OUT/suite.txt" "$OUT/perf.md" "$OUT/env.txt" "$OUT/rounds.txt" "$OUT/calls.txt" \
    "$FINAL/" 2>/dev/null
tar cJf "$FINAL/all.tar.xz" -C "$OUT" .
