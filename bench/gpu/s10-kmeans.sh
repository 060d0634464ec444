#!/usr/bin/env bash
# K-Means' kernels on the GPU machine (tenth session), new path against old in the same
# binary and against the hand kernels (bench/clbaselines/cl/kmeans.cl):
#   - `clusterSums`: `long` histogram tables kept as separate low and high word arrays (the
#     default) against adjacent (low, high) pairs (`SOMD_HIST_LAYOUT=pairs`, the layout
#     before); `runtime/cl/somd_hist.cl`;
#   - `nearest`: its tiled centres loop without the barrier after the last tile (the
#     default) against with it (`SOMD_TILE_LAST_BARRIER=1`, as before).
# Stage as baselines.sh's header says (`--filter kmeans` is enough; run the built binary):
#   cargo build --release -p somd-bench
#   target/release/somd-bench --quick --check-only --device seq,cpu,opencl \
#     --threads 1 --filter kmeans --stage /tmp/bench-stage
#   strip /tmp/bench-stage/*; mkdir -p .gpu-carry
#   tar cJf .gpu-carry/bench-stage.tar.xz -C /tmp/bench-stage .
# There, from the repository root, with .gpu-carry carried:
#   OUT=results bench/gpu/s10-kmeans.sh
# It runs (about 150 s on the H200 with the defaults; set HARNESS=0 to skip step 1):
#   1. the harness for kmeans on the device, REPS (5) repetitions ($OUT/kmeans.md);
#   2. the kernel time per kernel, generated (default switches) and hand, at SIZE (8M)
#      points and at 32M ($OUT/kernel-times.md);
#   3. gen-kmeans SIZE 8 1 under three switch settings (default, SOMD_HIST_LAYOUT=pairs,
#      SOMD_TILE_LAST_BARRIER=1), interleaved, REPS runs each: the
#      median of each kernel's profiled `launch` time ($OUT/switches.txt; the hand kernels'
#      medians are in kernel-times.md);
#   4. with PROFILE=1, the static profile of the default kernels (kernel-profile.sh:
#      $OUT/profile/kernels.md, registers and SASS by class).
# SIZE, REPS and the limits can be lowered for a trial (e.g. SIZE=200000 REPS=1 on PoCL).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
STAGE=${STAGE:-/tmp/bench-stage}
REPS=${REPS:-5}
SIZE=${SIZE:-8000000}
export STAGE REPS
if [[ ! -x "$STAGE/gen-kmeans" ]]; then
  mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
  chmod +x "$STAGE"/*
fi
. bench/gpu/icd.sh
nvidia-smi --query-gpu=name,driver_version --format=csv > "$OUT/env.txt" 2>&1
cat "$OUT/env.txt"
if [[ "${HARNESS:-1}" == 1 ]]; then
  timeout "${HARNESS_LIMIT:-60}" "$STAGE/somd-bench" --prebuilt "$STAGE" \
    --device opencl --threads "$(nproc)" --reps "$REPS" --warmups 1 --filter kmeans \
    --json "$OUT/kmeans.json" > "$OUT/kmeans.md" 2> "$OUT/kmeans.log"
  echo "somd-bench exit $?"; cat "$OUT/kmeans.md"
fi
timeout "${TIMES_LIMIT:-90}" python3 bench/gpu/kernel_times.py "$STAGE" "kmeans $SIZE 8 1" \
  "kmeans $((SIZE * 4)) 8 1" > "$OUT/kernel-times.md" 2>&1
cat "$OUT/kernel-times.md"

# One traced run of gen-kmeans under switches $1: "clusterSums nearest" kernel ns (the
# nearest launches summed: the first `@` and the one after the step); FAIL for a kernel
# when the run fails or traces no launch of it, so a failed run never reads as 0 ns.
kernels_ns() {
  if ! env $1 SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json \
    timeout 60 "$STAGE/gen-kmeans" "$SIZE" 8 1 2> "$OUT/trace.json" > /dev/null; then
    echo FAIL FAIL
    return
  fi
  python3 - "$OUT/trace.json" <<'PY'
import json, sys
sums, near, nsums, nnear = 0, 0, 0, 0
for line in open(sys.argv[1], errors="replace"):
    if not line.startswith("{"):
        continue
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "launch" and e.get("kernel_ns") is not None:
        if e.get("name") == "KMeans_clusterSums":
            sums += e["kernel_ns"]
            nsums += 1
        elif str(e.get("name", "")).startswith("map_KMeans_nearest"):
            near += e["kernel_ns"]
            nnear += 1
print(sums if nsums else "FAIL", near if nnear else "FAIL")
PY
}
settings=("" "SOMD_HIST_LAYOUT=pairs" "SOMD_TILE_LAST_BARRIER=1")
declare -A sums near
for _ in $(seq "$REPS"); do
  for k in "${!settings[@]}"; do
    read -r s n <<< "$(kernels_ns "${settings[$k]}")"
    sums[$k]="${sums[$k]:-} ${s:-FAIL}"
    near[$k]="${near[$k]:-} ${n:-FAIL}"
  done
done
rm -f "$OUT/trace.json"
# The median of the runs in $1 that did not fail, and how many failed.
median() {
  printf '%s\n' $1 | grep -v FAIL | sort -n | awk '{a[NR]=$1} END {print NR ? a[int((NR+1)/2)] : "n/a"}'
}
failed() { printf '%s\n' $1 | grep -c FAIL; }
{
  echo "gen-kmeans $SIZE 8 1, kernel ns, median of the runs that did not fail, of $REPS (runs; failed)"
  for k in "${!settings[@]}"; do
    echo "${settings[$k]:-default}: KMeans_clusterSums $(median "${sums[$k]}")" \
      "(${sums[$k]# }; $(failed "${sums[$k]}") failed)" \
      "| map_KMeans_nearest (both launches) $(median "${near[$k]}")" \
      "(${near[$k]# }; $(failed "${near[$k]}") failed)"
  done
} | tee "$OUT/switches.txt"
if [[ "${PROFILE:-0}" == 1 ]]; then
  OUT=$OUT/profile HARNESS_LIMIT=${PROFILE_LIMIT:-120} bash bench/gpu/kernel-profile.sh \
    --filter kmeans > /dev/null 2>&1
  grep -E '^\| (origin|gen|hand) ' "$OUT/profile/kernels.md" | grep -E 'origin|nearest|luster'
fi
