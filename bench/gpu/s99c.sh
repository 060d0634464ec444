#!/usr/bin/env bash
# Session 99, third call: LUFact's device time per elimination step at n = 1000 and 2000,
# generated (SOMD_TRACE=json, kernel_ns of each launch: mean per tenth of the steps) and
# hand-written (its kernel_ns / transfer_ns lines), two runs each.
set -u
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
[ -x "$STAGE/gen-lufact" ] || { mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" && chmod +x "$STAGE"/*; }
. bench/gpu/icd.sh
for n in 1000 2000; do
    for rep in 1 2; do
        SOMD_DEVICE=opencl SOMD_TRACE=json "$STAGE/gen-lufact" $n > /dev/null 2> /tmp/l.trace
        python3 - /tmp/l.trace $n <<'PY'
import json, sys
ks = []
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "launch":
        ks.append(e["kernel_ns"])
t = len(ks) // 10
tenths = [sum(ks[i * t:(i + 1) * t]) / t / 1e3 for i in range(10)]
print(f"gen n={sys.argv[2]}: {len(ks)} launches, kernel {sum(ks) / 1e6:.2f} ms; "
      "us per launch by tenth: " + " ".join(f"{x:.1f}" for x in tenths))
PY
        SOMD_DEVICE=opencl "$STAGE/somd-clbaseline" lufact $n 2>&1 | grep -i "ns=" | tr '\n' ' '
        echo " (hand n=$n)"
    done
done | tee "$OUT/steps.txt"
