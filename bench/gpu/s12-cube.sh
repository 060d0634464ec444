#!/usr/bin/env bash
# Mapped 3-D `@` arguments and resident 3-D value arrays (twelfth session; note
# `device-execution`, "3-D arrays"). bench/gpu/s12/cube.somd maps `Cube.energy` over the
# 16 x 16 planes of a mutable `double` volume (uploaded whole at each call) and gathers
# from a frozen `int[[]][[]][[]]` volume with `Cube.gather` (uploaded by the first call,
# resident in the later ones). Before this change both `@`s ran on the CPU, so the old
# path is the same binary under SOMD_DEVICE=cpu, the new one under SOMD_DEVICE=opencl.
# Stage the program here (somdc and cargo are not needed on the GPU machine):
#   target/debug/somdc build -o /tmp/s12cube bench/gpu/s12/cube.somd
#   (cd /tmp/s12cube && cargo build --release)
#   mkdir -p /tmp/bench-stage && cp /tmp/s12cube/target/release/cube /tmp/bench-stage/gen-s12cube
#   strip /tmp/bench-stage/gen-s12cube; mkdir -p .gpu-carry
#   tar cJf .gpu-carry/s12-cube-stage.tar.xz -C /tmp/bench-stage gen-s12cube
# There, from the repository root, with .gpu-carry carried:
#   OUT=results bench/gpu/s12-cube.sh
# It runs, for each size (PLANES gathers CALLS), REPS (5) runs per placement, interleaved:
#   1. the program's own timings of each part ("ms planes P values V"), medians per
#      placement, cpu (old) against opencl (new) ($OUT/s12-cube.txt);
#   2. one SOMD_TRACE=json run on the device, summed per kernel: calls, kernel and transfer
#      time, bytes up, and how many calls found the value volume resident ($OUT/s12-cube.txt).
# SIZES overrides the sizes ("PLANES,GATHERS,CALLS ..."); about 100 s in all on an H100.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
REPS=${REPS:-5}
SIZES=${SIZES:-"40000,2000000,10 80000,4000000,10"}
mkdir -p "$STAGE"
if [[ -f .gpu-carry/s12-cube-stage.tar.xz ]]; then
  tar xJf .gpu-carry/s12-cube-stage.tar.xz -C "$STAGE" || exit 1
fi
BIN="$STAGE/gen-s12cube"
[[ -x "$BIN" ]] || { echo "s12-cube: $BIN missing (see the header)"; exit 1; }
[[ -f bench/gpu/icd.sh ]] && . bench/gpu/icd.sh
median() { sort -n | awk '{a[NR]=$1} END {if (NR) print a[int((NR+1)/2)]; else print "-"}'; }
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1
  nproc
  for size in $SIZES; do
    IFS=, read -r planes gathers calls <<< "$size"
    echo "== planes $planes gathers $gathers calls $calls (REPS $REPS; ms, the program's clock)"
    declare -A P=() V=() SUM=()
    for rep in $(seq "$REPS"); do
      for dev in cpu opencl; do
        out=$(SOMD_DEVICE=$dev timeout 60 "$BIN" "$planes" "$gathers" "$calls" 2>&1)
        sum=$(echo "$out" | grep '^energy')
        [[ -n "${SUM[$dev]:-}" && "${SUM[$dev]}" != "$sum" ]] && echo "MISMATCH $dev: $sum"
        SUM[$dev]=$sum
        line=$(echo "$out" | grep '^ms planes')
        P[$dev]="${P[$dev]:-} $(echo "$line" | awk '{print $3}')"
        V[$dev]="${V[$dev]:-} $(echo "$line" | awk '{print $5}')"
      done
    done
    [[ "${SUM[cpu]}" == "${SUM[opencl]}" ]] || echo "MISMATCH cpu/opencl: ${SUM[cpu]} | ${SUM[opencl]}"
    for dev in cpu opencl; do
      printf '%-7s planes median %s ms (%s) values median %s ms (%s)\n' "$dev" \
        "$(echo ${P[$dev]} | tr ' ' '\n' | median)" "${P[$dev]# }" \
        "$(echo ${V[$dev]} | tr ' ' '\n' | median)" "${V[$dev]# }"
    done
    echo "-- one SOMD_TRACE=json run on the device"
    SOMD_DEVICE=opencl SOMD_TRACE=json timeout 60 "$BIN" "$planes" "$gathers" "$calls" \
      2> "$OUT/trace-$planes.json" > /dev/null
    python3 - "$OUT/trace-$planes.json" <<'PY'
import json, sys
ev = []
for line in open(sys.argv[1], errors="replace"):
    if line.startswith("{"):
        try:
            ev.append(json.loads(line))
        except ValueError:
            pass
calls = [e for e in ev if e.get("event") == "call"]
for name in sorted({c["name"] for c in calls}):
    cs = [c for c in calls if c["name"] == name]
    print("%s: %d calls, kernel %.2f ms, transfer %.2f ms, call wall %.2f ms, up %d bytes"
          % (name, len(cs), sum(c["kernel_ns"] for c in cs) / 1e6,
             sum(c["transfer_ns"] for c in cs) / 1e6, sum(c["wall_ns"] for c in cs) / 1e6,
             sum(c["bytes_h2d"] for c in cs)))
print("resident events: %d" % sum(1 for e in ev if e.get("event") == "resident"))
PY
  done
} 2>&1 | tee "$OUT/s12-cube.txt"
