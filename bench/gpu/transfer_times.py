"""Per SOMD call of a SOMD_TRACE=json trace, its transfers: direction, buffer, MiB, whether
staged through pinned memory, and GB/s, for the calls of the construct named NAME.
Usage: python3 bench/gpu/transfer_times.py TRACE NAME"""
import json
import sys

pending = []
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "transfer":
        pending.append(j)
    elif j.get("event") == "call":
        if j.get("name") == sys.argv[2]:
            parts = []
            for t in pending:
                gbs = t["bytes"] / max(t["ns"], 1)
                parts.append(f"{t['dir']} {t['buffer']} {t['bytes'] / 2**20:.0f} MiB "
                             f"{'pinned' if t['pinned'] else 'direct'} {gbs:.1f} GB/s")
            print(f"{j['name']} wall {j.get('wall_ns', 0) / 1e6:.1f} ms: " + "; ".join(parts))
        pending = []
