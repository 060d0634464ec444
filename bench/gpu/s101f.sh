#!/usr/bin/env bash
# Session 101, after review: the loopcheck_ programs and bounds_wrapped_start_fail (the
# review's cases: bound reads the loop changes, a constructor in the loop, a negative
# constant bound index, a bound read after another test operand, tests stepping their
# index, a wrapped loop start; run again after the second review with every bounds_
# program too), staged in .gpu-carry/e2e-stage.tar.xz, under
# SOMD_DEVICE=opencl SOMD_STRICT=1 against their Java twins.
set -u
mkdir -p "$OUT"
C=.gpu-carry
. bench/gpu/icd.sh
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
S=/tmp/gpu-stage
mkdir -p $S && tar xJf $C/e2e-stage.tar.xz -C $S && chmod +x $S/bin/*
mkdir -p "$OUT/suite"
OCL_ICD_VENDORS=/tmp/icd-nv timeout 300 python3 -u bench/gpu/gpu_run.py \
    --stage $S --out "$OUT/suite" --pocl "" --reps 1 > "$OUT/suite-stdout.txt" 2>&1
tail -3 "$OUT/suite-stdout.txt"
