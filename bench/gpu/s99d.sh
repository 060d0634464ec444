#!/usr/bin/env bash
# Session 99, fourth call: `somd-clbaseline costs` (carried as .gpu-carry/somd-clbaseline,
# built at the session's HEAD) for rows of 2,000 and 4,000 ints (LUFact's rows at n = 1000
# and 2000), on the plain queue the generated programs use (SOMD_BENCH_PLAIN=1) and on
# the profiling one, three runs each: LUFact's step with pageable or pinned host ends.
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
chmod +x .gpu-carry/somd-clbaseline
for n in 2000 4000; do
    for rep in 1 2 3; do
        for plain in 1 0; do
            echo "== costs $n, SOMD_BENCH_PLAIN=$plain, run $rep"
            SOMD_BENCH_PLAIN=$plain SOMD_DEVICE=opencl timeout 100 .gpu-carry/somd-clbaseline costs $n
        done
    done
done | tee "$OUT/costs.txt"
