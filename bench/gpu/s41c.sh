#!/usr/bin/env bash
# Session 41 on the GPU, third call: bench/gpu/programs/{bang_probe,range_reduce,widened_args}.somd
# built before the buffer pool (`pre`, 4921cea), with it (`rec`, 40b5170) and with the
# pool, buffers moved (not released) into it and the resident cache's dead entries dropped
# on a thread of their own (`rec2`), five interleaved rounds; one traced bang_probe-rec2.
# Carries .gpu-carry/s41-rec.tar.xz. Writes under OUT: rounds.txt, calls.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
B=/tmp/s41-rec
mkdir -p "$B" && tar xJf .gpu-carry/s41-rec.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for round in 1 2 3 4 5; do
        for p in bang_probe range_reduce widened_args; do
            for v in pre rec rec2; do
                echo "round $round $p $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 \
                    timeout 100 "$B/$p-$v" 24 15 | tr '\n' ' ')"
            done
        done
    done
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
SOMD_DEVICE=opencl SOMD_TRACE=json timeout 100 "$B/bang_probe-rec2" 24 3 > /dev/null \
    2> /tmp/s41.trace
python3 - /tmp/s41.trace <<'PY' > "$OUT/calls.txt" 2>&1
import json, sys
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "call":
        ms = lambda k: round(e.get(k, 0) / 1e6, 2)
        print(f"  {e['name']}: {e.get('placement')} wall {ms('wall_ns')} transfer "
              f"{ms('transfer_ns')} kernel {ms('kernel_ns')} up {e.get('bytes_h2d')}")
PY
cat "$OUT/calls.txt"
