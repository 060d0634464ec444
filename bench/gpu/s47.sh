#!/usr/bin/env bash
# Session 47 on the GPU: the staged e2e suite (suite-only.sh; stage as its header says),
# then
#  1. bench/gpu/programs/rows_update.somd built at 25adb88 ("old": `m = bump(m, k)` comes
#     down into a new matrix) and at 45acd40 ("new": into the argument's own rows), three
#     interleaved rounds with the new build on the CPU back end too, one traced run each;
#  2. bench/gpu/programs/mid_transfers.somd (new build): transfers of 128 KiB to 8 MiB with
#     the staged copies on one thread (the default below 8 MiB) and spread over 4 and 16
#     threads (SOMD_STAGE_THREADS), three interleaved rounds;
#  3. the SparseMatMult sample (stage's bin/sample_sparsematmult, 100000 200) the same
#     three ways: five traced runs each, interleaved, transfer totals per run.
# Carries .gpu-carry: stage.tar.xz, s47-bench.tar.xz (rows_update-{old,new},
# mid_transfers). Writes under OUT: suite.txt, rounds.txt, mid.txt, sparse.txt, calls-*.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s47-suite bash bench/gpu/suite-only.sh > /tmp/s47-suite.log 2>&1
    echo "suite: exit $?"
    cp /tmp/s47-suite/suite.txt "$OUT/suite.txt" 2>/dev/null
    tail -3 "$OUT/suite.txt" 2>/dev/null
    grep -E "passed|failed" /tmp/s47-suite.log | tail -3
else
    mkdir -p /tmp/gpu-stage && tar xJf .gpu-carry/stage.tar.xz -C /tmp/gpu-stage
fi
B=/tmp/s47-bench
mkdir -p "$B" && tar xJf .gpu-carry/s47-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/* /tmp/gpu-stage/bin/* 2>/dev/null
RU=${RU:-"1048576 32 7"}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "rows_update args: $RU"
    for round in 1 2 3; do
        for v in old new; do
            echo "round $round $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 \
                "$B/rows_update-$v" $RU | tr '\n' ' ')"
        done
        echo "round $round new cpu: $(SOMD_DEVICE=cpu timeout 120 "$B/rows_update-new" $RU \
            | tr '\n' ' ')"
    done
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
for v in old new; do
    SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 "$B/rows_update-$v" $RU > /dev/null \
        2> /tmp/s47.trace
    python3 bench/gpu/call_totals.py /tmp/s47.trace > "$OUT/calls-rows_update-$v.txt" 2>&1
    grep -c '"in_place"' /tmp/s47.trace >> "$OUT/calls-rows_update-$v.txt"
    echo "== rows_update $v"; cat "$OUT/calls-rows_update-$v.txt"
done
{
    for round in 1 2 3; do
        for t in default 4 16; do
            env=(); [ "$t" != default ] && env=(SOMD_STAGE_THREADS=$t)
            echo "round $round threads $t:"
            env "${env[@]}" SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 "$B/mid_transfers" 25
        done
    done
} > "$OUT/mid.txt" 2>&1
cat "$OUT/mid.txt"
S=/tmp/gpu-stage/bin/sample_sparsematmult
{
    for round in 1 2 3 4 5; do
        for t in default 4 16; do
            env=(); [ "$t" != default ] && env=(SOMD_STAGE_THREADS=$t)
            start=$(date +%s%N)
            env "${env[@]}" SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json timeout 120 \
                "$S" 100000 200 > /tmp/s47.out 2> /tmp/s47.trace
            end=$(date +%s%N)
            echo "round $round threads $t: process $(( (end - start) / 1000000 )) ms;" \
                "$(tail -1 /tmp/s47.out)"
            python3 bench/gpu/call_totals.py /tmp/s47.trace
        done
    done
} > "$OUT/sparse.txt" 2>&1
cat "$OUT/sparse.txt"
