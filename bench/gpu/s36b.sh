#!/usr/bin/env bash
# Session 36 on the GPU, second call: trial forms of the block tiles for All-Pairs, each
# built by a compiler with that change only (not committed), against this session's
# generated program (`new`, bench-stage.tar.xz): `split` (a loop of a constant 32
# iterations for full blocks), `once` (`#pragma unroll 1` on the copies into local memory,
# whose unrolled copies kept 72 registers live in the first call's profile) and
# `splitonce` (both). Alternating orders, three rounds per size (kernel time of the one
# launch and the output's last line), and the static profile of every variant's kernel
# (registers, SASS; bench/gpu/ptx_profile.py over the runs' binary cache).
# Writes under OUT: variants.txt, all.tar.xz (the profile).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
B=/tmp/bench-stage
O=/tmp/s36x
T=/tmp/s36b-traces
mkdir -p "$B" "$O" "$T" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$B" && chmod +x "$B"/*
tar xJf .gpu-carry/s36x.tar.xz -C "$O" && chmod +x "$O"/*
export SOMD_CACHE_DIR=/tmp/s36b-cache
mkdir -p "$SOMD_CACHE_DIR"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/variants.txt"
kernel_of() {
    python3 -c '
import json, sys
kernel = 0
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "launch":
        kernel += j.get("kernel_ns", 0)
print("kernel %.3f ms" % (kernel / 1e6), end=" ")' "$1"
}
{
    for size in "1000 1000 1000" "4096 4096 64"; do
        for r in 1 2 3; do
            order="new split once splitonce"
            [ $r = 2 ] && order="splitonce once split new"
            for v in $order; do
                bin="$B/gen-allpairs"
                [ $v != new ] && bin="$O/x-$v-allpairs"
                SOMD_DEVICE=opencl SOMD_TRACE=json "$bin" $size > "$T/$v-$r.out" 2> "$T/$v-$r.trace"
                echo "allpairs $size round $r $v: exit $? $(kernel_of "$T/$v-$r.trace")| $(tail -1 "$T/$v-$r.out")"
            done
        done
    done
} >> "$OUT/variants.txt" 2>&1
cat "$OUT/variants.txt"
python3 bench/gpu/ptx_profile.py "$SOMD_CACHE_DIR" /tmp/s36b-profile > "$OUT/profile.txt" 2>&1
grep -E "AllPairs|origin" "$OUT/profile.txt"
tar cJf "$OUT/all.tar.xz" -C /tmp/s36b-profile .
