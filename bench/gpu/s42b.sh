#!/usr/bin/env bash
# Session 42, second device call: s42.sh's first call lost the suite's summary (more files
# than a call returns) and its old build timed out at 2^14 rows (each row's `!` a device
# reduction of its own). So: the suite again, keeping only suite.txt; then
# array_folds.somd before (878d95d) and after the session at 2^10 rows, three interleaved
# rounds, the new build on the CPU back end too; the new build alone at LARGE on both back
# ends; one traced run of each build at the small size.
# Carries .gpu-carry: stage.tar.xz, s42-bench.tar.xz (array_folds-{old,new}).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
SMALL=${SMALL:-"10 64 5 1024"}
LARGE=${LARGE:-"20 64 9 65536"}
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s42-suite bash bench/gpu/suite-only.sh > /tmp/s42-suite.log 2>&1
    echo "suite: exit $?"
    cp /tmp/s42-suite/suite.txt "$OUT/suite.txt"
    grep -c . /tmp/s42-suite/suite.txt
    tail -3 "$OUT/suite.txt"
fi
B=/tmp/s42-bench
mkdir -p "$B" && tar xJf .gpu-carry/s42-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "args: $SMALL"
    for round in 1 2 3; do
        for v in old new; do
            echo "round $round $v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 60 \
                "$B/array_folds-$v" $SMALL | tr '\n' ' ')"
        done
        echo "round $round new cpu: $(SOMD_DEVICE=cpu timeout 60 \
            "$B/array_folds-new" $SMALL | tr '\n' ' ')"
    done
    echo "args: $LARGE (the new build only)"
    for round in 1 2 3; do
        echo "round $round new: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 60 \
            "$B/array_folds-new" $LARGE | tr '\n' ' ')"
        echo "round $round new cpu: $(SOMD_DEVICE=cpu timeout 60 \
            "$B/array_folds-new" $LARGE | tr '\n' ' ')"
    done
} > "$OUT/rounds.txt" 2>&1
cat "$OUT/rounds.txt"
for v in old new; do
    SOMD_DEVICE=opencl SOMD_TRACE=json timeout 60 "$B/array_folds-$v" $SMALL \
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
