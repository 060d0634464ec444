#!/usr/bin/env bash
# Session 46 on the GPU: the staged e2e suite (suite-only.sh; stage as its header says),
# then bench/gpu/programs/ragged_map.somd, fresh_rect.somd and rows_update.somd built at
# d1dc2bf ("old": the calling thread cuts each staged chunk into row parts; the row
# handles, the narrow range's groups and a downloaded matrix's rows listed on one thread)
# and with this session's runtime ("new"), in interleaved rounds, the new builds on the
# CPU back end too; and one traced run of each new build for every call's transfers.
# Carries .gpu-carry: stage.tar.xz, s46-bench.tar.xz ({ragged_map,fresh_rect,rows_update}
# -{old,new}). Writes under OUT: suite.txt (the suite's summary), rounds.txt, calls-*.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
declare -A ARGS=([ragged_map]=${RM:-"1048576 64 7"} [fresh_rect]=${FR:-"1048576 32 7"}
    [rows_update]=${RU:-"1048576 32 7"})
PROGRAMS="ragged_map fresh_rect rows_update"
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s46-suite bash bench/gpu/suite-only.sh > /tmp/s46-suite.log 2>&1
    echo "suite: exit $?"
    cp /tmp/s46-suite/suite.txt "$OUT/suite.txt" 2>/dev/null
    tail -3 "$OUT/suite.txt" 2>/dev/null
fi
B=/tmp/s46-bench
mkdir -p "$B" && tar xJf .gpu-carry/s46-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in $PROGRAMS; do echo "$p args: ${ARGS[$p]}"; done
    for round in 1 2 3; do
        for p in $PROGRAMS; do
            for v in old new; do
                echo "round $round $p $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 \
                    "$B/$p-$v" ${ARGS[$p]} | tr '\n' ' ')"
            done
            echo "round $round $p new cpu: $(SOMD_DEVICE=cpu timeout 120 \
                "$B/$p-new" ${ARGS[$p]} | tr '\n' ' ')"
        done
    done
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
for p in $PROGRAMS; do
    for v in old new; do
        SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 "$B/$p-$v" ${ARGS[$p]} > /dev/null \
            2> /tmp/s46.trace
        python3 bench/gpu/call_totals.py /tmp/s46.trace > "$OUT/calls-$p-$v.txt" 2>&1
        echo "== $p $v"
        tail -4 "$OUT/calls-$p-$v.txt"
    done
done
