#!/usr/bin/env bash
# Fourteenth session, second device call: the e2e suite on the GPU again (after several
# accumulators per loop), then bench/gpu/programs/fold_moments.somd (carried built and
# stripped as .gpu-carry/fold_moments): one loop of two accumulators against two loops
# and against one accumulator, on the GPU (kernel times from SOMD_TRACE=json, wall medians
# printed by the program) and on the CPU back end with 16 threads.
#   OUT=results bench/gpu/s14-fold.sh
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
OUT=$OUT/suite bash bench/gpu/suite-only.sh > /dev/null 2>&1
echo "suite exit $?"; tail -2 "$OUT/suite/suite.txt" 2>/dev/null
tar cJf "$OUT/suite14b.tar.xz" -C "$OUT" suite && rm -rf "$OUT/suite"
B=.gpu-carry/fold_moments
SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json $B 25 15 > "$OUT/fold-gpu.out" 2> "$OUT/fold-gpu.trace"
echo "gpu exit $?"; cat "$OUT/fold-gpu.out"
SOMD_DEVICE=cpu SOMD_THREADS=16 $B 25 15 > "$OUT/fold-cpu16.out" 2>&1
echo "cpu16 exit $?"; cat "$OUT/fold-cpu16.out"
python3 - "$OUT/fold-gpu.trace" <<'PY' | tee "$OUT/fold-gpu-kernels.txt"
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
    k = statistics.median(c.get("kernel_ns", 0) for c in cs) / 1000
    w = statistics.median(c.get("wall_ns", 0) for c in cs) / 1000
    h = statistics.median(c.get("bytes_h2d", 0) for c in cs)
    print(f"{name}: calls {len(cs)} launches {cs[-1].get('launches')} median kernel {k:.1f} us, wall {w:.1f} us, h2d {h:.0f} bytes")
PY
