#!/usr/bin/env bash
# Session 42, third device call: where the large size's time goes (one traced run of the
# new array_folds build at 2^20 x 64, per-call kernel and transfer times), and the same
# elements in longer rows (2^16 x 1024) on both back ends, three rounds.
# Carries .gpu-carry/s42-bench.tar.xz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
B=/tmp/s42-bench
mkdir -p "$B" && tar xJf .gpu-carry/s42-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
SOMD_DEVICE=opencl SOMD_TRACE=json timeout 100 "$B/array_folds-new" 20 64 3 65536 \
    > /dev/null 2> /tmp/s42c.trace
python3 - /tmp/s42c.trace <<'PY' > "$OUT/calls.txt"
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
{
    for round in 1 2 3; do
        for d in opencl cpu; do
            echo "round $round $d: $(SOMD_DEVICE=$d timeout 60 "$B/array_folds-new" 16 1024 9 4096 \
                | tr '\n' ' ')"
        done
    done
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
