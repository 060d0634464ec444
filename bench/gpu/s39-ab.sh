#!/usr/bin/env bash
# Session 39: where a traced Monte Carlo run spends its device calls' time, kept and with
# SOMD_KEEP=off alternating (ten runs each), then the e2e suite on the GPU
# (suite-only.sh). Carries .gpu-carry: bench-new.tar.xz, stage.tar.xz.
# Writes under OUT: ab.txt, and the suite's files under OUT/suite.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
STAGE=/tmp/bench-new
mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-new.tar.xz -C "$STAGE" || exit 1
chmod +x "$STAGE"/*
for round in 1 2 3 4 5 6 7 8 9 10; do
    for keep in on off; do
        SOMD_KEEP=$keep SOMD_DEVICE=opencl SOMD_TRACE=json timeout 60 \
            "$STAGE/gen-montecarlo" 8192 10000 > /dev/null 2> /tmp/ab.trace
        python3 - "$round" "$keep" /tmp/ab.trace <<'PY'
import json, sys
round_, keep, path = sys.argv[1:]
parts = []
for line in open(path):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "call":
        parts.append(f"{e['name']}: wall {e['wall_ns'] / 1e6:.3f} transfer "
                     f"{e['transfer_ns'] / 1e6:.3f} kernel {e['kernel_ns'] / 1e6:.3f} "
                     f"reduce {e['reduce_ns'] / 1e6:.3f} up {e['bytes_h2d']}")
print(f"round {round_} SOMD_KEEP={keep}: " + "; ".join(parts))
PY
    done
done > "$OUT/ab.txt" 2>&1
cat "$OUT/ab.txt"
OUT=$OUT/suite bash bench/gpu/suite-only.sh > "$OUT/suite-run.log" 2>&1
echo "suite: exit $?"
tail -5 "$OUT/suite/suite.txt" 2>/dev/null
