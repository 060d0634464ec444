"""Where a SOMD_TRACE=json trace's time went between events: every gap between two
consecutive lines' `at_ns`, grouped by the pair of events (a transfer or a resident buffer
named by its direction and buffer), with count, sum and median (µs), largest sum first.
The gap before an event is the time that event's own work took, plus whatever ran on the
host between the two (a gap before `call` is the call's end after its last event; one before
`placement` is the host's own code between two calls).
Usage: python3 bench/gpu/gaps.py TRACE [--top N]"""
import collections
import json
import statistics
import sys


def label(event):
    kind = event.get("event", "?")
    if kind == "transfer":
        return f"transfer {event.get('dir')} {event.get('buffer')}"
    if kind in ("resident", "in_place"):
        return f"{kind} {event.get('buffer')}"
    if kind in ("launch", "call", "placement"):
        return f"{kind} {event.get('name')}"
    return kind


def main():
    top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 25
    gaps = collections.defaultdict(list)
    previous = None
    for line in open(sys.argv[1]):
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if not isinstance(event, dict) or "at_ns" not in event:
            continue
        if previous is not None:
            gaps[(label(previous[0]), label(event))].append((event["at_ns"] - previous[1]) / 1e3)
        previous = (event, event["at_ns"])
    rows = sorted(gaps.items(), key=lambda kv: -sum(kv[1]))[:top]
    print(f"{'count':>6} {'sum ms':>9} {'median us':>10}  from -> to")
    for (a, b), values in rows:
        print(f"{len(values):6d} {sum(values) / 1e3:9.2f} {statistics.median(values):10.1f}  {a} -> {b}")


if __name__ == "__main__":
    main()
