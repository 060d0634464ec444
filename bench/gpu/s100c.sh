#!/usr/bin/env bash
# Session 100, last call: the suite's programs whose kernels changed after s100a.sh's run
# (the SAD idiom's rest no longer copied under a range test: device_packed_rows,
# device_sad*, exc_sad_*), staged at 8b3105d0 (carry .gpu-carry/e2e-stage.tar.xz), under
# SOMD_DEVICE=opencl SOMD_STRICT=1 on the GPU against their Java twins.
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
S=/tmp/gpu-stage
mkdir -p $S && tar xJf .gpu-carry/e2e-stage.tar.xz -C $S && chmod +x $S/bin/*
mkdir -p "$OUT/suite"
OCL_ICD_VENDORS=/tmp/icd-nv timeout 240 python3 -u bench/gpu/gpu_run.py \
    --stage $S --out "$OUT/suite" --pocl "" --reps 1 > "$OUT/suite-stdout.txt" 2>&1
tail -3 "$OUT/suite-stdout.txt"
