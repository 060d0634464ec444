#!/usr/bin/env bash
# Session 44, second A/B: bench/gpu/programs/ragged_map.somd built at 147085e ("new") and
# with the narrow range read from each row's storage on several threads ("range"), in
# interleaved rounds, the latter on the CPU back end too.
# Carries .gpu-carry/s44-bench.tar.xz (ragged_map-{new,range}). Writes OUT/rounds-b.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
RM=${RM:-"1048576 64 7"}
B=/tmp/s44-bench
mkdir -p "$B" && tar xJf .gpu-carry/s44-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "ragged_map args: $RM"
    for round in 1 2 3; do
        for v in new range; do
            echo "round $round $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 \
                "$B/ragged_map-$v" $RM | tr '\n' ' ')"
        done
        echo "round $round range cpu: $(SOMD_DEVICE=cpu timeout 120 \
            "$B/ragged_map-range" $RM | tr '\n' ' ')"
    done
} > "$OUT/rounds-b.txt" 2>&1
cat "$OUT/rounds-b.txt"
