#!/usr/bin/env bash
# Session 27 on the GPU, fourth call: the staging defaults of 1ba9c7b (32 MiB buffers,
# chunks of an eighth of a transfer, copies on up to 16 threads from 8 MiB on, no upper
# end to the window with 4 threads or more) against the previous behaviour in the same
# binaries (SOMD_STAGE_THREADS=1 SOMD_STAGING_BYTES=4194304: one copying thread, 4 MiB
# buffers, 1-D transfers above 8 MiB direct). Binaries in .gpu-carry/s27d.tar.xz:
# opencl_process (the runtime's process test binary), host_bounds
# (bench/gpu/programs/host_bounds.somd), prebuilt/ (somd-bench, its baselines, gen-*).
#  1. The bandwidth probe (256 MiB 1-D direct and staged, a 128 MiB matrix of 4096 rows).
#  2. host_bounds.somd 4096 x 4096: both settings on the GPU and the 16 CPU cores, three
#     interleaved rounds.
#  3. somd-bench on eight samples, GPU (with the hand-written OpenCL baselines), three
#     rounds, both settings.
# Writes OUT/s27d.tar.gz (every file) and prints the tables.
set -u
OUT=${OUT:-gpu-results}
R=/tmp/s27d
mkdir -p "$OUT" "$R"
. bench/gpu/icd.sh
B=/tmp/s27d-bin
mkdir -p "$B" && tar xJf .gpu-carry/s27d.tar.xz -C "$B" || exit 1
chmod +x "$B"/* "$B"/prebuilt/* 2>/dev/null
old="SOMD_STAGE_THREADS=1 SOMD_STAGING_BYTES=4194304"
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for v in default old; do
        echo "$v:"
        if [ $v = old ]; then set -- $old; else set -- SOMD_DEVICE=opencl; fi
        env "$@" SOMD_OPENCL_CHILD=bandwidth SOMD_DEVICE=opencl timeout 60 "$B/opencl_process" \
            child_entry --exact --nocapture 2>&1 | grep BANDWIDTH
    done
} 2>&1 | tee "$R/bandwidth.txt"
size=${HB_SIZE:-4096 4096 3}
{
    for r in 1 2 3; do
        echo "round $r gpu-default: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/host_bounds" $size | tr '\n' ' ')"
        echo "round $r gpu-old: $(env $old SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/host_bounds" $size | tr '\n' ' ')"
        echo "round $r cpu$(nproc): $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$B/host_bounds" $size | tr '\n' ' ')"
    done
} 2>&1 | tee "$R/host_bounds.txt"
P="$B/prebuilt"
samples=(--filter vectoradd --filter saxpy --filter blackscholes
         --filter crypt --filter mosaic --filter lufact --filter sor --filter sparsematmult)
for v in default old; do
    if [ $v = old ]; then export SOMD_STAGE_THREADS=1 SOMD_STAGING_BYTES=4194304; fi
    timeout "${BENCH_LIMIT:-200}" "$P/somd-bench" --prebuilt "$P" --device opencl \
        --threads "$(nproc)" --reps 3 --warmups 1 "${samples[@]}" \
        > "$R/bench-$v.md" 2> "$R/bench-$v.log"
    echo "samples, $v: exit $?"; grep -E "gen opencl" "$R/bench-$v.md"
    unset SOMD_STAGE_THREADS SOMD_STAGING_BYTES
done
tar czf "$OUT/s27d.tar.gz" -C "$R" .
