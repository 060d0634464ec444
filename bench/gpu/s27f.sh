#!/usr/bin/env bash
# Session 27 on the GPU, sixth call: why host_bounds' `prefix` took 19-23 ms a call under the
# two sizes of staging buffer (s27e.sh) where one size of 4 or 32 MiB gave 7-10: each call's
# transfers (bench/gpu/transfer_times.py over SOMD_TRACE=json) under the defaults, with one
# size of 32 MiB (SOMD_STAGING_BYTES=33554432), and with 1-D transfers past 8 MiB direct
# (SOMD_PINNED_MAX=8388608). Binaries: .gpu-carry/s27f.tar.xz (host_bounds, opencl_process,
# built at the working tree of this commit: a source already in pinned memory goes direct).
set -u
OUT=${OUT:-gpu-results}
R=/tmp/s27f
mkdir -p "$OUT" "$R"
. bench/gpu/icd.sh
B=/tmp/s27f-bin
mkdir -p "$B" && tar xJf .gpu-carry/s27f.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
size=${HB_SIZE:-4096 4096 3}
{
    for v in "default SOMD_DEVICE=opencl" "one32m SOMD_STAGING_BYTES=33554432" "direct8m SOMD_PINNED_MAX=8388608"; do
        set -- $v
        echo "$1: $(env $2 SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$B/host_bounds" $size 2> "$R/$1.trace" | tr '\n' ' ')"
        for m in Main.prefix Main.fold; do
            python3 bench/gpu/transfer_times.py "$R/$1.trace" $m | sed "s/^/  /"
        done
    done
    echo "bandwidth, defaults:"
    SOMD_OPENCL_CHILD=bandwidth SOMD_DEVICE=opencl timeout 60 "$B/opencl_process" child_entry \
        --exact --nocapture 2>&1 | grep BANDWIDTH
} 2>&1 | tee "$R/diagnose.txt"
tar czf "$OUT/s27f.tar.gz" -C "$R" diagnose.txt
