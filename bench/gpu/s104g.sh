#!/usr/bin/env bash
# Session 104, final check: the suite's programs whose kernels changed in the session
# (against ca6d0fe7), every loopcheck_ and exc_stop_ program, built by the committed
# compiler (.gpu-carry/e2e-stage.tar.xz), under SOMD_DEVICE=opencl SOMD_STRICT=1 on the
# GPU against their Java twins.
set -u
mkdir -p "$OUT"
C=.gpu-carry
. bench/gpu/icd.sh
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
S=/tmp/gpu-stage
rm -rf $S && mkdir -p $S && tar xJf $C/e2e-stage.tar.xz -C $S && chmod +x $S/bin/*
mkdir -p "$OUT/suite"
OCL_ICD_VENDORS=/tmp/icd-nv timeout 400 python3 -u bench/gpu/gpu_run.py \
    --stage $S --out "$OUT/suite" --pocl "" --reps 1 > "$OUT/suite-stdout.txt" 2>&1
tail -3 "$OUT/suite-stdout.txt"
