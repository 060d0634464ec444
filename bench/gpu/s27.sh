#!/usr/bin/env bash
# Session 27 on the GPU, first call: staged transfers whose pinned chunks are copied by
# several threads (SOMD_STAGE_THREADS; SOMD_STAGING_BYTES for the chunk size), built at
# 3c1a085 (.gpu-carry/s27.tar.xz: opencl_process, the runtime's process test binary;
# host_bounds, bench/gpu/programs/host_bounds.somd; prebuilt/, somd-bench with its
# baselines and the samples' gen-* programs).
#  1. The bandwidth probe (scenario `bandwidth` of runtime/tests/opencl_process.rs: 256 MiB
#     of `float` both ways direct and staged, then a 128 MiB matrix of 4096 rows packed),
#     median of 5, at 1, 4, 8 and 16 copying threads with the default 4 MiB staging
#     buffers, and with 16 and 32 MiB buffers.
#  2. host_bounds.somd 4096 x 4096 (ms per call of `prefix` and `fold`, three per run):
#     GPU at 1 and 16 threads and with 16 MiB buffers, and the 16 CPU cores; three
#     interleaved rounds, then one traced GPU run per thread count (per-call medians).
#  3. somd-bench on the samples whose calls move matrices (mosaic, lufact, sor) at 1 and
#     16 threads, and on 1-D samples (vectoradd, saxpy, sum) with every transfer staged
#     (SOMD_PINNED_MAX=1000000000) against the default (above 8 MiB: direct).
# Writes under OUT: bandwidth.txt, host_bounds.txt, bench-*.md/.log, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
B=/tmp/s27-bin
T=/tmp/s27-traces
mkdir -p "$B" "$T" && tar xJf .gpu-carry/s27.tar.xz -C "$B" || exit 1
chmod +x "$B"/* "$B"/prebuilt/* 2>/dev/null
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "cores $(nproc)"
    for cfg in "1 4194304" "4 4194304" "8 4194304" "16 4194304" "1 16777216" "16 16777216" \
               "16 33554432"; do
        set -- $cfg
        echo "threads $1 staging $2:"
        SOMD_STAGE_THREADS=$1 SOMD_STAGING_BYTES=$2 SOMD_OPENCL_CHILD=bandwidth \
            SOMD_DEVICE=opencl timeout 60 "$B/opencl_process" child_entry --exact --nocapture \
            2>&1 | grep BANDWIDTH
    done
} 2>&1 | tee "$OUT/bandwidth.txt"
size=${HB_SIZE:-4096 4096 3}
{
    for r in 1 2 3; do
        echo "round $r gpu-t1: $(SOMD_STAGE_THREADS=1 SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/host_bounds" $size | tr '\n' ' ')"
        echo "round $r gpu-t16: $(SOMD_STAGE_THREADS=16 SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/host_bounds" $size | tr '\n' ' ')"
        echo "round $r gpu-t16-16m: $(SOMD_STAGING_BYTES=16777216 SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/host_bounds" $size | tr '\n' ' ')"
        echo "round $r cpu$(nproc): $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$B/host_bounds" $size | tr '\n' ' ')"
    done
    for t in 1 16; do
        echo "gpu-t$t traced: $(SOMD_STAGE_THREADS=$t SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$B/host_bounds" $size 2> "$T/hb-t$t.trace" | tr '\n' ' ')"
        python3 bench/gpu/call_medians.py "$T/hb-t$t.trace" | sed "s/^/  /"
    done
} 2>&1 | tee "$OUT/host_bounds.txt"
P="$B/prebuilt"
for t in 1 16; do
    SOMD_STAGE_THREADS=$t timeout "${BENCH_LIMIT:-150}" "$P/somd-bench" --prebuilt "$P" \
        --device opencl --threads "$(nproc)" --reps 3 --warmups 1 \
        --filter mosaic --filter lufact --filter sor > "$OUT/bench-2d-t$t.md" 2> "$OUT/bench-2d-t$t.log"
    echo "2-D samples, SOMD_STAGE_THREADS=$t: exit $?"; grep -E "^\|" "$OUT/bench-2d-t$t.md"
done
for max in default 1000000000; do
    if [ "$max" = default ]; then unset SOMD_PINNED_MAX; else export SOMD_PINNED_MAX=$max; fi
    timeout "${BENCH_LIMIT:-150}" "$P/somd-bench" --prebuilt "$P" \
        --device opencl --threads "$(nproc)" --reps 3 --warmups 1 \
        --filter vectoradd --filter saxpy --filter sum > "$OUT/bench-1d-$max.md" 2> "$OUT/bench-1d-$max.log"
    echo "1-D samples, SOMD_PINNED_MAX=$max: exit $?"; grep -E "^\|" "$OUT/bench-1d-$max.md"
done
unset SOMD_PINNED_MAX
tar czf "$OUT/traces.tar.gz" -C "$T" .
