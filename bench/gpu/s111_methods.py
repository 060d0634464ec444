#!/usr/bin/env python3
"""Sums the `cpu_call` times (ms) per method of a SOMD_TRACE=json run read from stdin and
prints them on one line: `Main.near=30.5 Main.far=416.7 ...`."""
import collections
import json
import sys

totals = collections.defaultdict(float)
for line in sys.stdin:
    try:
        event = json.loads(line)
    except ValueError:
        continue
    if event.get("event") == "cpu_call":
        totals[event["method"]] += event["time_ms"]
print(" ".join(f"{m}={t:.1f}" for m, t in totals.items()))
