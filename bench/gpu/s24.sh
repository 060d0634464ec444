#!/usr/bin/env bash
# Session 24 on the GPU: the staged e2e suite (suite-only.sh; stage as its header says),
# device_host_flow under SOMD_TRACE=json (output against the expected file, per-method
# call medians), the two exception programs of host loops five times each, and
# bench/gpu/programs/converge.somd (binaries in .gpu-carry/s24.tar.xz: converge-new built
# at eb168f5, converge-old at b8db86f, whose copy-back after the `sync reduce` is a
# kernel, not an exchange) on the GPU and on every CPU core (the only placement of the
# method before this session) in three interleaved rounds at two sizes.
# Writes under OUT: suite.log, programs.txt, converge.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s24-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
    grep -E "^suite:" "$OUT/suite.log"
fi
S=/tmp/gpu-stage
[ -d "$S/bin" ] || { mkdir -p "$S" && tar xJf .gpu-carry/stage.tar.xz -C "$S"; } || exit 1
T=/tmp/s24-traces
B=/tmp/s24-bin
mkdir -p "$T" "$B" && tar xJf .gpu-carry/s24.tar.xz -C "$B" || exit 1
{
    p=device_host_flow
    SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
    echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
    python3 bench/gpu/call_medians.py "$T/$p.trace" | sed "s/^/  /"
    for p in exc_host_loop exc_host_test; do
        for k in 1 2 3 4 5; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
sizes=("2048 500 3" "512 2000 3")
[ -n "${SIZES:-}" ] && sizes=("$SIZES")  # a local check: SIZES="256 50 3"
{
    for size in "${sizes[@]}"; do
        for r in 1 2 3; do
            for v in new old; do
                tag="$(echo $size | tr ' ' _)-$v-$r"
                echo "$size round $r gpu-$v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$B/converge-$v" $size 2> "$T/$tag.trace" | tr '\n' ' ')"
                python3 bench/gpu/call_medians.py "$T/$tag.trace" | sed "s/^/  /"
            done
            echo "$size round $r cpu$(nproc): $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$B/converge-new" $size | tr '\n' ' ')"
        done
    done
} 2>&1 | tee "$OUT/converge.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
