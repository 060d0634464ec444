#!/usr/bin/env bash
# Session 101, third call: where SOR's generated stencil kernel loses to the hand-written
# one (1.8 against 1.4 ms for `sor 1500 100` in the hundredth session's harness run).
# Carried in .gpu-carry: sor-{base,index,const,restrict,hand} (samples/sor.somd built at
# 14787b7d, its first kernel rewritten by bench/gpu/sor_variants.py: as generated; one
# base index for the five reads; `g` declared `const`; `g` const and both pointers
# `restrict`; the hand-written kernel's body in the generated signature) and
# somd-clbaseline (the harness's hand-written OpenCL program).
# Each variant in turn, five rounds: kernel ms of a traced run (call_totals.py) and the
# hand program's own kernel_ns.
set -u
mkdir -p "$OUT"
C=.gpu-carry
chmod +x $C/sor-* $C/somd-clbaseline
. bench/gpu/icd.sh
for args in "1500 100" "4000 100"; do
    for round in 1 2 3 4 5; do
        for v in base index const restrict hand; do
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 $C/sor-$v $args > /tmp/t.out 2> /tmp/t.trace
            k=$(python3 bench/gpu/call_totals.py /tmp/t.trace | awk -F'kernel ' '/on opencl/ {split($2, a, " "); s += a[1]} END {printf "%.3f", s}')
            echo "sor $args round $round $v: kernel $k ms; $(tail -1 /tmp/t.out)"
        done
        $C/somd-clbaseline sor $args > /tmp/h.out 2>&1
        echo "sor $args round $round handprog: kernel $(awk -F= '/kernel_ns/ {printf "%.3f", $2 / 1e6}' /tmp/h.out) ms; $(sed -n 2p /tmp/h.out)"
    done
done | tee "$OUT/variants.txt"
python3 bench/gpu/call_totals.py /tmp/t.trace > "$OUT/last-trace-totals.txt" 2>&1
