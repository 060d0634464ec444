"""Per SOMD method of a SOMD_TRACE=json trace: its calls by placement, and per kernel its
launches by NDRange dimensions.
Usage: python3 bench/gpu/launch_dims.py TRACE"""
import collections
import json
import sys

dims = collections.defaultdict(collections.Counter)
calls = collections.Counter()
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "launch":
        dims[j["name"]][j.get("dims")] += 1
    if j.get("event") == "call":
        calls[(j["name"], j["placement"])] += 1
for (name, placement), n in sorted(calls.items()):
    print("  call %s: %s x%d" % (name, placement, n))
for name, c in sorted(dims.items()):
    print("  launch %s: %s" % (name, ", ".join("%s-D x%d" % kv for kv in sorted(c.items()))))
