#!/usr/bin/env python3
"""Session 53 on the GPU machine: how many MIs a balanced SOMD call should have on the 16
cores. The generated samples are built with a runtime whose `balanced_mis` reads the fewest
units per MI from SOMD_MIN_UNITS (default 16, the committed BALANCE_MIN_UNITS), so one
binary runs every variant; the rayon baseline runs in the same rounds. SOMD_DEVICE=cpu,
SOMD_THREADS=16 (RAYON_NUM_THREADS=16), interleaved, REPS rounds. Per variant: the SOMD
calls' time summed from SOMD_TRACE=json (`cpu_call` time_ms; the baseline's kernel_ns), the
process wall time and the MI count of the first call. Every output is compared with the
first of its sample.

Here: /tmp/gen-fine/{NAME,somd-baseline} packed as .gpu-carry/s53.tar.xz.
There: STAGE=/tmp/s53 python3 bench/gpu/s53-split.py
"""
import json, os, re, statistics, subprocess, time

SIZES = {
    "allpairs": ["1000", "1000", "1000"], "lufact": ["1000"], "sor": ["1500", "100"],
    "cp": ["2000", "512"], "mosaic": ["6000", "6000"], "series": ["10000"],
}
STAGE = os.environ.get("STAGE", "/tmp/s53")
REPS = int(os.environ.get("REPS", "5"))
VARIANTS = [("min16", {}), ("min4", {"SOMD_MIN_UNITS": "4"}), ("min1", {"SOMD_MIN_UNITS": "1"}),
            ("rayon", None)]


def run(name, extra):
    if extra is None:
        cmd = [f"{STAGE}/somd-baseline", name, "rayon"] + SIZES[name]
        env = dict(os.environ, RAYON_NUM_THREADS="16")
    else:
        cmd = [f"{STAGE}/{name}"] + SIZES[name]
        env = dict(os.environ, SOMD_DEVICE="cpu", SOMD_THREADS="16", SOMD_TRACE="json", **extra)
    started = time.perf_counter()
    p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    wall = (time.perf_counter() - started) * 1e3
    kernel, mis, out = 0.0, None, []
    for line in p.stdout.splitlines():
        m = re.search(r"somd-bench kernel_ns=(\d+)", line)
        if m:
            kernel = int(m.group(1)) / 1e6
            line = line[:m.start()]
        out.append(line)
    for m in re.finditer(r"somd-bench kernel_ns=(\d+)", p.stderr):
        kernel += int(m.group(1)) / 1e6
    for line in p.stderr.splitlines():
        if line.startswith("{"):
            e = json.loads(line)
            if e.get("event") == "cpu_call":
                kernel += e.get("time_ms") or 0.0
                mis = mis if mis is not None else e.get("mis")
    return kernel, wall, mis, p.returncode, "\n".join(out)


def cell(v):
    return f"{statistics.median(v):.1f} [{min(v):.1f}-{max(v):.1f}]"


print("| sample | variant | MIs (first call) | kernel ms | wall ms | kernel / rayon | outputs |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for name in SIZES:
    res = {v: ([], [], None) for v, _ in VARIANTS}
    outs = {}
    for _ in range(REPS):
        for label, extra in VARIANTS:
            k, w, mis, rc, out = run(name, extra)
            res[label][0].append(k)
            res[label][1].append(w)
            res[label] = (res[label][0], res[label][1], mis)
            if rc != 0:
                outs.setdefault(label, set()).add(f"exit {rc}")
            if extra is not None:
                outs.setdefault("gen", set()).add(out)
    rayon = statistics.median(res["rayon"][0])
    same = "same" if len(outs.get("gen", set())) == 1 else f"{len(outs.get('gen', set()))} differ"
    for label, _ in VARIANTS:
        k, w, mis = res[label]
        print(f"| {name} | {label} | {mis if mis is not None else ''} | {cell(k)} | {cell(w)} | "
              f"{statistics.median(k) / max(rayon, 1e-9):.3f} | {same} {outs.get(label, '')} |",
              flush=True)
