#!/usr/bin/env bash
# Session 40, third call: range_reduce before the session (6add424) and after it, with the
# `!`'s widening on several threads (s40-rr.tar.xz), five interleaved rounds at 2^24
# elements and 15 calls per form (medians in us); then the wall of each `!` of the `char`
# array from one traced run of the new binary. Writes under OUT: rr.txt, chars.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
RR=/tmp/s40-rr
mkdir -p "$RR" && tar xJf .gpu-carry/s40-rr.tar.xz -C "$RR" || exit 1
chmod +x "$RR"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    nproc
    for round in 1 2 3 4 5; do
        for v in old new; do
            echo "round $round $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 60 \
                "$RR/range_reduce-$v" 24 15 | tr '\n' ' ')"
        done
    done
} > "$OUT/rr.txt" 2>&1
cat "$OUT/rr.txt"
SOMD_DEVICE=opencl SOMD_TRACE=json timeout 60 "$RR/range_reduce-new" 24 4 > /dev/null 2> /tmp/rr.trace
grep '"event":"call"' /tmp/rr.trace | grep -E '"(\+|max) ! in' | python3 -c '
import json, sys
for l in sys.stdin:
    e = json.loads(l)
    print(e["name"], "wall", round(e["wall_ns"] / 1e6, 2), "transfer", round(e["transfer_ns"] / 1e6, 2), "up", e["bytes_h2d"])
' > "$OUT/chars.txt"
cat "$OUT/chars.txt"
