#!/usr/bin/env bash
# Session 42 on the GPU: the staged e2e suite (suite-only.sh; stage as its header says),
# then bench/gpu/programs/array_folds.somd built before the session (878d95d: a `!` over an
# array kept its function on the CPU; a filter of value arrays ran on the CPU with a
# device reduction per item) and after it, in interleaved rounds, the new build on the CPU
# back end too (at LARGE, the new build alone); and one traced run of each build for every
# call's placement and times.
# Carries .gpu-carry: stage.tar.xz, s42-bench.tar.xz (array_folds-{old,new}).
# Writes under OUT: suite.log, suite/ (suite-only.sh's files), rounds.txt, calls.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
# Small enough for the old build, whose `@`s launch a device reduction per row.
ARGS=${ARGS:-"14 64 9 4096"}
LARGE=${LARGE:-"20 64 9 65536"}
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=$OUT/suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
    echo "suite: exit $?"
    tail -3 "$OUT/suite/suite.txt" 2>/dev/null
fi
B=/tmp/s42-bench
mkdir -p "$B" && tar xJf .gpu-carry/s42-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "args: $ARGS"
    for round in 1 2 3 4 5; do
        for v in old new; do
            echo "round $round $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 \
                "$B/array_folds-$v" $ARGS | tr '\n' ' ')"
        done
        echo "round $round new cpu: $(SOMD_DEVICE=cpu timeout 120 \
            "$B/array_folds-new" $ARGS | tr '\n' ' ')"
    done
    echo "args: $LARGE (the new build only)"
    for round in 1 2 3; do
        echo "round $round new: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 \
            "$B/array_folds-new" $LARGE | tr '\n' ' ')"
        echo "round $round new cpu: $(SOMD_DEVICE=cpu timeout 120 \
            "$B/array_folds-new" $LARGE | tr '\n' ' ')"
    done
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
for v in old new; do
    SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 "$B/array_folds-$v" $ARGS \
        > /dev/null 2> /tmp/s42.trace
    echo "array_folds $v:"
    python3 - /tmp/s42.trace <<'PY'
import collections, json, sys
calls = collections.OrderedDict()
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "call":
        c = calls.setdefault((e["name"], e.get("placement")), [0, 0, 0.0, 0.0, 0.0])
        c[0] += 1
        c[1] += e.get("launches", 0)
        c[2] += e.get("wall_ns", 0) / 1e6
        c[3] += e.get("transfer_ns", 0) / 1e6
        c[4] += e.get("kernel_ns", 0) / 1e6
for (name, placement), (n, launches, wall, transfer, kernel) in calls.items():
    print(f"  {name} on {placement}: {n} calls, {launches} launches, wall {wall:.2f} ms, "
          f"transfer {transfer:.2f} ms, kernel {kernel:.2f} ms")
PY
done > "$OUT/calls.txt" 2>&1
cat "$OUT/calls.txt"
