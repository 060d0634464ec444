#!/usr/bin/env bash
# Session 50 on the GPU, second call: the staged e2e suite at the session's final code
# (suite-only.sh; stage as its header says; SKIP_SUITE=1 skips it), then
# bench/gpu/programs/two_sites.somd 200 2000 32000000 under the default placement (adaptive
# `auto`), built at 7199571 ("old": one measurement per method label) and at this session's
# code ("new": one per call site), five interleaved rounds timing the process, then one
# traced round of each with its placements counted per site and side.
# Carries .gpu-carry: stage.tar.xz (unless SKIP_SUITE), s50-bench.tar.xz (two_sites-{old,new}).
# Writes under OUT: suite.txt, sites.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s50-suite bash bench/gpu/suite-only.sh > /tmp/s50-suite.log 2>&1
    echo "suite: exit $?"
    cp /tmp/s50-suite/suite.txt "$OUT/suite.txt" 2>/dev/null
    tail -3 "$OUT/suite.txt" 2>/dev/null
fi
B=/tmp/s50-bench
mkdir -p "$B" && tar xJf .gpu-carry/s50-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
args=(200 2000 32000000)
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for round in 1 2 3 4 5; do
        for v in old new; do
            start=$(date +%s%N)
            out=$(timeout 120 "$B/two_sites-$v" "${args[@]}" 2>&1)
            end=$(date +%s%N)
            echo "round $round $v: $(( (end - start) / 1000000 )) ms, $out"
        done
    done
    for v in old new; do
        echo "traced $v:"
        SOMD_TRACE=json timeout 120 "$B/two_sites-$v" "${args[@]}" 2> /tmp/s50.trace > /dev/null
        python3 - /tmp/s50.trace <<'PY'
import collections, json, sys
count = collections.Counter()
wall = collections.Counter()
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "placement":
        count[(e.get("site"), e["placement"])] += 1
        last = e
    if e.get("event") == "call":
        wall[e["name"]] += e["wall_ns"]
for (site, side), n in sorted(count.items(), key=str):
    print(f"  site {site}: {side} x{n}")
for name, ns in wall.items():
    print(f"  device calls of {name}: {ns / 1e6:.1f} ms in all")
PY
        grep '"event":"placement"' /tmp/s50.trace | tail -2 | sed 's/"device":"[^"]*",//'
    done
} > "$OUT/sites.txt" 2>&1
cat "$OUT/sites.txt"
