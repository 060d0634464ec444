#!/usr/bin/env bash
# Session 41 on the GPU, second call: the staged e2e suite with the buffer pool
# (suite-only.sh; stage as its header says; SKIP_SUITE=1 skips it), then
# bench/gpu/programs/{bang_probe,range_reduce,widened_args}.somd built before the pool
# (`pre`, 4921cea) and with it (`rec`), and `rec` under SOMD_RECYCLE=off, in five
# interleaved rounds; and one traced run of bang_probe with the pool.
# Carries .gpu-carry: stage.tar.xz, s41-rec.tar.xz ({bang_probe,range_reduce,widened_args}-{pre,rec}).
# Writes under OUT: suite.log, suite/ (suite-only.sh's files), rounds.txt, calls.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=$OUT/suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
    echo "suite: exit $?"
    grep "suite:" "$OUT/suite.log" | tail -1
fi
B=/tmp/s41-rec
mkdir -p "$B" && tar xJf .gpu-carry/s41-rec.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for round in 1 2 3 4 5; do
        for p in bang_probe range_reduce widened_args; do
            for v in pre rec off; do
                bin=$B/$p-$v
                env=""
                [ "$v" = off ] && bin=$B/$p-rec && env="SOMD_RECYCLE=off"
                echo "round $round $p $v: $(env $env SOMD_DEVICE=opencl SOMD_STRICT=1 \
                    timeout 100 "$bin" 24 15 | tr '\n' ' ')"
            done
        done
    done
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
SOMD_DEVICE=opencl SOMD_TRACE=json timeout 100 "$B/bang_probe-rec" 24 3 > /dev/null \
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
    elif e.get("event") == "reuse":
        print(f"    reuse {e.get('bytes')}")
PY
cat "$OUT/calls.txt"
