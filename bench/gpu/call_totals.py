"""Per construct and placement of a SOMD_TRACE=json trace: its calls, launches and
work-items, and its summed wall, transfer and kernel time (ms), in order of first call
(CPU calls, `cpu_call` events: their count and summed time).
Usage: python3 bench/gpu/call_totals.py TRACE"""
import collections
import json
import sys

calls = collections.OrderedDict()
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "cpu_call":
        c = calls.setdefault((e["method"], "cpu"), [0, 0, 0, 0.0, 0.0, 0.0])
        c[0] += 1
        c[3] += e.get("time_ms", 0)
    if e.get("event") == "call":
        c = calls.setdefault((e["name"], e.get("placement")), [0, 0, 0, 0.0, 0.0, 0.0])
        c[0] += 1
        c[1] += e.get("launches", 0)
        c[2] += e.get("work_items", 0)
        c[3] += e.get("wall_ns", 0) / 1e6
        c[4] += e.get("transfer_ns", 0) / 1e6
        c[5] += e.get("kernel_ns", 0) / 1e6
for (name, placement), (n, launches, items, wall, transfer, kernel) in calls.items():
    print(f"  {name} on {placement}: {n} calls, {launches} launches, {items} work-items, "
          f"wall {wall:.2f} ms, transfer {transfer:.2f} ms, kernel {kernel:.2f} ms")
