#!/usr/bin/env bash
# Session 102: SparseMatMult's multiply kernel taken apart. Carried in .gpu-carry:
# smm-VARIANT (samples/sparsematmult.somd built at e3fbbc3d, its kernel rewritten by
# bench/gpu/smm_variants.py) and somd-clbaseline (the hand-written program). Five rounds
# of `100000 200`, each variant in turn: kernel ms per kernel of a traced run
# (launch_totals.py); the hand program's own kernel time.
set -u
mkdir -p "$OUT"
C=.gpu-carry
chmod +x $C/smm-* $C/somd-clbaseline
. bench/gpu/icd.sh
for round in 1 2 3 4 5; do
    for v in base noat hoist int nocheck runs hand; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json timeout 120 $C/smm-$v 100000 200 > /tmp/t.out 2> /tmp/t.trace
        echo "round $round $v: $(python3 bench/gpu/launch_totals.py /tmp/t.trace); $(tail -1 /tmp/t.out)"
    done
    echo "round $round handprogram: $(timeout 120 $C/somd-clbaseline sparsematmult 100000 200 2>&1 | grep -E 'kernel_ns|transfer_ns' | tr '\n' ' ')"
done | tee "$OUT/variants.txt"
SOMD_DEVICE=opencl SOMD_TRACE=json $C/smm-base 100000 200 2> "$OUT/base.trace" > /dev/null
xz "$OUT/base.trace"
