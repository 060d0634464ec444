#!/usr/bin/env bash
# Session 50 on the GPU, fourth call: s50c.sh's K-Means A/B again (same binaries, carried as
# .gpu-carry/s50c-bench.tar.xz), eight rounds whose order alternates (old first in odd
# rounds, new first in even ones), at 16 threads and at SOMD_THREADS=1, to tell the code's
# effect from the order's. Writes under OUT: kmeans2.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
B=/tmp/s50c-bench
mkdir -p "$B" && tar xJf .gpu-carry/s50c-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
one() {
    local v=$1 threads=$2 start end sum calls
    start=$(date +%s%N)
    sum=$(SOMD_THREADS=$threads SOMD_DEVICE=cpu SOMD_TRACE=json timeout 120 "$B/kmeans-$v" \
        8000000 8 10 2> /tmp/s50d.trace | md5sum | cut -c1-8)
    end=$(date +%s%N)
    calls=$(grep '"method":"KMeans.clusterSums"' /tmp/s50d.trace | python3 -c '
import json, statistics, sys
v = [json.loads(l)["time_ms"] for l in sys.stdin]
print(f"clusterSums median {statistics.median(v):.3f} ms, sum {sum(v):.1f} ms")')
    echo "threads $threads $v: process $(( (end - start) / 1000000 )) ms, out $sum, $calls"
}
{
    for threads in 16 1; do
        for round in 1 2 3 4 5 6 7 8; do
            echo "round $round"
            if [ $((round % 2)) = 1 ]; then one old $threads; one new $threads
            else one new $threads; one old $threads; fi
        done
    done
} > "$OUT/kmeans2.txt" 2>&1
cat "$OUT/kmeans2.txt"
