#!/usr/bin/env bash
# Session 87 on the device machine, two calls (PART=a, then PART=b), and a third (PART=c)
# running both halves of the suite restaged at the session's end. The session changes
# the failure log every kernel is built with (runtime/cl/somd_errors.cl), so the whole
# staged suite runs again, half per call (bench/gpu/s75.sh, its STAGE_TAR the half in
# .gpu-carry/s87).
# PART=a, before the half: the runtime's device tests (`opencl_device`, built here with
# `cargo test --release -p somd-runtime --test opencl_device --no-run`) on the GPU, and
# bench/gpu/programs/s87fail.somd (an elementwise loop stepping down failing at every K-th
# element) built by the compilers at 3b682c12 (`_old`) and at the session's (`_new`):
# the exception each raises on the GPU, against Java's (index N + the largest multiple of
# K below N).
# PART=b, after the half: bench/gpu/programs/s87down.somd (host loops stepping down over
# SOMD results, outlined by the session's compiler only) old and new, five interleaved
# processes on opencl and cpu, then a traced run of each (bench/gpu/s75.sh's MOVES).
set -u
C=.gpu-carry/s87
chmod +x $C/* 2>/dev/null
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
if [ "${PART:-a}" = c ]; then
    # The whole suite restaged at the session's end, both halves in one call.
    OUT=$OUT/suite NOBENCH=1 CARRY=$C STAGE_TAR=$C/stage-a.tar.xz STAGE_EXTRA=$C/stage-b.tar.xz \
        SUITE_LIMIT=${LIMIT:-540} bash bench/gpu/s75.sh
elif [ "${PART:-a}" = a ]; then
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    OCL_ICD_VENDORS=/tmp/icd-nv SOMD_REQUIRE_OPENCL=1 timeout 300 $C/opencl_device \
        --test-threads=1 2>&1 | grep -E "^test |test result|SKIPPED|panicked|left|right" \
        | tee $OUT/runtime-tests.txt | grep -vE " ok$"
    for n in 1000000 50000000; do
        for k in 1 7 1000; do
            want=$(( n + (n - 1) / k * k ))
            for v in old new new new; do
                got=$(OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 \
                    $C/s87fail_$v $n $k 2>&1 | grep -m1 -oE "Index -?[0-9]+")
                echo "s87fail $v n=$n k=$k: $got (Java: Index $want)"
            done
        done
    done | tee $OUT/s87fail.txt
    OUT=$OUT/suite-a NOBENCH=1 CARRY=$C STAGE_TAR=$C/stage-a.tar.xz SUITE_LIMIT=${LIMIT:-420} \
        bash bench/gpu/s75.sh
else
    OUT=$OUT/suite-b NOBENCH=1 CARRY=$C STAGE_TAR=$C/stage-b.tar.xz SUITE_LIMIT=${LIMIT:-420} \
        bash bench/gpu/s75.sh
    OUT=$OUT/down NOSUITE=1 CARRY=$C MOVES=s87down MOVES_ARGS="4000000 100" bash bench/gpu/s75.sh \
        | grep -E "^process|^traced|threads|NVIDIA|H200|^==|calls|bytes" | cut -c1-220
fi
