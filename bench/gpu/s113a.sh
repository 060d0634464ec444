#!/usr/bin/env bash
# Session 113, the device calls (carry .gpu-carry/s113smm.tar.xz and the e2e parts named in
# E2E, e.g. "s113e2e-part0.tar.xz"):
# 1. unless SKIP_SMM: SparseMatMult 100000 200 on the host's cores, the harness's `gen cpu
#    N` against `rayon N` (N = 2, 8, 16), five rounds, the two stages in turn: `old/` (the
#    generated program of b5458306's parent: every MI's 800 KB table combined whole) and
#    `new/` (b5458306: the tables combined span by span, `combine_elementwise_windows`),
#    both with the harness and baselines staged at b5458306; and, where the archive has it,
#    `new2/` (fe0336e5: the MIs take zeroed tables the last combination left, `new_table`;
#    reverted), `new3/` (29d4417a: the MIs note their keys' span as they read them instead
#    of a pass over their part of the key before the body; reverted) or `new4/` (f9b25469:
#    the pass only for 8 MIs or more, a check that the keys never decrease);
# 2. each e2e part (bench/gpu/pack_stage.sh STAGE 3 s113e2e, the suite staged at ace41c75,
#    the session's start) under SOMD_DEVICE=opencl SOMD_STRICT=1 against the Java twins.
set -u
mkdir -p "$OUT"
start=$(date +%s)
. bench/gpu/icd.sh
{ nproc; nvidia-smi -L; } > "$OUT/env.txt" 2>&1
if [ -z "${SKIP_SMM:-}" ] && [ -f .gpu-carry/s113smm.tar.xz ]; then
    D=/tmp/s113smm
    mkdir -p $D "$OUT/smm" && tar xJf .gpu-carry/s113smm.tar.xz -C $D && chmod +x $D/*/*
    for round in 1 2 3 4 5; do
        for v in old new new2 new3 new4; do
            [ -d $D/$v ] || continue
            (cd $D/$v && timeout 100 ./somd-bench --prebuilt . --device cpu --threads 2,8,16 \
                --reps 3 --filter sparsematmult --json "$OUT/smm/$v-$round.json") \
                > "$OUT/smm/$v-$round.txt" 2>&1
            echo "round $round $v: exit $?"; grep "gen cpu 16 / rayon 16" "$OUT/smm/$v-$round.txt"
        done
    done
    echo "smm done at $(( $(date +%s) - start )) s"
fi
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
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
tar czf /tmp/s113-out.tgz -C "$OUT" . && rm -rf "${OUT:?}"/* && mv /tmp/s113-out.tgz "$OUT/"
echo "all took $(( $(date +%s) - start )) s"
