#!/usr/bin/env bash
# K-Means (samples/kmeans.somd, the stage's sample_kmeans) with the histogram merge on the
# device (default) and without it (SOMD_HIST_MERGE=0): the median call and kernel time of
# each device method over the calls after each run's first, interleaved runs. Run after
# suite-only.sh, which unpacks the stage into /tmp/gpu-stage.
set -u
OUT=${OUT:-gpu-results}
BIN=${BIN:-/tmp/gpu-stage/bin/sample_kmeans}
ARGS=${ARGS:-8000000 8 10}
ROUNDS=${ROUNDS:-3}
mkdir -p "$OUT"
for r in $(seq 1 "$ROUNDS"); do
    for merge in 1 0; do
        SOMD_HIST_MERGE=$merge SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json $BIN $ARGS \
            > "$OUT/kmeans-$merge-$r.out" 2> "$OUT/kmeans-$merge-$r.err"
    done
done
python3 - "$OUT" "$ROUNDS" <<'PY'
import json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
for merge in ("1", "0"):
    walls, kernels, outs = {}, {}, set()
    for r in range(1, rounds + 1):
        outs.add(open(f"{out}/kmeans-{merge}-{r}.out").read())
        seen = set()
        for line in open(f"{out}/kmeans-{merge}-{r}.err"):
            try:
                e = json.loads(line)
            except ValueError:
                continue
            # Each run's first call of a method (program build, first uploads) apart.
            if e.get("event") == "call" and e["name"] in seen:
                walls.setdefault(e["name"], []).append(e["wall_ns"] / 1e6)
                kernels.setdefault(e["name"], []).append(e["kernel_ns"] / 1e6)
            elif e.get("event") == "call":
                seen.add(e["name"])
    for name in sorted(walls):
        w, k = walls[name], kernels[name]
        if w:
            print(f"merge={merge} {name:<24} calls {len(w):3d} call {statistics.median(w):8.3f} ms kernel {statistics.median(k):8.3f} ms")
    print(f"merge={merge} outputs identical across rounds: {len(outs) == 1}")
PY
