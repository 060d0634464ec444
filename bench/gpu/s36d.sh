#!/usr/bin/env bash
# Session 36 on the GPU, fourth call: trial forms of the block tiles' copies into local
# memory for All-Pairs, each built by a compiler with that change only (not committed),
# against the form committed in 0cc7775 (`base`: 16 x 16 groups, copies of 32 columns
# looping over the group's elements with a division each): `k16` (blocks of 16 columns: one
# element of each tile per work-item, as the hand kernel), `stride` (each work-item copies
# a fixed column, its offsets advanced by a precomputed step), `k16stride` (both); and the
# hand-tuned kernel (somd-clbaseline, its `kernel_ns`). Alternating orders, three rounds
# per size (kernel time of the one launch, the output's last line), and the static profile
# of every variant (registers, SASS). Writes under OUT: variants.txt, profile.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
O=/tmp/s36x
T=/tmp/s36d-traces
mkdir -p "$O" "$T" && tar xJf .gpu-carry/s36x.tar.xz -C "$O" && chmod +x "$O"/*
export SOMD_CACHE_DIR=/tmp/s36d-cache
mkdir -p "$SOMD_CACHE_DIR"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/variants.txt"
kernel_of() {
    python3 -c '
import json, sys
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "launch":
        print("kernel %.3f ms local_x %s" % (j.get("kernel_ns", 0) / 1e6, j.get("local_x")), end=" ")' "$1"
}
{
    for size in "1000 1000 1000" "4096 4096 64" "1000 1000 40"; do
        for r in 1 2 3; do
            order="base k16 stride k16stride hand"
            [ $r = 2 ] && order="hand k16stride stride k16 base"
            for v in $order; do
                if [ $v = hand ]; then
                    SOMD_DEVICE=opencl "$O/somd-clbaseline" allpairs $size > "$T/$v-$r.out" 2> "$T/$v-$r.err"
                    echo "allpairs $size round $r $v: exit $? $(grep -o 'kernel_ns=[0-9]*' "$T/$v-$r.err")| $(tail -1 "$T/$v-$r.out")"
                    continue
                fi
                SOMD_DEVICE=opencl SOMD_TRACE=json "$O/x-$v-allpairs" $size > "$T/$v-$r.out" 2> "$T/$v-$r.trace"
                echo "allpairs $size round $r $v: exit $? $(kernel_of "$T/$v-$r.trace")| $(tail -1 "$T/$v-$r.out")"
            done
        done
    done
} >> "$OUT/variants.txt" 2>&1
cat "$OUT/variants.txt"
python3 bench/gpu/ptx_profile.py "$SOMD_CACHE_DIR" /tmp/s36d-profile > "$OUT/profile.txt" 2>&1
grep -E "AllPairs|origin" "$OUT/profile.txt"
