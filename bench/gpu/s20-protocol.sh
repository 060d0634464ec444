#!/usr/bin/env bash
# The failure protocol's cost on the GPU: each benchmark built before it (`old`, commit
# 0092c9d) and after it (`new`), run in interleaved rounds with SOMD_TRACE=json; per
# construct, the median kernel and call time of its device calls after each run's first
# (all of them for a construct called once a run), and the median run time. Binaries in
# $BINS/{old,new}/NAME (packed into .gpu-carry/protocol.tar.xz); raw outputs packed into
# $OUT/protocol-raw.tar.xz.
set -u
OUT=${OUT:-gpu-results}
BINS=${BINS:-/tmp/s20-bins}
ROUNDS=${ROUNDS:-3}
RAW=${RAW:-/tmp/s20-raw}
mkdir -p "$OUT" "$RAW/protocol" "$BINS" && tar xJf .gpu-carry/protocol.tar.xz -C "$BINS" || exit 1
BENCH=("vectoradd 20000000" "series 10000" "sor 1500 100" "crypt 20000000" "nbody 4096 10"
       "kmeans 8000000 8 10" "mriq 16384 2048" "mosaic 6000 6000" "montecarlo 8192 10000")
for r in $(seq 1 "$ROUNDS"); do
    for b in "${BENCH[@]}"; do
        set -- $b
        name=$1; shift
        for v in old new; do
            start=$(date +%s%N)
            SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$BINS/$v/$name" "$@" \
                > "$RAW/protocol/$name-$v-$r.out" 2> "$RAW/protocol/$name-$v-$r.err"
            echo "$(( ($(date +%s%N) - start) / 1000 ))" > "$RAW/protocol/$name-$v-$r.us"
        done
    done
done
tar cJf "$OUT/protocol-raw.tar.xz" -C "$RAW" protocol
python3 - "$RAW/protocol" "$ROUNDS" <<'PY'
import json, os, statistics, sys
d, rounds = sys.argv[1], int(sys.argv[2])
names = sorted({f.split("-")[0] for f in os.listdir(d) if f.endswith(".us")})
for name in names:
    rows = {}
    for v in ("old", "new"):
        calls, runs, outs = {}, [], set()
        for r in range(1, rounds + 1):
            base = f"{d}/{name}-{v}-{r}"
            runs.append(int(open(base + ".us").read()) / 1000)
            outs.add(open(base + ".out").read())
            runs_calls = {}
            for line in open(base + ".err"):
                try:
                    e = json.loads(line)
                except ValueError:
                    continue
                if e.get("event") != "call" or e.get("placement") != "opencl":
                    continue
                runs_calls.setdefault(e["name"], []).append((e["kernel_ns"] / 1e3, e["wall_ns"] / 1e3))
            for m, cs in runs_calls.items():
                calls.setdefault(m, []).extend(cs[1:] if len(cs) > 1 else cs)
        rows[v] = (calls, statistics.median(runs), outs)
    (oc, orun, oo), (nc, nrun, no) = rows["old"], rows["new"]
    print(f"{name}: run old {orun:.0f} ms new {nrun:.0f} ms; outputs equal: {oo == no and len(oo) == 1}")
    for m in sorted(set(oc) | set(nc)):
        if m in oc and m in nc:
            ok = statistics.median(k for k, _ in oc[m]); nk = statistics.median(k for k, _ in nc[m])
            ow = statistics.median(w for _, w in oc[m]); nw = statistics.median(w for _, w in nc[m])
            print(f"  {m:<40} calls {len(nc[m]):4d} kernel {ok:10.1f} -> {nk:10.1f} us ({nk / ok if ok else 0:5.3f})  call {ow:10.1f} -> {nw:10.1f} us ({nw / ow if ow else 0:5.3f})")
PY
