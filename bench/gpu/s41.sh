#!/usr/bin/env bash
# Session 41 on the GPU: the staged e2e suite (suite-only.sh; stage as its header says),
# then bench/gpu/programs/widened_args.somd and range_reduce.somd built before the session
# (44d8328: `@` arguments Java widens ran on the CPU; `!` of narrow arrays widened on the
# host) and after it, in interleaved rounds; widened_args on the CPU back end too; and one
# traced run of each new program for every call's placement, times and bytes uploaded.
# Then bench/gpu/programs/bang_probe.somd (what a `!` costs beyond its transfer), three
# runs and one traced.
# Carries .gpu-carry: stage.tar.xz, s41-bench.tar.xz ({widened_args,range_reduce}-{old,new},
# bang_probe-new).
# Writes under OUT: suite.log, suite/ (suite-only.sh's files), rounds.txt, calls.txt, probe.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=$OUT/suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
    echo "suite: exit $?"
    tail -3 "$OUT/suite/suite.txt" 2>/dev/null
fi
B=/tmp/s41-bench
mkdir -p "$B" && tar xJf .gpu-carry/s41-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for round in 1 2 3 4 5; do
        for p in widened_args range_reduce; do
            for v in old new; do
                echo "round $round $p $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 100 \
                    "$B/$p-$v" 24 15 | tr '\n' ' ')"
            done
        done
        echo "round $round widened_args cpu: $(SOMD_DEVICE=cpu timeout 100 \
            "$B/widened_args-new" 24 15 | tr '\n' ' ')"
    done
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
for p in widened_args range_reduce bang_probe; do
    for v in old new; do
        [ -x "$B/$p-$v" ] || continue
        SOMD_DEVICE=opencl SOMD_TRACE=json timeout 100 "$B/$p-$v" 24 3 \
            > /dev/null 2> /tmp/s41.trace
        echo "$p $v:"
        python3 - /tmp/s41.trace <<'PY'
import json, sys
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "call":
        ms = lambda k: round(e.get(k, 0) / 1e6, 2)
        print(f"  {e['name']}: {e.get('placement')} wall {ms('wall_ns')} transfer "
              f"{ms('transfer_ns')} kernel {ms('kernel_ns')} up {e.get('bytes_h2d')} "
              f"down {e.get('bytes_d2h')}")
PY
    done
done > "$OUT/calls.txt" 2>&1
tail -40 "$OUT/calls.txt"
for r in 1 2 3; do
    echo "probe $r: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 100 "$B/bang_probe-new" 24 15 \
        | tr '\n' ' ')"
done > "$OUT/probe.txt" 2>&1
cat "$OUT/probe.txt"
