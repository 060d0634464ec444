#!/usr/bin/env bash
# Session 99, second call (carry .gpu-carry: bench-stage.tar.xz as for s99.sh):
# 1. LUFact untraced: wall ms of the staged generated program and of the hand-written
#    baseline at n = 2, 1000 and 2000, five runs each in turn (the step cost is the
#    difference over n; tracing waits on every command and hides it);
# 2. SparseMatMult 100000 200 and LUFact 1000 under SOMD_TRACE=json: per launched kernel
#    and per transfer, count and summed device / host ns (what each call is made of).
set -u
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" && chmod +x "$STAGE"/*
. bench/gpu/icd.sh
ms() { local t0=$(date +%s%N); "$@" > /dev/null 2>&1; echo $(( ($(date +%s%N) - t0) / 1000000 )); }
for n in 2 1000 2000; do
    for rep in 1 2 3 4 5; do
        g=$(SOMD_DEVICE=opencl ms "$STAGE/gen-lufact" $n)
        h=$(SOMD_DEVICE=opencl ms "$STAGE/somd-clbaseline" lufact $n)
        o=$(SOMD_DEVICE=opencl SOMD_ROWS=off ms "$STAGE/gen-lufact" $n)
        echo "lufact n=$n rep $rep: gen $g ms, hand $h ms, gen SOMD_ROWS=off $o ms"
    done
done | tee "$OUT/lufact-untraced.txt"
summ() {
    python3 - "$1" <<'PY'
import collections, json, sys
k = collections.OrderedDict()
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    ev = e.get("event")
    if ev == "launch":
        key = "launch " + e["name"]
        ns = e.get("kernel_ns", 0)
    elif ev == "transfer":
        key = "transfer %s %s pinned=%s" % (e["dir"], e["buffer"], e.get("pinned"))
        ns = e.get("ns", 0)
    elif ev in ("call", "fill", "copy"):
        key = ev + " " + e.get("name", e.get("buffer", ""))
        ns = e.get("wall_ns", e.get("ns", 0))
    else:
        key = ev
        ns = 0
    c = k.setdefault(key, [0, 0])
    c[0] += 1
    c[1] += ns
for key, (n, ns) in k.items():
    print(f"  {key}: {n} x, {ns / 1e6:.3f} ms, {ns / max(n, 1) / 1e3:.1f} us each")
PY
}
for p in "gen-sparsematmult 100000 200" "gen-lufact 1000"; do
    SOMD_DEVICE=opencl SOMD_TRACE=json timeout 120 "$STAGE"/$p > /tmp/p.out 2> /tmp/p.trace
    echo "$p: $(tr '\n' ' ' < /tmp/p.out)"
    summ /tmp/p.trace
done | tee "$OUT/events.txt"
