#!/usr/bin/env bash
# Session 35 on the GPU, second call, after the block tiles (blocks.rs) and the refusal of
# replaced rows: the staged e2e suite (suite-only.sh), device_blocks under SOMD_TRACE=json
# with each launch's NDRange dimensions, the exception programs three times each, then
# All-Pairs: the generated program of the first call (`old`, one work-item per cell reading
# global memory) against this call's (`new`, block tiles), alternating which runs first,
# three rounds per size (kernel time of the one launch, and the process's wall time), and
# the harness (bench-stage.tar.xz, allpairs only) at both sizes: generated against the
# hand-tuned tiled kernel, the CPU back end on every core against rayon.
# Writes under OUT: suite.log, programs.txt, oldnew.txt, allpairs-*.md/json.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s35b-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s35b-traces
mkdir -p "$T"
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in e2e_device_blocks sample_allpairs; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/$p.out" && echo same || echo DIFFERENT)"
        python3 bench/gpu/launch_dims.py "$T/$p.trace"
    done
    for p in exc_blocks_short exc_blocks_post; do
        for k in 1 2 3; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
B=/tmp/bench-stage
mkdir -p "$B" /tmp/s35-old && tar xJf .gpu-carry/bench-stage.tar.xz -C "$B" && chmod +x "$B"/*
tar xJf .gpu-carry/s35.tar.xz -C /tmp/s35-old && chmod +x /tmp/s35-old/*
kernel_of() {
    python3 -c '
import json, sys
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "launch":
        print("kernel %.3f ms" % (j["kernel_ns"] / 1e6), end=" ")
    if j.get("event") == "call":
        print("transfers %.3f ms call %.3f ms" % (j["transfer_ns"] / 1e6, j["wall_ns"] / 1e6), end=" ")
print()' "$1"
}
{
    for size in "1000 1000 1000" "4096 4096 64"; do
        for r in 1 2 3; do
            order="new old"
            [ $((r % 2)) = 0 ] && order="old new"
            for v in $order; do
                bin="$B/gen-allpairs"
                [ $v = old ] && bin=/tmp/s35-old/gen-allpairs
                start=$(date +%s%N)
                SOMD_DEVICE=opencl SOMD_TRACE=json "$bin" $size > "$T/ap-$v-$r.out" 2> "$T/ap-$v-$r.trace"
                status=$?
                end=$(date +%s%N)
                echo "size $size round $r $v: exit $status wall $(( (end - start) / 1000000 )) ms $(kernel_of "$T/ap-$v-$r.trace") $(tail -1 "$T/ap-$v-$r.out")"
            done
        done
    done
} > "$OUT/oldnew.txt" 2>&1
cat "$OUT/oldnew.txt"
for size in "1000 1000 1000" "4096 4096 64"; do
    tag=$(echo "$size" | tr ' ' x)
    timeout 200 "$B/somd-bench" --prebuilt "$B" --filter allpairs --args "allpairs=$size" \
        --device seq,cpu,opencl --threads "$(nproc)" --reps 5 --warmups 1 \
        --json "$OUT/allpairs-$tag.json" > "$OUT/allpairs-$tag.md" 2> /dev/null
    echo "allpairs $size: exit $?"
    cat "$OUT/allpairs-$tag.md"
done
