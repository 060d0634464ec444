#!/usr/bin/env bash
# Session 34 on the GPU, second call, after the reviews' mends and the staging of long
# rows: the staged e2e suite (suite-only.sh; stage as run.sh's header says), the programs
# whose kernels changed under SOMD_TRACE=json with each launch's dimensions, the exception
# programs three times each, the runtime's `bandwidth` scenario (opencl_process), and
# nest_prelude built by the compiler of this call's stage (`new`: long rows staged) and of
# call 1 (`rows1`: one command per long row), alternating which runs first, against the
# 16 cores. Writes under OUT: suite.log, programs.txt, bandwidth.txt, nest_prelude.txt,
# traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s34b-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s34b-traces
mkdir -p "$T"
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in device_nest_prelude device_plane_locals device_rows somd_reuse; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
        python3 bench/gpu/launch_dims.py "$T/$p.trace"
    done
    for p in exc_nest_prelude exc_nest_prelude_row exc_nest_prelude_empty exc_first_of_many_lanes; do
        for k in 1 2 3; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
B=/tmp/s34b-bin
mkdir -p "$B" && tar xJf .gpu-carry/s34b.tar.xz -C "$B" && chmod +x "$B"/*
for k in 1 2; do
    SOMD_OPENCL_CHILD=bandwidth SOMD_DEVICE=opencl "$B/opencl_process" child_entry --exact --nocapture 2>&1 | grep BANDWIDTH
done | tee "$OUT/bandwidth.txt"
{
    for size in "64 262144 5" "4096 4096 5" "262144 64 5"; do
        for r in 1 2; do
            order="new rows1"
            [ $r = 2 ] && order="rows1 new"
            for v in $order cpu; do
                dev=opencl bin="$B/nest_prelude_$v"
                [ $v = cpu ] && dev=cpu bin="$B/nest_prelude_new"
                SOMD_DEVICE=$dev SOMD_TRACE=json timeout 150 "$bin" $size > "$T/np-$v-$r.out" 2> "$T/np-$v-$r.trace"
                echo "round $r size $size $v: exit $?"
                sed "s/^/  /" "$T/np-$v-$r.out"
                [ $dev = opencl ] && python3 bench/gpu/call_medians.py "$T/np-$v-$r.trace" | sed "s/^/  /"
            done
        done
    done
} 2>&1 | tee "$OUT/nest_prelude.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
