#!/usr/bin/env bash
# Session 102: SparseMatMult's accumulation loop kernel taken apart (s102b.sh's second run). Carried in .gpu-carry:
# smm-VARIANT (samples/sparsematmult.somd built at e3fbbc3d, its kernel rewritten by
# bench/gpu/smm_variants.py). Five rounds
# of `100000 200`, each variant in turn: kernel ms per kernel of a traced run
# (launch_totals.py).
set -u
mkdir -p "$OUT"
C=.gpu-carry
chmod +x $C/smm-*
. bench/gpu/icd.sh
for round in 1 2 3 4 5; do
    for v in base loop-nocheck loop-plain; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json timeout 120 $C/smm-$v 100000 200 > /tmp/t.out 2> /tmp/t.trace
        echo "round $round $v: $(python3 bench/gpu/launch_totals.py /tmp/t.trace); $(tail -1 /tmp/t.out)"
    done
done | tee "$OUT/variants.txt"
