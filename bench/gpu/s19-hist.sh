#!/usr/bin/env bash
# Per-bucket maxima (`bench/gpu/hist_max.somd`, a histogram of `Math.max` updates) on the
# GPU (groups merge their tables on the device; `slices`: SOMD_HIST_MERGE=0, the host folds
# one table per group) against the CPU back end on all cores: the same binary (built from the sample with
# `somdc build`, carried as .gpu-carry/hist_max), SOMD_TRACE=json: the median over the
# calls after the first of each run (the call's wall time, and on the device the kernel's),
# for N keys and several table sizes; the first call (program build, first upload) apart.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
BIN=.gpu-carry/hist_max
N=${N:-16000000}
CALLS=${CALLS:-7}
threads=$(nproc)
printf '%-8s %-22s %10s %10s %10s %s\n' buckets placement call_ms kernel_ms first_ms digest
for k in 64 4096 100000 1000000; do
    for placement in "opencl" "slices" "cpu"; do
        if [ "$placement" = cpu ]; then
            SOMD_DEVICE=cpu SOMD_THREADS=$threads SOMD_TRACE=json \
                "$BIN" "$N" "$k" "$CALLS" > "$OUT/hist-$k-$placement.out" 2> "$OUT/hist-$k-$placement.err"
        elif [ "$placement" = slices ]; then
            SOMD_HIST_MERGE=0 SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json \
                "$BIN" "$N" "$k" "$CALLS" > "$OUT/hist-$k-$placement.out" 2> "$OUT/hist-$k-$placement.err"
        else
            SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json \
                "$BIN" "$N" "$k" "$CALLS" > "$OUT/hist-$k-$placement.out" 2> "$OUT/hist-$k-$placement.err"
        fi
        python3 - "$OUT/hist-$k-$placement.err" "$k" "$placement" "$OUT/hist-$k-$placement.out" <<'PY'
import json, sys, statistics
err, k, placement, out = sys.argv[1:5]
calls = []
for line in open(err).read().splitlines():
    try:
        e = json.loads(line)
    except ValueError:
        continue
    # Device calls: `event: call` with nanoseconds; CPU calls: `method` with `time_ms`.
    if e.get("event") == "call" and e.get("name") == "Main.maxima":
        calls.append((e["wall_ns"] / 1e6, e.get("kernel_ns", 0) / 1e6, e.get("placement")))
    elif e.get("method") == "Main.maxima":
        calls.append((e["time_ms"], None, e.get("placement")))
text = open(out).read().split()
digest = text[-1] if text else "?"
where = ",".join(sorted({p for *_, p in calls if p}))
if len(calls) >= 2:
    walls = [w for w, _, _ in calls[1:]]
    kernels = [k for _, k, _ in calls[1:] if k is not None]
    kern = f"{statistics.median(kernels):10.3f}" if kernels else f"{'-':>10}"
    print(f"{k:<8} {placement + ' (' + where + ')':<22} {statistics.median(walls):10.3f} {kern} {calls[0][0]:10.3f} {digest}")
else:
    print(f"{k:<8} {placement:<22} {'?':>10} {'?':>10} {'?':>10} {digest} ({len(calls)} calls traced)")
PY
    done
done
