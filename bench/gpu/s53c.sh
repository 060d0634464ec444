#!/usr/bin/env bash
# Session 53, a device call: the instance-method programs (s53b.sh, carrying
# .gpu-carry/s53b.tar.xz), then bench/gpu/s53-mandel.somd (value-class methods in a `@`
# target; its stripped build in the same tarball as s53_mandel) at 4000 x 3000, limit 512,
# under SOMD_DEVICE=cpu (16 threads) and opencl, five rounds each, interleaved: process
# wall time and the `@`'s time from SOMD_TRACE=json (CPU: `cpu_call` time_ms; device:
# the call's wall_ns, and its kernel_ns). Writes OUT/suite.txt, OUT/mandel.md.
set -u
OUT=${OUT:-gpu-results}
bash bench/gpu/s53b.sh
. bench/gpu/icd.sh
python3 - "$OUT/mandel.md" <<'PY'
import json, os, statistics, subprocess, sys, time
args = ["/tmp/s53b/s53_mandel"] + os.environ.get("MANDEL", "4000 3000 512").split()
rows = {"cpu": [], "opencl": []}
outs = set()
for _ in range(5):
    for dev in rows:
        env = dict(os.environ, SOMD_DEVICE=dev, SOMD_TRACE="json")
        t0 = time.perf_counter()
        p = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120)
        wall = (time.perf_counter() - t0) * 1e3
        call, kern = 0.0, 0.0
        for line in p.stderr.splitlines():
            if not line.startswith("{"):
                continue
            e = json.loads(line)
            if e.get("event") == "cpu_call" and e.get("method", "").endswith("escape"):
                call += e.get("time_ms") or 0
            if e.get("event") == "call" and e.get("name", "").endswith("escape"):
                call += (e.get("wall_ns") or 0) / 1e6
                kern += (e.get("kernel_ns") or 0) / 1e6
        rows[dev].append((wall, call, kern))
        outs.add(p.stdout.strip())
med = lambda v: statistics.median(v)
with open(sys.argv[1], "w") as f:
    f.write("| device | process wall ms | `@ escape` ms | kernel ms |\n| --- | --- | --- | --- |\n")
    for dev, v in rows.items():
        f.write(f"| {dev} | {med([x[0] for x in v]):.1f} [{min(x[0] for x in v):.1f}-{max(x[0] for x in v):.1f}] | "
                f"{med([x[1] for x in v]):.1f} [{min(x[1] for x in v):.1f}-{max(x[1] for x in v):.1f}] | "
                f"{med([x[2] for x in v]):.2f} |\n")
    f.write(f"\noutputs: {sorted(outs)}\n")
print(open(sys.argv[1]).read())
PY
