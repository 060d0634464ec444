#!/usr/bin/env bash
# Session 50 on the GPU, third call: the e2e programs exc_value_versioned and kmeans staged
# at adf483a (`SOMD_E2E_FILTER=exc_value_versioned,kmeans SOMD_E2E_STAGE=/tmp/mini cargo
# test --release -p somd-tests --test run stage_`, packed into .gpu-carry/mini.tar.xz), run
# by gpu_run.py; then K-Means on the CPU back end (SOMD_DEVICE=cpu, 16 threads) built at
# 7199571 ("old": `points[i].x` checked in every iteration of clusterSums) and at adf483a
# ("new": read in place by loop versioning), five interleaved rounds of `kmeans 8000000 8
# 10` under SOMD_TRACE=json: the process time and clusterSums' CPU calls (`time_ms`).
# Carries .gpu-carry: mini.tar.xz, s50c-bench.tar.xz (kmeans-{old,new}).
# Writes under OUT: suite.txt, kmeans.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT" /tmp/mini
. bench/gpu/icd.sh
tar xJf .gpu-carry/mini.tar.xz -C /tmp/mini && python3 bench/gpu/gpu_run.py --stage /tmp/mini --out "$OUT"
echo "mini: exit $?"
tail -3 "$OUT/suite.txt" 2>/dev/null
B=/tmp/s50c-bench
mkdir -p "$B" && tar xJf .gpu-carry/s50c-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for round in 1 2 3 4 5; do
        for v in old new; do
            start=$(date +%s%N)
            sum=$(SOMD_DEVICE=cpu SOMD_TRACE=json timeout 120 "$B/kmeans-$v" 8000000 8 10 \
                2> /tmp/s50c.trace | md5sum | cut -c1-8)
            end=$(date +%s%N)
            calls=$(grep '"method":"KMeans.clusterSums"' /tmp/s50c.trace | python3 -c '
import json, statistics, sys
v = [json.loads(l)["time_ms"] for l in sys.stdin]
print(f"clusterSums {len(v)} calls, median {statistics.median(v):.3f} ms, sum {sum(v):.1f} ms")')
            echo "round $round $v: process $(( (end - start) / 1000000 )) ms, out $sum, $calls"
        done
    done
} > "$OUT/kmeans.txt" 2>&1
cat "$OUT/kmeans.txt"
