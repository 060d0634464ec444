#!/usr/bin/env bash
# Session 101, fourth call: proven indices `v + k` written in `long` (a stencil's rows share
# one product). Carried in .gpu-carry: sor-{old,new} (samples/sor.somd built at 14787b7d
# and with the change), sor-index and sor-hand (bench/gpu/sor_variants.py's variants of the
# old build, as in s101c.sh), somd-clbaseline (the hand-written program),
# pingpong2d-{old,new} and stencil-{old,new} (bench/gpu/programs/pingpong2d.somd,
# samples/stencil.somd), e2e-stage.tar.xz (the suite's programs whose kernels the change
# rewrote, samples included):
# 1. the SOR builds in turn, five rounds: kernel ms of a traced run (call_totals.py), the
#    hand program's own kernel_ns;
# 2. pingpong2d old and new in turn, five rounds: its own loop times and traced kernel ms;
# 3. the staged programs under SOMD_DEVICE=opencl SOMD_STRICT=1 against their Java twins.
set -u
mkdir -p "$OUT"
C=.gpu-carry
chmod +x $C/sor-* $C/somd-clbaseline $C/pingpong2d-* $C/stencil-*
. bench/gpu/icd.sh
kernel_ms() {
    SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 "$@" > /tmp/t.out 2> /tmp/t.trace
    python3 bench/gpu/call_totals.py /tmp/t.trace | awk -F'kernel ' '/on opencl/ {split($2, a, " "); s += a[1]} END {printf "%.3f", s}'
}
for args in "1500 100" "4000 100"; do
    for round in 1 2 3 4 5; do
        for v in old new index hand; do
            k=$(kernel_ms $C/sor-$v $args)
            echo "sor $args round $round $v: kernel $k ms; $(tail -1 /tmp/t.out)"
        done
        $C/somd-clbaseline sor $args > /tmp/h.out 2>&1
        echo "sor $args round $round handprog: kernel $(awk -F= '/kernel_ns/ {printf "%.3f", $2 / 1e6}' /tmp/h.out) ms; $(sed -n 2p /tmp/h.out)"
    done
done | tee "$OUT/sor.txt"
for round in 1 2 3 4 5; do
    for v in old new; do
        k=$(kernel_ms $C/pingpong2d-$v 4096 100)
        echo "pingpong2d 4096 100 round $round $v: kernel $k ms; $(tr '\n' ' ' < /tmp/t.out)"
        k=$(kernel_ms $C/stencil-$v)
        echo "stencil round $round $v: kernel $k ms; $(tr '\n' ' ' < /tmp/t.out)"
    done
done | tee "$OUT/others.txt"
[ -f $C/e2e-stage.tar.xz ] || exit 0
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
