#!/usr/bin/env bash
# Session 22 on the GPU: the staged e2e suite (suite-only.sh; stage as its header says),
# the programs this session changed under SOMD_TRACE=json (output against the expected
# file, per-construct call medians), the two exception programs three times each, and the
# benchmarks bench/gpu/programs/fold_start.somd and hist_long.somd (binaries in
# .gpu-carry/s22-bins.tar.xz) on the GPU and on every CPU core in interleaved rounds.
# Writes at most eight files under OUT: suite.log, programs.txt, exceptions.txt,
# bench.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s22-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
T=/tmp/s22-traces
mkdir -p "$T"
for p in device_fold_start device_statics sync_reduce_device device_argext device_fold \
    device_tables dist_block_2d_shapes device_hist_extrema; do
    b=$S/bin/e2e_$p
    SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$b" > "$T/$p.out" 2> "$T/$p.trace"
    echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
    python3 bench/gpu/call_medians.py "$T/$p.trace" | sed "s/^/  /"
done > "$OUT/programs.txt" 2>&1
grep -E "^[a-z_0-9]+: status" "$OUT/programs.txt"
for p in exc_fold_start exc_fold_start_order; do
    for k in 1 2 3; do
        echo "$p: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" 2>&1 | tail -2 | tr '\n' ' ') status ${PIPESTATUS[0]}"
    done
done | sort | uniq -c | tee "$OUT/exceptions.txt"
BINS=/tmp/s22-bins
mkdir -p "$BINS" && tar xJf .gpu-carry/s22-bins.tar.xz -C "$BINS" || exit 1
{
    for r in 1 2 3; do
        for b in "fold_start 25 15" "hist_long 24 4096 11" "hist_long 24 65536 11"; do
            set -- $b
            tag="$1-$2-$3-$r"
            echo "round $r gpu $b: $(SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$BINS/$1" "${@:2}" 2> "$T/gpu-$tag.trace" | tr '\n' ' ')"
            python3 bench/gpu/call_medians.py "$T/gpu-$tag.trace" | sed "s/^/  /"
            echo "round $r cpu$(nproc) $b: $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$BINS/$1" "${@:2}" | tr '\n' ' ')"
        done
    done
} 2>&1 | tee "$OUT/bench.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
