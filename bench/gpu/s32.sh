#!/usr/bin/env bash
# Session 32 on the GPU, one call: the staged e2e suite (suite-only.sh; stage as run.sh's
# header says), then device_effect_order under SOMD_TRACE=json against its expected output
# with per-method call medians, and exc_effect_order and exc_compound_order (failing
# operands raised in Java's order) five times each; then the samples whose kernels this
# session's ordering changed (SOR, Crypt, LUFact at the harness's sizes): the stage's
# sample binaries against the same samples built by the compiler before the session
# (f2cdea9, `*_old` in .gpu-carry/s32.tar.xz), SOMD_TRACE=json, three interleaved rounds,
# per-construct medians of kernel and call times.
# Writes under OUT: suite.log, programs.txt, samples.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s32-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s32-traces
mkdir -p "$T"
{
    p=device_effect_order
    SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
    echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
    python3 bench/gpu/call_medians.py "$T/$p.trace" | sed "s/^/  /"
    grep -c '"event":"call".*"placement":"opencl"' "$T/$p.trace" | sed 's/^/  opencl calls: /'
    for p in exc_effect_order exc_compound_order; do
        for k in 1 2 3 4 5; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
B=/tmp/s32-bin
mkdir -p "$B" && tar xJf .gpu-carry/s32.tar.xz -C "$B" && chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for r in 1 2 3; do
        for s in "sor 1500 100" "crypt 20000000" "lufact 1000"; do
            set -- $s
            name=$1
            shift
            for v in new old; do
                bin="$S/bin/sample_$name"
                [ $v = old ] && bin="$B/${name}_old"
                start=$(date +%s%N)
                SOMD_DEVICE=opencl SOMD_TRACE=json timeout 150 "$bin" "$@" > "$T/$name-$v-$r.out" 2> "$T/$name-$v-$r.trace"
                status=$?
                end=$(date +%s%N)
                echo "round $r $name $v: exit $status wall $(( (end - start) / 1000000 )) ms out $(md5sum < "$T/$name-$v-$r.out" | cut -c1-8)"
                python3 bench/gpu/call_medians.py "$T/$name-$v-$r.trace" | sed "s/^/  /"
            done
        done
    done
} 2>&1 | tee "$OUT/samples.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
