#!/usr/bin/env bash
# Session 40 on the GPU: the staged e2e suite (suite-only.sh; stage as its header says),
# then bench/gpu/programs/range_reduce.somd built before the session (6add424: the range
# uploaded, the `!` keeping none of its uploads) and after it, in interleaved rounds, and
# one traced run of each for the bytes every call uploads.
# Carries .gpu-carry: stage.tar.xz, s40-rr.tar.xz (range_reduce-old, range_reduce-new).
# Writes under OUT: suite.log, suite/ (suite-only.sh's files), rr.txt, bytes.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=$OUT/suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
    echo "suite: exit $?"
    tail -3 "$OUT/suite/suite.txt" 2>/dev/null
fi
RR=/tmp/s40-rr
mkdir -p "$RR" && tar xJf .gpu-carry/s40-rr.tar.xz -C "$RR" || exit 1
chmod +x "$RR"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for round in 1 2 3 4 5; do
        for v in old new; do
            echo "round $round $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 60 \
                "$RR/range_reduce-$v" 24 15 | tr '\n' ' ')"
        done
    done
} > "$OUT/rr.txt" 2>&1
cat "$OUT/rr.txt"
for v in old new; do
    SOMD_DEVICE=opencl SOMD_TRACE=json timeout 60 "$RR/range_reduce-$v" 24 2 \
        > /dev/null 2> /tmp/rr.trace
    echo "$v:"
    python3 - /tmp/rr.trace <<'PY'
import collections, json, sys
up = collections.defaultdict(list)
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "call":
        up[e["name"]].append(e["bytes_h2d"])
for name, b in up.items():
    print(f"  {name}: calls {len(b)} bytes up per call {b}")
PY
done > "$OUT/bytes.txt" 2>&1
cat "$OUT/bytes.txt"
