"""Per construct of a SOMD_TRACE=json trace: the median kernel, transfer and wall time of
its OpenCL calls after the first (the warm-up) and the median bytes uploaded.
Usage: python3 bench/gpu/call_medians.py TRACE"""
import collections
import json
import statistics
import sys

calls = collections.defaultdict(list)
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "call" and j.get("placement") == "opencl":
        calls[j["name"]].append(j)
for name, cs in calls.items():
    cs = cs[1:]
    if not cs:
        print(f"{name}: one call (the warm-up), no median")
        continue
    m = lambda f: statistics.median(c.get(f, 0) for c in cs) / 1000
    h2d = statistics.median(c.get("bytes_h2d", 0) for c in cs)
    print(f"{name}: calls {len(cs)} launches {cs[-1].get('launches')} kernel "
          f"{m('kernel_ns'):.1f} us, transfer {m('transfer_ns'):.1f} us, wall "
          f"{m('wall_ns'):.1f} us, h2d {h2d:.0f} bytes")
