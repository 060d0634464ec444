"""Medians over the rounds of the harness's kernel and end-to-end medians, per stage and
thread count: `python3 summary.py` in this folder (the `*-ROUND.txt` files of
bench/gpu/s122a.sh)."""
import glob
import re
import statistics

rows = {}
for path in sorted(glob.glob("*-[0-9].txt")):
    stage = path.rsplit("-", 1)[0]
    for line in open(path):
        m = re.match(r"\| sparsematmult \| \S+ \S+ \| (gen cpu|rayon) (\d+) \| ([\d.]+) \[[^]]*\] \| ([\d.]+)", line)
        if m:
            key = (stage, m.group(1), int(m.group(2)))
            rows.setdefault(key, []).append((float(m.group(3)), float(m.group(4))))
for stage in ("old", "new", "new2"):
    for threads in (2, 8, 16):
        gen = rows.get((stage, "gen cpu", threads), [])
        ray = rows.get((stage, "rayon", threads), [])
        if not gen:
            continue
        gk = [k for _, k in gen]
        rk = [k for _, k in ray]
        ge = [e for e, _ in gen]
        re_ = [e for e, _ in ray]
        ratios = sorted(g / r for g, r in zip(gk, rk))
        print(f"{stage:5} {threads:2} threads: gen kernel {statistics.median(gk):.1f} "
              f"[{min(gk):.1f}-{max(gk):.1f}] rayon {statistics.median(rk):.1f}; "
              f"kernel ratio {statistics.median(ratios):.2f} [{ratios[0]:.2f}-{ratios[-1]:.2f}]; "
              f"end to end {statistics.median(ge):.1f} against {statistics.median(re_):.1f}")
