#!/usr/bin/env bash
# Session 115, the device calls (carry .gpu-carry/s115km.tar.xz, s115fz.tar.xz and the e2e
# parts named in E2E):
# 1. unless SKIP_KM: K-Means 8000000 8 1 on the GPU (NVIDIA's platform only), the builds
#    in turn for five rounds: `before` (af2d96c3: each device call looks at every point for
#    a `null`) and `after` (ce61c195: the array's own `null` state answers); the process's
#    wall time and its device calls' wall, kernel and transfer totals (`s115_calls.py`);
# 2. unless SKIP_FZ: the differential-fuzz programs of s115fz.tar.xz on `opencl` and `cpu`
#    (bench/gpu/difffuzz.sh);
# 3. each e2e part (bench/gpu/pack_stage.sh STAGE 3 s115e2e, the suite staged at af2d96c3)
#    under SOMD_DEVICE=opencl SOMD_STRICT=1 against the Java twins.
set -u
mkdir -p "$OUT"
start=$(date +%s)
here=$(pwd)
. bench/gpu/icd.sh
{ nproc; nvidia-smi -L; } >> "$OUT/env.txt" 2>&1
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
if [ -z "${SKIP_KM:-}" ] && [ -f .gpu-carry/s115km.tar.xz ]; then
    D=/tmp/s115km
    mkdir -p $D "$OUT/km" && tar xJf .gpu-carry/s115km.tar.xz -C $D && chmod +x $D/*
    for round in 1 2 3 4 5; do
        for v in before after; do
            t0=$(date +%s%N)
            (cd $D && OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_STRICT=1 \
                ./kmeans-$v 8000000 8 1 > "$OUT/km/$v-$round.out" 2>/dev/null)
            t1=$(date +%s%N)
            line=$(cd $D && OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_STRICT=1 \
                SOMD_TRACE=json ./kmeans-$v 8000000 8 1 2>&1 >/dev/null \
                | python3 "$here/bench/gpu/s115_calls.py")
            echo "$round $v process_ms=$(( (t1 - t0) / 1000000 )) $line" | tee -a "$OUT/km/summary.txt"
        done
    done
    cmp "$OUT/km/before-1.out" "$OUT/km/after-1.out" && echo "km outputs equal"
    echo "km done at $(( $(date +%s) - start )) s"
fi
if [ -z "${SKIP_FZ:-}" ] && [ -f .gpu-carry/${FZ:-s115fz.tar.xz} ]; then
    mkdir -p "$OUT/fz"
    ARCHIVE=${FZ:-s115fz.tar.xz} PLACEMENTS="opencl cpu" OUT="$OUT/fz" bash bench/gpu/difffuzz.sh \
        > /dev/null 2>&1
    grep -c ": ok" "$OUT/fz/difffuzz.txt"; grep differs "$OUT/fz/difffuzz.txt"
    echo "fz done at $(( $(date +%s) - start )) s"
fi
for part in ${E2E:-}; do
    [ -f .gpu-carry/$part ] || continue
    name=$(basename $part .tar.xz)
    S=/tmp/gpu-stage-$name
    mkdir -p $S && tar xJf .gpu-carry/$part -C $S && chmod +x $S/bin/*
    mkdir -p "$OUT/$name"
    t0=$(date +%s)
    OCL_ICD_VENDORS=/tmp/icd-nv timeout ${SUITE_LIMIT:-300} python3 -u bench/gpu/gpu_run.py \
        --stage $S --out "$OUT/$name" --pocl "" --reps 1 > "$OUT/$name/stdout.txt" 2>&1
    echo "$name: exit $? after $(( $(date +%s) - t0 )) s"; tail -2 "$OUT/$name/stdout.txt"
    head -1 "$OUT/$name/suite.txt"; grep "^FAIL" "$OUT/$name/suite.txt" | head -20
done
# The device tool brings back a few files only: one archive of the rest.
tar czf /tmp/s115-out.tgz -C "$OUT" . && rm -rf "${OUT:?}"/* && mv /tmp/s115-out.tgz "$OUT/"
echo "all took $(( $(date +%s) - start )) s"
