#!/usr/bin/env python3
"""Sums a SOMD_TRACE=json run's device calls (read from stdin) and prints one line: the
calls' `wall_ns`, `kernel_ns` and `transfer_ns` totals in ms, with the device named by the
first call."""
import json
import sys

wall = kernel = transfer = 0
device = "-"
for line in sys.stdin:
    try:
        event = json.loads(line)
    except ValueError:
        continue
    if event.get("event") == "call":
        wall += event["wall_ns"]
        kernel += event["kernel_ns"]
        transfer += event["transfer_ns"]
        device = event.get("device", device) if device == "-" else device
print(f"calls_wall={wall / 1e6:.2f} kernel={kernel / 1e6:.2f} transfer={transfer / 1e6:.2f} device={device!r}")
