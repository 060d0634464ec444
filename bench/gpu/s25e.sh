#!/usr/bin/env bash
# Session 25 on the GPU, last call: the staged e2e suite of 32a7af8 (suite-only.sh; stage
# as its header says; multi-kernel calls upload array parameters from their rows), the
# session's exception programs five times each, and bench/gpu/programs/converge.somd
# built at 32a7af8 (.gpu-carry/s25e.tar.xz: converge-rows) at the twenty-fourth session's
# two sizes, three rounds, against the 16 cores.
# Writes under OUT: suite.log, programs.txt, converge.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s25e-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
B=/tmp/s25e-bin
mkdir -p "$B" && tar xJf .gpu-carry/s25e.tar.xz -C "$B" || exit 1
for p in exc_param_assign exc_temporaries exc_size_div exc_search exc_host_endless exc_host_loop; do
    for k in 1 2 3 4 5; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > /tmp/$p.out 2> /tmp/$p.err
        echo "$p: exit $? $(tail -2 /tmp/$p.err | tr '\n' ' ')"
    done
done | sort | uniq -c | tee "$OUT/programs.txt"
{
    for size in "2048 500 3" "512 2000 3"; do
        for r in 1 2 3; do
            echo "$size round $r gpu: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/converge-rows" $size | tr '\n' ' ')"
            echo "$size round $r cpu$(nproc): $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$B/converge-rows" $size | tr '\n' ' ')"
        done
    done
} 2>&1 | tee "$OUT/converge.txt"
