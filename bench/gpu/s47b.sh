#!/usr/bin/env bash
# Session 47 on the GPU, second call: the staged e2e suite at e72073f (suite-only.sh; stage
# as its header says), then bench/gpu/programs/mid_transfers.somd and the SparseMatMult
# sample built with the runtime of 45acd40 ("a": a staged copy below 8 MiB on one thread, in
# pieces of the staging half's sixteenth) and of e72073f ("b": spread from 512 KiB, 16 pieces
# of the transfer), with "a" also under SOMD_STAGE_THREADS=16 (every staged copy spread, the
# old pieces): mid_transfers in three interleaved rounds, SparseMatMult 100000 200 in five
# traced ones (transfer totals per run).
# Carries .gpu-carry: stage.tar.xz, s47c-bench.tar.xz ({mid_transfers,sparsematmult}-{a,b}).
# Writes under OUT: suite.txt, mid.txt, sparse.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s47b-suite bash bench/gpu/suite-only.sh > /tmp/s47b-suite.log 2>&1
    echo "suite: exit $?"
    cp /tmp/s47b-suite/suite.txt "$OUT/suite.txt" 2>/dev/null
    tail -3 "$OUT/suite.txt" 2>/dev/null
fi
B=/tmp/s47c-bench
mkdir -p "$B" && tar xJf .gpu-carry/s47c-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
# Runs binary $2 of variant $1 ("a", "b" or "a16") on the GPU with the rest as arguments
# (under SOMD_TRACE=json when TRACE is set).
variant() {
    local v=$1 p=$2 env=(SOMD_DEVICE=opencl SOMD_STRICT=1)
    shift 2
    [ -n "${TRACE:-}" ] && env+=(SOMD_TRACE=json)
    case $v in
        a16) env SOMD_STAGE_THREADS=16 "${env[@]}" timeout 120 "$B/$p-a" "$@" ;;
        *) env "${env[@]}" timeout 120 "$B/$p-$v" "$@" ;;
    esac
}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for round in 1 2 3; do
        for v in a b a16; do
            echo "round $round $v:"
            variant "$v" mid_transfers 25 2>&1
        done
    done
} > "$OUT/mid.txt" 2>&1
cat "$OUT/mid.txt"
{
    for round in 1 2 3 4 5; do
        for v in a b a16; do
            start=$(date +%s%N)
            TRACE=1 variant "$v" sparsematmult 100000 200 > /tmp/s47b.out 2> /tmp/s47b.trace
            end=$(date +%s%N)
            echo "round $round $v: process $(( (end - start) / 1000000 )) ms;" \
                "$(tail -1 /tmp/s47b.out)"
            python3 bench/gpu/call_totals.py /tmp/s47b.trace
        done
    done
} > "$OUT/sparse.txt" 2>&1
cat "$OUT/sparse.txt"
