#!/usr/bin/env bash
# Session 37 on the GPU, third call: where the block tiles' kernel lost 10% between the
# thirty-sixth session's fourth call (its `stride` trial, 0.357 and 0.407 ms) and its final
# compiler (0.395 and 0.47 ms): the end of the tile branch in three builds of All-Pairs,
# alternating with the hand kernel (somd-clbaseline, kernel_ns), three rounds per size:
# `base` (this session: `post` under SOMD_ACTIVE, SOMD_GUARD_BARRIER (none on a GPU), the
# plain cell under `else if (somd_active)`), `old` (3a98dd1's: `post` under a plain
# `if (somd_active)`, no barrier, the plain cell after `if (!somd_active) return;`), `ret`
# (`base` with the plain cell after the early return). The trial builds are not committed.
# Carries .gpu-carry: s37x.tar.xz (x-base-allpairs, x-old-allpairs, x-ret-allpairs),
# somd-clbaseline. Writes under OUT: variants.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
O=/tmp/s37x
T=/tmp/s37c-runs
mkdir -p "$O" "$T" && tar xJf .gpu-carry/s37x.tar.xz -C "$O" && chmod +x "$O"/* .gpu-carry/somd-clbaseline
export SOMD_CACHE_DIR=/tmp/s37c-cache
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
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for size in "1000 1000 1000" "4096 4096 64"; do
        for r in 1 2 3; do
            order="base old ret hand"
            [ $r = 2 ] && order="hand ret old base"
            for v in $order; do
                if [ $v = hand ]; then
                    # shellcheck disable=SC2086
                    SOMD_DEVICE=opencl .gpu-carry/somd-clbaseline allpairs $size > "$T/$v.out" 2> "$T/$v.err"
                    echo "allpairs $size round $r $v: exit $? $(grep -o 'kernel_ns=[0-9]*' "$T/$v.err") | $(tail -1 "$T/$v.out")"
                    continue
                fi
                # shellcheck disable=SC2086
                SOMD_DEVICE=opencl SOMD_TRACE=json "$O/x-$v-allpairs" $size > "$T/$v.out" 2> "$T/$v.trace"
                echo "allpairs $size round $r $v: exit $? $(kernel_of "$T/$v.trace")| $(tail -1 "$T/$v.out")"
            done
        done
    done
} > "$OUT/variants.txt" 2>&1
cat "$OUT/variants.txt"
