#!/usr/bin/env bash
# Session 33 on the GPU, one call: the staged e2e suite (suite-only.sh; stage as run.sh's
# header says); then device_view_order, device_plane_locals and device_rint under
# SOMD_TRACE=json against their expected outputs with per-method call medians, and
# exc_view_order and exc_plane_local_bounds five times each; then
# bench/gpu/programs/plane_locals.somd (binary `plane_locals` in .gpu-carry/s33.tar.xz, this
# session's compiler) on the GPU and on the 16 cores, three rounds at two sizes; then
# LUFact 1000, the stage's sample against `lufact_old` (the compiler at f2cdea9, before the
# thirty-second session's ordering), four rounds whose order alternates (new first in
# rounds 1 and 3, old first in 2 and 4), per-construct medians of kernel and call times.
# Writes under OUT: suite.log, programs.txt, plane_locals.txt, lufact.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s33-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s33-traces
mkdir -p "$T"
{
    for p in device_view_order device_plane_locals device_rint; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
        python3 bench/gpu/call_medians.py "$T/$p.trace" | sed "s/^/  /"
        grep -c '"event":"call".*"placement":"opencl"' "$T/$p.trace" | sed 's/^/  opencl calls: /'
    done
    for p in exc_view_order exc_plane_local_bounds; do
        for k in 1 2 3 4 5; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
B=/tmp/s33-bin
mkdir -p "$B" && tar xJf .gpu-carry/s33.tar.xz -C "$B" && chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for r in 1 2 3; do
        for size in "8 1024 5" "8 2048 5"; do
            for dev in opencl cpu; do
                start=$(date +%s%N)
                SOMD_DEVICE=$dev SOMD_TRACE=json timeout 150 "$B/plane_locals" $size > "$T/pl-$dev-$r.out" 2> "$T/pl-$dev-$r.trace"
                status=$?
                end=$(date +%s%N)
                echo "round $r size $size $dev: exit $status wall $(( (end - start) / 1000000 )) ms"
                sed "s/^/  /" "$T/pl-$dev-$r.out"
                [ $dev = opencl ] && python3 bench/gpu/call_medians.py "$T/pl-$dev-$r.trace" | sed "s/^/  /"
            done
        done
    done
} 2>&1 | tee "$OUT/plane_locals.txt"
{
    for r in 1 2 3 4; do
        order="new old"
        [ $((r % 2)) = 0 ] && order="old new"
        for v in $order; do
            bin="$S/bin/sample_lufact"
            [ $v = old ] && bin="$B/lufact_old"
            start=$(date +%s%N)
            SOMD_DEVICE=opencl SOMD_TRACE=json timeout 150 "$bin" 1000 > "$T/lufact-$v-$r.out" 2> "$T/lufact-$v-$r.trace"
            status=$?
            end=$(date +%s%N)
            echo "round $r lufact $v: exit $status wall $(( (end - start) / 1000000 )) ms out $(md5sum < "$T/lufact-$v-$r.out" | cut -c1-8)"
            python3 bench/gpu/call_medians.py "$T/lufact-$v-$r.trace" | sed "s/^/  /"
        done
    done
} 2>&1 | tee "$OUT/lufact.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
