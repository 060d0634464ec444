#!/usr/bin/env python3
"""Where the time of a device run goes (docs/performance.md, "GPU end to end").

Run on the device machine from the repository root with the e2e stage unpacked into $STAGE
(bench/gpu/suite-and-profile.sh does both):
    profile.py STAGE 'NAME ARGS' ...
For each program: one untimed run to fill the binary cache, then REPS rounds of
(opencl untraced, cpu untraced), then one traced opencl run whose `open`, `build` and `call`
events are summed. Prints a Markdown table; medians in ms."""
import json, os, statistics, subprocess, sys, threading, time

REPS = int(os.environ.get("REPS", "5"))
THREADS = os.environ.get("THREADS", str(os.cpu_count()))


def run(binary, args, device, trace=False):
    env = dict(os.environ, SOMD_DEVICE=device, SOMD_THREADS=THREADS, SOMD_STRICT="1")
    if trace:
        env["SOMD_TRACE"] = "json"
    start = time.perf_counter()
    done = subprocess.run([binary, *args], env=env, capture_output=True, text=True)
    wall = (time.perf_counter() - start) * 1e3
    return wall, done


def timeline(binary, args):
    """One traced opencl run; the arrival time (ms since spawn) of each stderr event and of
    the last stdout line, and of the exit."""
    env = dict(os.environ, SOMD_DEVICE="opencl", SOMD_THREADS=THREADS, SOMD_TRACE="json")
    start = time.perf_counter()
    proc = subprocess.Popen([binary, *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, bufsize=1)
    marks = []
    last_out = [0.0]

    def out_reader():
        for _ in proc.stdout:
            last_out[0] = (time.perf_counter() - start) * 1e3

    reader = threading.Thread(target=out_reader)
    reader.start()
    for line in proc.stderr:
        at = (time.perf_counter() - start) * 1e3
        try:
            marks.append((at, json.loads(line).get("event")))
        except ValueError:
            pass
    proc.wait()
    end = (time.perf_counter() - start) * 1e3
    reader.join()
    first = {}
    for at, kind in marks:
        first.setdefault(kind, at)
    last_event = marks[-1][0] if marks else 0.0
    return (f"open {first.get('open', 0):.0f}, first call done {first.get('call', 0):.0f}, "
            f"last event {last_event:.0f}, last stdout {last_out[0]:.0f}, exit {end:.0f} ms")


def main():
    stage, specs = sys.argv[1], sys.argv[2:]
    rows = []
    for spec in specs:
        name, *args = spec.split()
        binary = os.path.join(stage, "bin", name)
        _, first = run(binary, args, "opencl")
        _, reference = run(binary, args, "seq")
        same = first.stdout == reference.stdout
        gpu, cpu = [], []
        for _ in range(REPS):
            gpu.append(run(binary, args, "opencl")[0])
            cpu.append(run(binary, args, "cpu")[0])
        wall, traced = run(binary, args, "opencl", trace=True)
        sums = {"discover": 0, "context": 0, "build": 0, "calls": 0, "kernel": 0,
                "transfer": 0, "h2d_bytes": 0, "d2h_bytes": 0, "launches": 0}
        device = "?"
        for line in traced.stderr.splitlines():
            try:
                event = json.loads(line)
            except ValueError:
                continue
            kind = event.get("event")
            if kind == "open":
                sums["discover"] += event["discover_ns"] / 1e6
                sums["context"] += event["context_ns"] / 1e6
                device = event["device"]
            elif kind == "build":
                sums["build"] += event["ns"] / 1e6
            elif kind == "call":
                sums["calls"] += event["wall_ns"] / 1e6
                sums["kernel"] += (event["kernel_ns"] + event["reduce_ns"]) / 1e6
                sums["transfer"] += event["transfer_ns"] / 1e6
                sums["h2d_bytes"] += event["bytes_h2d"]
                sums["d2h_bytes"] += event["bytes_d2h"]
                sums["launches"] += event["launches"]
        gbs = (sums["h2d_bytes"] + sums["d2h_bytes"]) / 1e6 / sums["transfer"] if sums["transfer"] else 0
        rows.append((spec, same, device, statistics.median(gpu), min(gpu), max(gpu),
                     statistics.median(cpu), sums, gbs, wall))
        if not same:
            print(f"# {spec}: opencl output differs from seq\n{first.stderr[-2000:]}", file=sys.stderr)
    print(f"\nREPS={REPS} THREADS={THREADS}\n")
    print("| program | same as seq | GPU process ms (min–max) | CPU process ms | discover | context | build | calls | kernel | transfers | GB/s | launches |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for spec, same, device, med, lo, hi, cpu, s, gbs, wall in rows:
        print(f"| {spec} | {same} | {med:.1f} ({lo:.1f}–{hi:.1f}) | {cpu:.1f} | {s['discover']:.1f} | "
              f"{s['context']:.1f} | {s['build']:.1f} | {s['calls']:.1f} | {s['kernel']:.2f} | "
              f"{s['transfer']:.1f} | {gbs:.1f} | {s['launches']} |")
    print(f"\ndevice: {rows[0][2] if rows else '?'}\n")
    for spec in specs:
        name, *args = spec.split()
        print(f"- {spec}: {timeline(os.path.join(stage, 'bin', name), args)}")


main()
