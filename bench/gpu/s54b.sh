#!/usr/bin/env bash
# Session 54, second device call: the suite programs whose kernels hold loops the failure
# check now bounds (`Writer::spin_guard`), and the other programs of the session's later
# fixes (Math.pow, row bounds of frozen value arrays, calls on null receivers), staged with
# SOMD_E2E_FILTER into .gpu-carry/stage2.tar.xz, under SOMD_DEVICE=opencl SOMD_STRICT=1
# against their twins (gpu_run.py's suite); then the cost of the check on a hot loop:
# bench/gpu/s53-mandel.somd (`while (k < limit && z.abs2() <= 4.0)`, 4000 x 3000, limit
# 512) built with the check (mandel_guard) and without it (mandel_noguard, the writer's
# guard disabled by hand for this build), five rounds, interleaved: the `@`'s call and
# kernel time from SOMD_TRACE=json. Writes OUT/suite.txt and OUT/guard.md.
set -u
OUT=${OUT:-gpu-results}
STAGE=/tmp/gpu-stage2
mkdir -p "$OUT" "$STAGE" && tar xJf .gpu-carry/stage2.tar.xz -C "$STAGE" || exit 1
chmod +x "$STAGE"/bin/* "$STAGE"/mandel_* 2>/dev/null
. bench/gpu/icd.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/env.txt" 2>&1
timeout 300 python3 -u bench/gpu/gpu_run.py --stage "$STAGE" --out "$OUT" --pocl "" \
  --reps 1 --bench "series 10000" 2>&1 | tail -5
python3 - "$OUT/guard.md" <<'PY'
import json, os, statistics, subprocess, sys
stage = "/tmp/gpu-stage2"
rows = {"mandel_guard": [], "mandel_noguard": []}
outs = set()
for _ in range(5):
    for name in rows:
        env = dict(os.environ, SOMD_DEVICE="opencl", SOMD_TRACE="json")
        p = subprocess.run([f"{stage}/{name}", "4000", "3000", "512"], env=env,
                           capture_output=True, text=True, timeout=120)
        call, kern = 0.0, 0.0
        for line in p.stderr.splitlines():
            if line.startswith("{"):
                e = json.loads(line)
                if e.get("event") == "call" and e.get("name", "").endswith("escape"):
                    call += (e.get("wall_ns") or 0) / 1e6
                    kern += (e.get("kernel_ns") or 0) / 1e6
        rows[name].append((call, kern))
        outs.add((name, p.returncode, p.stdout.strip()))
med = statistics.median
with open(sys.argv[1], "w") as f:
    f.write("| build | `@ escape` call ms | kernel ms (median [range]) |\n| --- | --- | --- |\n")
    for name, v in rows.items():
        k = [x[1] for x in v]
        f.write(f"| {name} | {med([x[0] for x in v]):.2f} | {med(k):.3f} [{min(k):.3f}-{max(k):.3f}] |\n")
    f.write(f"\noutputs: {sorted(outs)}\n")
print(open(sys.argv[1]).read())
PY
