#!/usr/bin/env bash
# Fifteenth session, last device call: the e2e suite on the GPU (after `SyncCall::reduce`
# reads every partials buffer in one wait), then argext.somd built against the runtime
# before that change (.gpu-carry/argext-old) and after it (.gpu-carry/argext), alternated
# three times on the GPU (wall medians of 15 calls each, printed by the program), and the
# new one with SOMD_TRACE=json for kernel and transfer times. Carries
# .gpu-carry/stage.tar.xz, .gpu-carry/argext, .gpu-carry/argext-old.
#   OUT=results bench/gpu/s15-reads.sh
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
OUT=$OUT/suite bash bench/gpu/suite-only.sh > /dev/null 2>&1
echo "suite exit $?"; tail -2 "$OUT/suite/suite.txt" 2>/dev/null
tar cJf "$OUT/suite15c.tar.xz" -C "$OUT" suite && rm -rf "$OUT/suite"
for round in 1 2 3; do
  for b in argext-old argext; do
    echo "round $round $b: $(SOMD_DEVICE=opencl SOMD_STRICT=1 .gpu-carry/$b 25 15 | tail -1)"
  done
done | tee "$OUT/reads-ab.txt"
SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json .gpu-carry/argext 25 15 > "$OUT/argext-gpu.out" 2> "$OUT/argext-gpu.trace"
python3 - "$OUT/argext-gpu.trace" <<'PY' | tee "$OUT/argext-gpu-kernels.txt"
import json, sys, statistics, collections
calls = collections.defaultdict(list)
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "call" and j.get("placement") == "opencl":
        calls[j["name"]].append(j)
for name, cs in calls.items():
    cs = cs[1:]  # the warm-up call
    m = lambda f: statistics.median(c.get(f, 0) for c in cs) / 1000
    print(f"{name}: calls {len(cs)} kernel {m('kernel_ns'):.1f} us, transfer {m('transfer_ns'):.1f} us, wall {m('wall_ns'):.1f} us, h2d {statistics.median(c.get('bytes_h2d', 0) for c in cs):.0f} bytes")
PY
