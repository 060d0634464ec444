#!/usr/bin/env bash
# Session 34 on the GPU: the staged e2e suite (suite-only.sh; stage as run.sh's header
# says), then the programs whose kernels changed (nest preludes as 2-D NDRanges) under
# SOMD_TRACE=json against their expected outputs with each launch's dimensions, the
# exception programs three times each, and the benchmarks plane_locals and nest_prelude
# built by the compiler before the session (`old`, 1-D loops over rows or the lanes form)
# and after it (`new`, 2-D NDRanges), alternating which runs first, against the 16 cores.
# Writes under OUT: suite.log, programs.txt, plane_locals.txt, nest_prelude.txt,
# traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s34-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s34-traces
mkdir -p "$T"
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in device_nest_prelude device_plane_locals device_rows somd_reuse; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
        python3 - "$T/$p.trace" <<'PY'
import collections, json, sys
dims = collections.defaultdict(collections.Counter)
calls = collections.Counter()
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "launch":
        dims[j["name"]][j.get("dims")] += 1
    if j.get("event") == "call":
        calls[(j["name"], j["placement"])] += 1
for (name, placement), n in sorted(calls.items()):
    print("  call %s: %s x%d" % (name, placement, n))
for name, c in sorted(dims.items()):
    print("  launch %s: %s" % (name, ", ".join("%s-D x%d" % kv for kv in sorted(c.items()))))
PY
    done
    for p in exc_nest_prelude exc_nest_prelude_row exc_nest_prelude_empty exc_first_of_many_lanes; do
        for k in 1 2 3; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
B=/tmp/s34-bin
mkdir -p "$B" && tar xJf .gpu-carry/s34.tar.xz -C "$B" && chmod +x "$B"/*
run_bench() { # name args rounds
    local name=$1 size=$2 rounds=$3
    for r in $(seq 1 "$rounds"); do
        order="new old"
        [ $((r % 2)) = 0 ] && order="old new"
        for v in $order cpu; do
            dev=opencl bin="$B/${name}_$v"
            [ $v = cpu ] && dev=cpu bin="$B/${name}_new"
            start=$(date +%s%N)
            SOMD_DEVICE=$dev SOMD_TRACE=json timeout 150 "$bin" $size > "$T/$name-$v-$r.out" 2> "$T/$name-$v-$r.trace"
            status=$?
            end=$(date +%s%N)
            echo "round $r size $size $v: exit $status wall $(( (end - start) / 1000000 )) ms"
            sed "s/^/  /" "$T/$name-$v-$r.out"
            [ $dev = opencl ] && python3 bench/gpu/call_medians.py "$T/$name-$v-$r.trace" | sed "s/^/  /"
        done
    done
}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for size in "8 1024 5" "8 2048 5"; do run_bench plane_locals "$size" 2; done
} 2>&1 | tee "$OUT/plane_locals.txt"
{
    for size in "4096 4096 5" "64 262144 5" "262144 64 5"; do run_bench nest_prelude "$size" 2; done
} 2>&1 | tee "$OUT/nest_prelude.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
