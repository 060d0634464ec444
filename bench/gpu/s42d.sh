#!/usr/bin/env bash
# Session 42, fourth device call: array_folds.somd with the runtime that remembers a 2-D
# value array's shape (`resident::value_shape`: `shape` and `resident_key` read every row
# at each call) against the build before it (a7ec587), at 2^20 x 64, three interleaved
# rounds, the new one on the CPU back end too; then one traced run of the new one.
# Carries .gpu-carry/s42-shape.tar.xz (array_folds-{new,shape}).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
B=/tmp/s42-shape
mkdir -p "$B" && tar xJf .gpu-carry/s42-shape.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
ARGS=${ARGS:-"20 64 9 65536"}
{
    echo "args: $ARGS"
    for round in 1 2 3; do
        for v in new shape; do
            echo "round $round $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 60 \
                "$B/array_folds-$v" $ARGS | tr '\n' ' ')"
        done
        echo "round $round shape cpu: $(SOMD_DEVICE=cpu timeout 60 "$B/array_folds-shape" $ARGS \
            | tr '\n' ' ')"
    done
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
SOMD_DEVICE=opencl SOMD_TRACE=json timeout 60 "$B/array_folds-shape" 20 64 3 65536 \
    > /dev/null 2> /tmp/s42d.trace
python3 - /tmp/s42d.trace <<'PY' > "$OUT/calls.txt"
import json, sys
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "call" and e["name"] != "Main.chunkSum":
        ms = lambda k: round(e.get(k, 0) / 1e6, 3)
        print(f"{e['name']}: wall {ms('wall_ns')} transfer {ms('transfer_ns')} kernel "
              f"{ms('kernel_ns')} up {e.get('bytes_h2d')} down {e.get('bytes_d2h')}")
PY
cat "$OUT/calls.txt"
