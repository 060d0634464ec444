#!/usr/bin/env python3
"""Bytes moved each way and kernel launches of one `SOMD_TRACE=json` run (stderr file):
`trace_bytes.py TRACE` prints `  bytes up N, down M, launches L`."""
import json
import sys

moved = {"h2d": 0, "d2h": 0}
launches = 0
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "transfer":
        moved[e["dir"]] += e["bytes"]
    if e.get("event") == "launch":
        launches += 1
print(f"  bytes up {moved['h2d']}, down {moved['d2h']}, launches {launches}")
