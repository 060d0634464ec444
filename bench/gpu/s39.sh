#!/usr/bin/env bash
# Session 39 on the GPU: mutable arrays kept across straight-line statements and shared
# with their frozen copies (note device-execution, "Straight-line statements and frozen
# copies"). The harness over the benchmarks whose programs have such statements (Saxpy,
# Black-Scholes, Monte Carlo), OpenCL variants (generated and hand-written) with the
# sequential baseline as the reference, five rounds: once as compiled (kept), once with
# SOMD_KEEP=off (every call uploads, as before the change; the hand-written programs do
# not read it), kept first. Then the bytes each generated program moves host to device at
# its benchmark size, both ways (the `call` events' `bytes_h2d` of one traced run).
# Carries .gpu-carry: bench-new.tar.xz (staged as baselines.sh says).
# Writes under OUT: kept/ and off/ (opencl.md, opencl.json, opencl.log), bytes.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
STAGE=/tmp/bench-new
mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-new.tar.xz -C "$STAGE" || exit 1
chmod +x "$STAGE"/*
filters="--filter saxpy --filter blackscholes --filter montecarlo"
for which in kept off; do
    mkdir -p "$OUT/$which"
    keep=on
    [ "$which" = off ] && keep=off
    # shellcheck disable=SC2086
    SOMD_KEEP=$keep timeout "${HARNESS_LIMIT:-200}" "$STAGE/somd-bench" --prebuilt "$STAGE" \
        --device opencl --reps "${REPS:-5}" --warmups 1 $filters \
        --json "$OUT/$which/opencl.json" > "$OUT/$which/opencl.md" 2> "$OUT/$which/opencl.log"
    echo "$which: somd-bench exit $?"
done
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for spec in "saxpy:20000000" "blackscholes:8000000" "montecarlo:8192 10000"; do
        b=${spec%%:*}
        size=${spec#*:}
        for keep in on off; do
            # shellcheck disable=SC2086
            SOMD_KEEP=$keep SOMD_DEVICE=opencl SOMD_TRACE=json timeout 60 "$STAGE/gen-$b" $size \
                > /tmp/bytes.out 2> /tmp/bytes.trace
            python3 - "$b" "$size" "$keep" /tmp/bytes.trace <<'PY'
import json, sys
name, size, keep, path = sys.argv[1:]
up = res = 0
for line in open(path):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "call":
        up += e.get("bytes_h2d", 0)
    if e.get("event") == "resident":
        res += e.get("bytes", 0)
print(f"{name} {size} SOMD_KEEP={keep}: {up} bytes up, {res} bytes found on the device")
PY
        done
    done
} > "$OUT/bytes.txt" 2>&1
cat "$OUT/bytes.txt"
for which in kept off; do
    echo "== $which"
    grep -E "gen opencl / hand opencl|^\| (saxpy|blackscholes|montecarlo) .*opencl" \
        "$OUT/$which/opencl.md"
done
