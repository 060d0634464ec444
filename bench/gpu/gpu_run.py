#!/usr/bin/env python3
"""Runs the staged end-to-end programs and sample benchmarks on an OpenCL GPU.

Used by bench/gpu/run.sh on a machine without Rust (docs/performance.md, "OpenCL back end
on the GPU"). Input: a stage folder written by `SOMD_E2E_STAGE=DIR cargo test -p somd-tests
--test run stage_` (DIR/bin, DIR/expected, DIR/programs.tsv). Output (under --out):
suite.txt (per-program verdicts and diffs), kernels.txt (device calls per program),
perf.md / perf.json (benchmark table).

Part 1, the suite: every program runs once with `SOMD_DEVICE=opencl SOMD_STRICT=1` and is
compared exactly as tests/tests/run.rs compares (stdout, exit status, and the whole stderr,
or for a throwing program its first line and the `\tat FILE:LINE:COL` line), then once more
with `SOMD_TRACE=json` to record the device calls it made (`call`/`launch`/`reduce`
events). A program failing on the GPU is rerun on PoCL (`SOMD_DEVICE=opencl:PoCL-text`)
when PoCL is installed, to tell GPU-only failures apart.

Part 2, performance: for each (sample, args), a warm-up of each variant, then --reps rounds
of: `SOMD_DEVICE=opencl` untraced (process wall time), `SOMD_DEVICE=opencl SOMD_TRACE=json`
(sum of the `call` events' `kernel_ns` + `reduce_ns`, and of their `wall_ns`, which include
transfers), `SOMD_DEVICE=cpu SOMD_THREADS=N SOMD_TRACE=json` (process wall time, and the
sum of the `cpu_call` events' `time_ms`: SOMD calls, and `@`s and `!`s with a device site).
Medians with min-max. The GPU's output is checked against the CPU's up to floating-point
reassociation (relative 1e-9 on fractions, as bench/src/measure.rs).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

TIMEOUT = 60


def run(binary, args, env_extra, timeout=TIMEOUT):
    env = {k: v for k, v in os.environ.items()
           if k not in ("SOMD_DEVICE", "SOMD_THREADS", "SOMD_TRACE", "SOMD_CONFIG", "SOMD_STRICT")}
    env.update(env_extra)
    started = time.perf_counter()
    try:
        p = subprocess.run([binary] + args, env=env, stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=timeout)
        wall = (time.perf_counter() - started) * 1e3
        return (p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"),
                p.returncode, False, wall)
    except subprocess.TimeoutExpired as e:
        wall = (time.perf_counter() - started) * 1e3
        out = (e.stdout or b"").decode("utf-8", "replace")
        err = (e.stderr or b"").decode("utf-8", "replace")
        return out, err, None, True, wall


def diff(expected, actual):
    e, a = expected.split("\n"), actual.split("\n")
    if expected.endswith("\n"):
        e = e[:-1]
    if actual.endswith("\n"):
        a = a[:-1]
    out, shown = [], 0
    for i in range(max(len(e), len(a))):
        x = e[i] if i < len(e) else None
        y = a[i] if i < len(a) else None
        if x != y:
            if x is not None:
                out.append(f"    line {i + 1}: - {x}")
            if y is not None:
                out.append(f"    line {i + 1}: + {y}")
            shown += 1
            if shown == 8:
                out.append("    ...")
                break
    if expected.endswith("\n") != actual.endswith("\n") and shown == 0:
        out.append("    (final newline differs)")
    return "\n".join(out) + "\n"


def compare(exp, outcome):
    """The problems of one run, as tests/tests/run.rs `compare` words them ('' = match)."""
    stdout, stderr, status, timed_out, _ = outcome
    problems = ""
    if timed_out:
        problems += f"  timed out after {TIMEOUT} s\n"
    if status != exp["status"]:
        problems += f"  exit status: expected {exp['status']}, got {status}\n"
    if stdout != exp["stdout"]:
        problems += "  stdout differs:\n" + diff(exp["stdout"], stdout)
    if exp["status"] != 0:
        lines = stderr.split("\n")
        want_first = exp["stderr"].split("\n")[0]
        got_first = lines[0] if lines else ""
        if want_first != got_first:
            problems += f"  exception: expected `{want_first}`\n             got      `{got_first}`\n"
        want_at = "\tat " + (exp["throws_at"] or "")
        got_at = lines[1] if len(lines) > 1 else ""
        if want_at != got_at:
            problems += f"  position: expected `{want_at}`, got `{got_at}`\n"
    elif stderr != exp["stderr"]:
        problems += "  stderr differs:\n" + diff(exp["stderr"], stderr)
    return problems


def trace_summary(stderr):
    calls, launches, reduces, devices, fallbacks = [], 0, 0, set(), []
    for line in stderr.splitlines():
        if not line.startswith("{"):
            continue
        try:
            ev = json.loads(line)
        except ValueError:
            continue
        kind = ev.get("event")
        if ev.get("device"):
            devices.add(ev["device"])
        if kind == "call":
            calls.append(ev.get("name"))
        elif kind == "launch":
            launches += 1
        elif kind == "reduce":
            reduces += 1
        elif kind == "fallback":
            fallbacks.append(ev.get("cause"))
    return calls, launches, reduces, devices, fallbacks


def suite(stage, out, pocl):
    programs = []
    with open(os.path.join(stage, "programs.tsv")) as f:
        for line in f:
            if not line.strip():
                continue
            package, status, throws_at, args = line.rstrip("\n").split("\t")
            read = lambda ext: open(os.path.join(stage, "expected", f"{package}.{ext}")).read()
            programs.append({
                "name": package, "status": int(status),
                "throws_at": None if throws_at == "-" else throws_at,
                "args": args.split(), "stdout": read("out"), "stderr": read("err"),
                "binary": os.path.join(stage, "bin", package),
            })
    gpu = {"SOMD_DEVICE": "opencl", "SOMD_STRICT": "1", "SOMD_CACHE_DIR": "/tmp/somd-cl-cache"}

    def one(p):
        verdict = compare(p, run(p["binary"], p["args"], gpu))
        traced = run(p["binary"], p["args"], dict(gpu, SOMD_TRACE="json"))
        pocl_verdict = None
        if verdict and pocl:
            pocl_env = dict(gpu, SOMD_DEVICE=f"opencl:{pocl}", SOMD_CACHE_DIR="/tmp/somd-cl-pocl")
            pocl_verdict = compare(p, run(p["binary"], p["args"], pocl_env))
        return p["name"], verdict, trace_summary(traced[1]), pocl_verdict

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = sorted(pool.map(one, programs))
    failing = [r for r in results if r[1]]
    with open(os.path.join(out, "suite.txt"), "w") as f:
        f.write(f"{len(results) - len(failing)} of {len(results)} programs pass with "
                f"SOMD_DEVICE=opencl SOMD_STRICT=1\n\n")
        for name, verdict, _, pocl_verdict in failing:
            f.write(f"FAIL {name}:\n{verdict}")
            if pocl_verdict is not None:
                f.write("  on PoCL: " + ("passes\n" if not pocl_verdict else "fails too:\n"
                                         + pocl_verdict))
    with open(os.path.join(out, "kernels.txt"), "w") as f:
        f.write("program\tdevice calls\tlaunches\treduces\tdevices\tcall names\tfallbacks\n")
        for name, _, (calls, launches, reduces, devices, fallbacks), _ in results:
            f.write(f"{name}\t{len(calls)}\t{launches}\t{reduces}\t{','.join(sorted(devices))}\t"
                    f"{','.join(sorted(set(c or '?' for c in calls)))}\t{';'.join(fallbacks)}\n")
    on_device = [r[0] for r in results if r[2][0]]
    print(f"suite: {len(results) - len(failing)} of {len(results)} pass on the GPU; "
          f"{len(on_device)} programs made device calls")
    for name, verdict, _, pocl_verdict in failing:
        print(f"FAIL {name}:\n{verdict}", end="")
        if pocl_verdict is not None:
            print("  on PoCL: " + ("passes" if not pocl_verdict else "fails too"))


def same_output(expected, actual, tol=1e-9):
    if expected == actual:
        return True
    left, right = expected.split(), actual.split()
    if len(left) != len(right):
        return False
    for a, b in zip(left, right):
        if a == b:
            continue
        if not any(c in a for c in ".eE") or not any(c in b for c in ".eE"):
            return False
        try:
            x, y = float(a), float(b)
        except ValueError:
            return False
        if abs(x - y) > tol * max(abs(x), abs(y)):
            return False
    return True


def gpu_times(stderr):
    """(kernel ms, call ms, transfer ms, launches) from a SOMD_TRACE=json run on the device."""
    kernel = call = transfer = 0.0
    launches = 0
    for line in stderr.splitlines():
        if not line.startswith("{"):
            continue
        ev = json.loads(line)
        if ev.get("event") == "call":
            kernel += ((ev.get("kernel_ns") or 0) + (ev.get("reduce_ns") or 0)) / 1e6
            call += (ev.get("wall_ns") or 0) / 1e6
            transfer += (ev.get("transfer_ns") or 0) / 1e6
            launches += ev.get("launches") or 0
    return kernel, call, transfer, launches


def cpu_times(stderr):
    total = None
    for line in stderr.splitlines():
        if line.startswith("{"):
            ev = json.loads(line)
            if "time_ms" in ev:
                total = (total or 0.0) + ev["time_ms"]
    return total


def stats(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def cell(s):
    return "n/a" if s is None else f"{s['median']:.1f} [{s['min']:.1f}–{s['max']:.1f}]"


def ratio(a, b):
    if a is None or b is None or b["median"] <= 0:
        return "n/a"
    return f"{a['median'] / b['median']:.2f}"


def perf(stage, out, benches, reps, threads):
    gpu = {"SOMD_DEVICE": "opencl", "SOMD_CACHE_DIR": "/tmp/somd-cl-cache"}
    cpu = {"SOMD_DEVICE": "cpu", "SOMD_THREADS": str(threads)}
    rows = []
    for spec in benches:
        name, *args = spec.split()
        binary = os.path.join(stage, "bin", f"sample_{name}")
        variants = {
            "gpu": gpu, "gpu_traced": dict(gpu, SOMD_TRACE="json"),
            "cpu_traced": dict(cpu, SOMD_TRACE="json"),
        }
        samples = {k: [] for k in variants}
        outputs = {}
        ok = True
        for key, env in variants.items():  # checked warm-up run
            r = run(binary, args, env, timeout=60)
            if r[2] != 0:
                print(f"perf {spec} {key}: exit {r[2]} timed_out={r[3]}\n{r[1][-2000:]}")
                ok = False
                break
            outputs[key] = r[0]
        if not ok:
            rows.append({"bench": spec, "error": "a run failed (above)"})
            continue
        matches = same_output(outputs["cpu_traced"], outputs["gpu"])
        for _ in range(reps):
            for key, env in variants.items():
                r = run(binary, args, env, timeout=60)
                if key == "gpu_traced":
                    samples[key].append((r[4],) + gpu_times(r[1]))
                elif key == "cpu_traced":
                    samples[key].append((r[4], cpu_times(r[1])))
                else:
                    samples[key].append((r[4],))
        gt = samples["gpu_traced"]
        row = {
            "bench": spec, "gpu_output_matches_cpu": matches,
            "gpu_launches_per_run": gt[0][4] if gt else 0,
            "gpu_wall": stats([s[0] for s in samples["gpu"]]),
            "gpu_kernel": stats([s[1] for s in gt]),
            "gpu_calls": stats([s[2] for s in gt]),
            "gpu_transfer": stats([s[3] for s in gt]),
            "gpu_traced_wall": stats([s[0] for s in gt]),
            "cpu_wall": stats([s[0] for s in samples["cpu_traced"]]),
            "cpu_calls": stats([s[1] for s in samples["cpu_traced"]]),
        }
        if not matches:
            row["gpu_output"] = outputs["gpu"][-1500:]
            row["cpu_output"] = outputs["cpu_traced"][-1500:]
        rows.append(row)
        print(f"perf {spec}: gpu kernel {cell(row['gpu_kernel'])} calls {cell(row['gpu_calls'])} "
              f"wall {cell(row['gpu_wall'])} | cpu{threads} calls {cell(row['cpu_calls'])} "
              f"wall {cell(row['cpu_wall'])} | launches {row['gpu_launches_per_run']} "
              f"match {matches}", flush=True)
    with open(os.path.join(out, "perf.json"), "w") as f:
        json.dump({"reps": reps, "threads": threads, "rows": rows}, f, indent=1)
    lines = [
        f"| benchmark args | launches | GPU kernel ms | GPU calls ms (incl. transfers) | "
        f"GPU transfers ms | GPU process ms | CPU-{threads} calls ms | CPU-{threads} process ms | "
        f"CPU calls / GPU kernel | CPU calls / GPU calls | CPU process / GPU process | "
        f"GPU output = CPU |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        if "error" in r:
            lines.append(f"| {r['bench']} | error: {r['error']} |")
            continue
        lines.append(
            f"| {r['bench']} | {r['gpu_launches_per_run']} | {cell(r['gpu_kernel'])} | "
            f"{cell(r['gpu_calls'])} | {cell(r['gpu_transfer'])} | {cell(r['gpu_wall'])} | "
            f"{cell(r['cpu_calls'])} | {cell(r['cpu_wall'])} | "
            f"{ratio(r['cpu_calls'], r['gpu_kernel'])} | {ratio(r['cpu_calls'], r['gpu_calls'])} | "
            f"{ratio(r['cpu_wall'], r['gpu_wall'])} | {'yes' if r['gpu_output_matches_cpu'] else 'NO'} |")
    table = "\n".join(lines) + "\n"
    with open(os.path.join(out, "perf.md"), "w") as f:
        f.write(table)
    print(table)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stage", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--pocl", default="", help="SOMD_DEVICE=opencl:TEXT selecting PoCL")
    ap.add_argument("--skip-suite", action="store_true")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 16)
    ap.add_argument("--bench", action="append", default=[],
                    help="'NAME ARGS...' of samples/NAME.somd (repeatable)")
    o = ap.parse_args()
    os.makedirs(o.out, exist_ok=True)
    if not o.skip_suite:
        suite(o.stage, o.out, o.pocl)
    sys.stdout.flush()
    if o.bench:
        perf(o.stage, o.out, o.bench, o.reps, o.threads)


if __name__ == "__main__":
    main()
