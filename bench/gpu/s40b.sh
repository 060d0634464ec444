#!/usr/bin/env bash
# Session 40, second call: the mended device_range_index (stage2.tar.xz, staged with
# SOMD_E2E_FILTER=device_range_index) against its expected output, on the GPU; then where
# range_reduce's calls spend their time, before and after (s40-rr.tar.xz), from one
# traced run each of 6 rounds: per call, in order, its wall, transfer and kernel times and
# its bytes up. Writes under OUT: range_index.txt, calls.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
S=/tmp/gpu-stage2
mkdir -p "$S" && tar xJf .gpu-carry/stage2.tar.xz -C "$S" || exit 1
chmod +x "$S"/bin/*
{
    SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_device_range_index" > /tmp/ri.out 2> /tmp/ri.err
    echo "status $?"
    diff /tmp/ri.out "$S/expected/e2e_device_range_index.out" && echo "output: same"
    head -2 /tmp/ri.err
} > "$OUT/range_index.txt" 2>&1
cat "$OUT/range_index.txt"
RR=/tmp/s40-rr
mkdir -p "$RR" && tar xJf .gpu-carry/s40-rr.tar.xz -C "$RR" || exit 1
chmod +x "$RR"/*
for v in old new; do
    SOMD_DEVICE=opencl SOMD_TRACE=json timeout 60 "$RR/range_reduce-$v" 24 6 \
        > /tmp/rr.out 2> /tmp/rr.trace
    echo "$v: $(tr '\n' ' ' < /tmp/rr.out)"
    python3 - /tmp/rr.trace <<'PY'
import json, sys
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "call":
        print(f"  {e['name']}: wall {e['wall_ns'] / 1e6:.2f} transfer "
              f"{e['transfer_ns'] / 1e6:.2f} kernel {e['kernel_ns'] / 1e6:.2f} up {e['bytes_h2d']}")
    elif e.get("event") == "transfer" and e.get("dir") == "h2d":
        print(f"    h2d {e['buffer']} {e['bytes']} pinned {e.get('pinned')} {e['ns'] / 1e6:.2f} ms")
PY
done > "$OUT/calls.txt" 2>&1
tail -n 60 "$OUT/calls.txt"
