#!/usr/bin/env bash
# Session 36 on the GPU, sixth call, the final compiler (e0b5472: float roots of floats,
# the block tiles' copies by fixed columns, not unrolled, full blocks of a constant count,
# 16 x 16 groups, the PoCL workarounds read somd_active volatile only before the last store): the staged e2e suite (suite-only.sh); device_float_sqrt,
# device_blocks, device_blocks_edges, device_map_tiled_edges, map_tiled
# and the All-Pairs sample under SOMD_TRACE=json with each launch's NDRange dimensions and
# group width; the block-tile exception programs three times each; Black-Scholes' transfers
# at the harness's size (each transfer event); N-Body's sample at 300 bodies (which PoCL
# broke before e0b5472) against seq; and the harness (bench-stage.tar.xz) for All-Pairs at
# both sizes.
# Writes under OUT: suite.log, programs.txt, transfers.txt, harness.md, harness-json.tar.xz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s36f-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s36f-traces
mkdir -p "$T"
widths() {
    python3 -c '
import json, sys, collections
seen = collections.Counter()
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "launch":
        seen[(j["name"], j["dims"], j.get("local_x"))] += 1
for (name, dims, width), n in sorted(seen.items()):
    print("  %s: %d launch(es), %d-D, group width %s" % (name, n, dims, width))' "$1"
}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in e2e_device_float_sqrt e2e_device_blocks e2e_device_blocks_edges e2e_device_map_tiled_edges e2e_map_tiled e2e_device_blocks_min sample_allpairs; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/$p.out" && echo same || echo DIFFERENT)"
        widths "$T/$p.trace"
    done
    for p in exc_blocks_short exc_blocks_post exc_blocks_bound; do
        for k in 1 2 3; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
B=/tmp/bench-stage
mkdir -p "$B" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$B" && chmod +x "$B"/*
for sz in "300 2" "257 1" "1000 1"; do
    SOMD_DEVICE=seq "$B/gen-nbody" $sz > "$T/nb-seq.out" 2>&1
    SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/gen-nbody" $sz > "$T/nb-cl.out" 2>&1
    echo "nbody $sz: opencl exit $? output $(cmp -s "$T/nb-seq.out" "$T/nb-cl.out" && echo same as seq || echo DIFFERENT)"
done >> "$OUT/programs.txt"
tail -3 "$OUT/programs.txt"
{
    for r in 1 2; do
        SOMD_DEVICE=opencl SOMD_TRACE=json "$B/gen-blackscholes" 8000000 > "$T/bs.$r.out" 2> "$T/bs.$r.trace"
        echo "blackscholes 8000000 run $r: exit $?"
        python3 -c '
import json, sys
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    e = j.get("event")
    if e == "transfer":
        print("  transfer %s %s %d bytes pinned %s %.3f ms" % (j["dir"], j["buffer"], j["bytes"], j["pinned"], j["ns"] / 1e6))
    elif e in ("launch", "reduce"):
        print("  %s %s %.3f ms" % (e, j.get("name", j.get("op")), (j.get("kernel_ns") or 0) / 1e6))
    elif e == "call":
        print("  call %s transfer %.3f ms kernel %.3f ms wall %.3f ms" % (j["name"], j["transfer_ns"] / 1e6, j["kernel_ns"] / 1e6, j["wall_ns"] / 1e6))
    elif e == "build":
        print("  build %s from %s %.3f ms" % (j["program"], j["from"], j["ns"] / 1e6))' "$T/bs.$r.trace"
    done
} > "$OUT/transfers.txt" 2>&1
cat "$OUT/transfers.txt"
for spec in "allpairs:1000 1000 1000" "allpairs:4096 4096 64"; do
    b=${spec%%:*}
    size=${spec#*:}
    tag=$(echo "$b $size" | tr ' ' -)
    timeout 150 "$B/somd-bench" --prebuilt "$B" --filter "$b" --args "$b=$size" \
        --device seq,cpu,opencl --threads "$(nproc)" --reps 5 --warmups 1 \
        --json "$OUT/harness-$tag.json" > "$T/harness-$tag.md" 2> /dev/null
    echo "harness $b $size: exit $?" | tee -a "$OUT/harness.md"
    cat "$T/harness-$tag.md" >> "$OUT/harness.md"
    grep -E "opencl" "$T/harness-$tag.md"
done
# The device tool brings back a few files: the harness's JSON in one archive.
tar cJf "$OUT/harness-json.tar.xz" -C "$OUT" $(cd "$OUT" && ls harness-*.json) && rm -f "$OUT"/harness-*.json
