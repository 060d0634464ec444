#!/usr/bin/env bash
# Session 38 on the GPU: `@` results the host reads late (note device-execution, "Results
# the host reads late"). The harness over the benchmarks whose `@` results now stay on the
# device (Black-Scholes, K-Means, MRI-Q, Monte Carlo, Mosaic), OpenCL variants (generated
# and hand-written) with the sequential baseline as the reference, five rounds: once with
# the programs of the compiler before the change (bench-old.tar.xz, 675dcda) and once with
# the new one (bench-new.tar.xz), new first. Then the late reads of each new program at its
# benchmark size (the `somd_out_late` transfers of one traced run).
# Carries .gpu-carry: bench-old.tar.xz, bench-new.tar.xz (each staged as baselines.sh says,
# the old one with `--somdc` the old compiler).
# Writes under OUT: new/ and old/ (opencl.md, opencl.json, opencl.log), late.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
filters="--filter blackscholes --filter kmeans --filter mriq --filter montecarlo --filter mosaic"
for which in new old; do
    STAGE=/tmp/bench-$which
    mkdir -p "$STAGE" "$OUT/$which" && tar xJf ".gpu-carry/bench-$which.tar.xz" -C "$STAGE" || exit 1
    chmod +x "$STAGE"/*
    # shellcheck disable=SC2086
    timeout "${HARNESS_LIMIT:-270}" "$STAGE/somd-bench" --prebuilt "$STAGE" --device opencl \
        --reps "${REPS:-5}" --warmups 1 $filters --json "$OUT/$which/opencl.json" \
        > "$OUT/$which/opencl.md" 2> "$OUT/$which/opencl.log"
    echo "$which: somd-bench exit $?"
done
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for spec in "blackscholes:8000000" "kmeans:8000000 8 1" "mriq:16384 2048" \
        "montecarlo:8192 10000" "mosaic:6000 6000"; do
        b=${spec%%:*}
        size=${spec#*:}
        # shellcheck disable=SC2086
        SOMD_DEVICE=opencl SOMD_TRACE=json timeout 60 /tmp/bench-new/gen-$b $size \
            > /tmp/late.out 2> /tmp/late.trace
        python3 - "$b" "$size" /tmp/late.trace <<'EOF'
import json, sys
name, size, path = sys.argv[1:]
late, down = [], 0
for line in open(path):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "transfer" and e.get("dir") == "d2h":
        if e.get("buffer") == "somd_out_late":
            late.append((e["bytes"], e["ns"]))
        else:
            down += e["bytes"]
print(f"{name} {size}: late reads {[b for b, _ in late]} bytes, "
      f"{sum(n for _, n in late) / 1e6:.3f} ms; other downloads {down} bytes")
EOF
    done
} > "$OUT/late.txt" 2>&1
cat "$OUT/late.txt"
for which in new old; do
    echo "== $which"
    grep -E "gen opencl / hand opencl|^\| (blackscholes|kmeans|mriq|montecarlo|mosaic) .*opencl" \
        "$OUT/$which/opencl.md"
done
