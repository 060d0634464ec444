#!/usr/bin/env bash
# Session 98, one device call (CARRY=.gpu-carry/s98):
# 1. the staged end-to-end programs whose kernels have a row-tiles variant
#    (stage.tar.xz: `rowtiles.rs`, launched by default on a GPU for inner loops of 64
#    iterations or more) under SOMD_DEVICE=opencl SOMD_STRICT=1 on the NVIDIA GPU against
#    their Java twins (bench/gpu/s75.sh's suite);
# 2. bench/gpu/programs/s95rows.somd (a matrix times a vector, `double`s in Java's order,
#    beside two row extrema in the lanes form) built by the session's compiler: per shape,
#    three traced runs with the tiles variant (the default) and three under
#    SOMD_ROW_TILES=0 (one work-item per row, as before the session), in turn: the
#    kernel ms of each method summed over the calls, and the printed result (equal in
#    both);
# 3. bench/gpu/s95_rowtiles_ablation.py: the hand-written variants, `wide_db32` the
#    tiles of 32 columns the generated kernel uses for `double`s.
set -u
C=${CARRY:-.gpu-carry/s98}
chmod +x $C/* 2>/dev/null
mkdir -p $OUT
OUT=$OUT/suite NOBENCH=1 CARRY=$C STAGE_TAR=$C/stage.tar.xz SUITE_LIMIT=${SUITE_LIMIT:-200} \
    bash bench/gpu/s75.sh
for args in "4000 4000 20" "20000 1000 20" "1000 100000 5" "2000 20000 10" "100000 64 20" \
    "100000 128 20" "64 250000 5"; do
    for rep in 1 2 3; do
        for t in default 0; do
            env OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_TRACE=json \
                $( [ $t = 0 ] && echo SOMD_ROW_TILES=0 ) \
                timeout 120 $C/s95rows $args > /tmp/t.out 2> /tmp/t.trace
            k=$(python3 bench/gpu/call_totals.py /tmp/t.trace | grep -v "cpu:" \
                | sed -E 's/^ *Main\.([A-Za-z0-9_]+) on opencl: .* kernel ([0-9.]+) ms/\1 \2/' | tr '\n' ' ')
            tiles=$(grep -c '"name":"Main_matvec_tiles"' /tmp/t.trace)
            echo "s95rows $args tiles=$t rep $rep: kernel ms: $k; tiles launches $tiles; out $(head -1 /tmp/t.out)"
        done
    done
done | tee $OUT/rows.txt
OCL_ICD_VENDORS=/tmp/icd-nv timeout 200 python3 bench/gpu/s95_rowtiles_ablation.py \
    4000x4000,20000x1000,1000x100000,100000x64,2000x20000 | tee $OUT/ablation.txt
