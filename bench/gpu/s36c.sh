#!/usr/bin/env bash
# Session 36 on the GPU, third call: All-Pairs with block tiles as committed in cf23af5
# (copies not unrolled, full blocks in a loop of a constant count), built by a trial
# compiler and runtime whose 2-D launches take 16 x 16 groups instead of 32 x 8 under
# SOMD_X_SQUARE=1 (not committed): `wide` (32 x 8) against `square` (16 x 16), the same
# binary, alternating, three rounds per size (kernel time of the one launch, the output's
# last line, the launch's local size). Writes under OUT: square.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
O=/tmp/s36x
T=/tmp/s36c-traces
mkdir -p "$O" "$T" && tar xJf .gpu-carry/s36x.tar.xz -C "$O" && chmod +x "$O"/*
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/square.txt"
kernel_of() {
    python3 -c '
import json, sys
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "launch":
        print("kernel %.3f ms local %s" % (j.get("kernel_ns", 0) / 1e6, j.get("local")), end=" ")' "$1"
}
{
    for size in "1000 1000 1000" "4096 4096 64" "1000 1000 40"; do
        for r in 1 2 3; do
            order="wide square"
            [ $r = 2 ] && order="square wide"
            for v in $order; do
                sq=0
                [ $v = square ] && sq=1
                SOMD_X_SQUARE=$sq SOMD_DEVICE=opencl SOMD_TRACE=json "$O/x-sq-allpairs" $size > "$T/$v-$r.out" 2> "$T/$v-$r.trace"
                echo "allpairs $size round $r $v: exit $? $(kernel_of "$T/$v-$r.trace")| $(tail -1 "$T/$v-$r.out")"
            done
        done
    done
} >> "$OUT/square.txt" 2>&1
cat "$OUT/square.txt"
