#!/usr/bin/env bash
# Session 108: huge-page advice decided by the machine. Old = generated programs whose
# allocator advises every large block MADV_HUGEPAGE (25c0a0bb); new = the same programs
# with the allocator that advises nothing where a virtio balloon reports free pages to the
# host. Runs old and new in turn, process wall ms, ROUNDS rounds, PAUSE seconds of sleep
# before each run (0: back to back; a few seconds: long enough for freed memory to be
# reported to the host, as between a user's runs), SOMD_DEVICE=DEV.
# Usage: s108a.sh DIR (holding old/NAME and new/NAME); env ROUNDS, PAUSE, DEV, THREADS.
set -u
D=$1
OUT=${OUT:-/tmp/s108a}
mkdir -p "$OUT"
echo "balloon devices:" $(for d in /sys/bus/virtio/devices/*; do echo "$(cat $d/device 2>/dev/null):$(cut -c1-8 $d/features 2>/dev/null)"; done) >> "$OUT/env.txt"
cat /sys/kernel/mm/transparent_hugepage/enabled /sys/kernel/mm/transparent_hugepage/defrag >> "$OUT/env.txt"
ms() { local t0=$(date +%s%N); "$@" > /tmp/o.out 2>&1; echo "$(( ($(date +%s%N) - t0) / 1000000 ))"; }
run() {  # NAME ARGS...
    local name=$1; shift
    for round in $(seq 1 ${ROUNDS:-5}); do
        for v in old new; do
            sleep ${PAUSE:-0}
            t=$(SOMD_DEVICE=${DEV:-seq} SOMD_THREADS=${THREADS:-2} ms $D/$v/$name "$@")
            echo "$name $* pause ${PAUSE:-0} $v $t $(tail -1 /tmp/o.out | cut -c1-60)"
        done
    done
}
{
    run kmeans 8000000 8 1
    run vectoradd 20000000
    run saxpy 20000000
    run blackscholes 8000000
} 2>&1 | tee -a "$OUT/runs.txt"
python3 - "$OUT/runs.txt" <<'PY'
import sys, statistics, collections
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    words = line.split()
    if "pause" not in words:
        continue
    at = words.index("pause")
    key = (" ".join(words[:at]), words[at + 1], words[at + 2])
    runs[key].append(int(words[at + 3]))
print("| program | pause s | old ms median [min-max] | new ms median [min-max] | new / old |")
print("| --- | --- | --- | --- | --- |")
seen = sorted({(k[0], k[1]) for k in runs})
for prog, pause in seen:
    o, n = sorted(runs[(prog, pause, "old")]), sorted(runs[(prog, pause, "new")])
    mo, mn = statistics.median(o), statistics.median(n)
    print(f"| {prog} | {pause} | {mo:.0f} [{o[0]}-{o[-1]}] | {mn:.0f} [{n[0]}-{n[-1]}] | {mn / mo:.2f} |")
PY
