#!/usr/bin/env bash
# Session 86 on the device machine, one call: the staged outlined-loop programs of the
# e2e suite (bench/gpu/s79.sh: opencl and seq against their twins; the failing ones'
# positions listed), then the CPU paths the session splits among the pool's MIs, built by
# the session-start compiler (193f7a5a, `_old`) and the session's (`_new`) in
# .gpu-carry/s86: bench/gpu/programs/s85reduce.somd 4000000 100 and SparseMatMult at
# 100000 and 500000 rows, 200 iterations (bench/gpu/s75.sh's interleaved rounds).
set -u
OUT=$OUT TRACE=device_outlined_updates bash bench/gpu/s79.sh 2>&1 | tee $OUT/suite.txt | tail -40
for f in $OUT/e2e_exc_*.opencl.err; do echo "$(basename $f): $(grep -m1 ' at ' $f)"; done
run() {
    mkdir -p "$OUT/$1"
    OUT="$OUT/$1" NOSUITE=1 CARRY=.gpu-carry/s86 MOVES=$2 MOVES_ARGS="$3" bash bench/gpu/s75.sh 2>&1 \
        | grep -E "^process|^traced|threads|NVIDIA|H200|^==|calls|bytes" | cut -c1-220
}
run reduce s85reduce "4000000 100"
run sparse100k sparsematmult "100000 200"
run sparse500k sparsematmult "500000 200"
