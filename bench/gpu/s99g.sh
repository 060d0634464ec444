#!/usr/bin/env bash
# Session 99: the PTX the NVIDIA driver caches for CP's kernels (one run of each variant in
# .gpu-carry with its own SOMD_CACHE_DIR), copied to $OUT/ptx-VARIANT/, to compare the
# kernels' registers and loop bodies here.
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
chmod +x .gpu-carry/*
for v in ${VARIANTS:-cp84 cpnow}; do
    d=/tmp/cache-$v
    rm -rf $d && mkdir -p $d
    SOMD_CACHE_DIR=$d SOMD_DEVICE=opencl timeout 60 .gpu-carry/$v 2000 512 | head -1
    mkdir -p "$OUT/ptx-$v"
    find $d -type f | head -5 | while read -r f; do cp "$f" "$OUT/ptx-$v/"; done
    ls -la "$OUT/ptx-$v"
done
