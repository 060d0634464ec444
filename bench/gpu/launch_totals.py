"""Kernel ms per kernel name of a SOMD_TRACE=json trace (its `launch` events), and the
count of events of each other kind. Usage: python3 bench/gpu/launch_totals.py TRACE"""
import collections
import json
import sys

kernels = collections.OrderedDict()
kinds = collections.Counter()
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    kinds[e.get("event")] += 1
    if e.get("event") == "launch":
        k = kernels.setdefault(e["name"], [0, 0.0])
        k[0] += 1
        k[1] += e.get("kernel_ns", 0) / 1e6
print(" ".join(f"{name} {n}x {ms:.3f}" for name, (n, ms) in kernels.items()),
      "|", " ".join(f"{k}={n}" for k, n in sorted(kinds.items())))
