#!/usr/bin/env bash
# Session 27 on the GPU, second call, with the binaries of s27.sh (.gpu-carry/s27.tar.xz,
# built at 3c1a085, plus gen-normalize, gen-blackscholes, gen-crypt, gen-sparsematmult):
# larger staging buffers now that each chunk is copied by several threads.
#  1. The bandwidth probe with 32 and 64 MiB staging buffers, at 8 and 16 threads.
#  2. host_bounds.somd 4096 x 4096, three interleaved rounds: GPU with the defaults (4 MiB
#     buffers, 1-D transfers above 8 MiB direct), with 32 MiB buffers and every transfer
#     staged (SOMD_STAGING_BYTES=33554432 SOMD_PINNED_MAX=1000000000), with 64 MiB
#     buffers likewise, and the 16 CPU cores.
#  3. somd-bench on ten samples, GPU, three rounds: the defaults against 32 MiB buffers
#     with every transfer staged.
# Writes OUT/s27b.tar.gz (every file) and prints the tables.
set -u
OUT=${OUT:-gpu-results}
R=/tmp/s27b
mkdir -p "$OUT" "$R"
. bench/gpu/icd.sh
B=/tmp/s27-bin
mkdir -p "$B" && tar xJf .gpu-carry/s27.tar.xz -C "$B" || exit 1
chmod +x "$B"/* "$B"/prebuilt/* 2>/dev/null
{
    for cfg in "8 33554432" "16 33554432" "8 67108864" "16 67108864"; do
        set -- $cfg
        echo "threads $1 staging $2:"
        SOMD_STAGE_THREADS=$1 SOMD_STAGING_BYTES=$2 SOMD_OPENCL_CHILD=bandwidth \
            SOMD_DEVICE=opencl timeout 60 "$B/opencl_process" child_entry --exact --nocapture \
            2>&1 | grep BANDWIDTH
    done
} 2>&1 | tee "$R/bandwidth.txt"
size=${HB_SIZE:-4096 4096 3}
big="SOMD_PINNED_MAX=1000000000"
{
    for r in 1 2 3; do
        echo "round $r gpu-default: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/host_bounds" $size | tr '\n' ' ')"
        echo "round $r gpu-32m: $(env $big SOMD_STAGING_BYTES=33554432 SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/host_bounds" $size | tr '\n' ' ')"
        echo "round $r gpu-64m: $(env $big SOMD_STAGING_BYTES=67108864 SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/host_bounds" $size | tr '\n' ' ')"
        echo "round $r cpu$(nproc): $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$B/host_bounds" $size | tr '\n' ' ')"
    done
} 2>&1 | tee "$R/host_bounds.txt"
P="$B/prebuilt"
samples=(--filter vectoradd --filter saxpy --filter sum --filter normalize --filter blackscholes
         --filter crypt --filter mosaic --filter lufact --filter sor --filter sparsematmult)
for v in default big32; do
    if [ "$v" = big32 ]; then export SOMD_PINNED_MAX=1000000000 SOMD_STAGING_BYTES=33554432; fi
    timeout "${BENCH_LIMIT:-200}" "$P/somd-bench" --prebuilt "$P" --device opencl \
        --threads "$(nproc)" --reps 3 --warmups 1 "${samples[@]}" \
        > "$R/bench-$v.md" 2> "$R/bench-$v.log"
    echo "samples, $v: exit $?"; grep -E "gen opencl" "$R/bench-$v.md"
    unset SOMD_PINNED_MAX SOMD_STAGING_BYTES
done
tar czf "$OUT/s27b.tar.gz" -C "$R" .
