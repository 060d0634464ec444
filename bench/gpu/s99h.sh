#!/usr/bin/env bash
# Session 99, the failure's record out of line (`somd_record` in runtime/cl/somd_errors.cl),
# one call. Carried in .gpu-carry: cp84, cpnow, cpv5 (CP built by 79e2e7e2's compiler and
# runtime, by this session's before the change, and with it), bench-stage.tar.xz (the
# harness and samples staged with the change), e2e-stage.tar.xz (the suite's programs
# named exc_, row or lufact, staged with it):
# 1. bench/gpu/s99f.sh with those three CP builds (kernel ms, five traced runs in turn);
# 2. the staged programs under SOMD_DEVICE=opencl SOMD_STRICT=1 against their Java twins;
# 3. the whole harness (bench/gpu/s10-final.sh, REPS=3).
set -u
mkdir -p "$OUT"
OUT=$OUT VARIANTS="cp84 cpnow cpv5" bash bench/gpu/s99f.sh > /dev/null 2>&1
grep "round 1" "$OUT/cp.txt"
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
OUT=$OUT NAME=all99v5 REPS=${REPS:-3} bash bench/gpu/s10-final.sh | grep "gen opencl / hand"
