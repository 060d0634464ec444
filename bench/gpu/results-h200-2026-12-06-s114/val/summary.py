#!/usr/bin/env python3
"""Medians [min-max] of the per-method times in methods.txt (`s114a.sh`), per benchmark,
thread count and build, with the per-round values; then the harness's gen cpu N / rayon N
kernel ratios per round. Run from this folder: `python3 val/summary.py`."""
import collections
import json
import statistics

times = collections.defaultdict(list)
for line in open("val/methods.txt"):
    words = line.split()
    if len(words) < 5:
        continue
    _, build, threads, bench = words[:4]
    for pair in words[4:]:
        method, ms = pair.split("=")
        times[(bench, int(threads), method, build)].append(float(ms))
print("Per-method times, ms (SOMD_TRACE=json cpu_call sums), median [min-max] over rounds:")
for key in sorted(times):
    bench, threads, method, build = key
    v = times[key]
    if statistics.median(v) < 5:
        continue
    print(f"{bench:7} {threads:2} thr {method:30} {build:6} {statistics.median(v):7.1f} "
          f"[{min(v):.1f}-{max(v):.1f}]  rounds: {', '.join(f'{x:.1f}' for x in v)}")
print()
print("Harness kernel ratios gen cpu N / rayon N per round (kernel ms gen / rayon):")
for bench in ("kmeans", "nbody", "nbody_double", "mriq"):
    for build in ("before", "after"):
        for threads in (2, 16):
            cells = []
            for rnd in (1, 2):
                name = "nbody" if bench == "nbody_double" else bench
                try:
                    data = json.load(open(f"val/{build}-{name}-{rnd}.json"))
                except OSError:
                    continue
                gen = rayon = None
                for row in data["results"]:
                    if row["benchmark"] != bench:
                        continue
                    if row["variant"] == f"gen cpu {threads}":
                        gen = row["kernel"]["median_ms"]
                    if row["variant"] == f"rayon {threads}":
                        rayon = row["kernel"]["median_ms"]
                if gen and rayon:
                    cells.append(f"{gen / rayon:.2f} ({gen:.1f}/{rayon:.1f})")
            print(f"{bench:13} {build:6} {threads:2} thr: {', '.join(cells)}")
