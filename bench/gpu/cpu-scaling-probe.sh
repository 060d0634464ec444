#!/usr/bin/env bash
# One device call: the CPU topology, then the speed-up of N-Body (float and double) on two cores
# (two pairs of logical CPUs: the first two, and two on different physical cores) and on all
# cores, with more repetitions than suite-and-scaling.sh. Needs .gpu-carry/bench-stage.tar.xz
# (or STAGE_TAR). FILTERS (somd-bench --filter options) widens it, e.g. to Series;
# ONE_PAIR=1 skips the second pair of CPUs.
set -u
OUT=${OUT:-gpu-results}
REPS=${REPS:-5}
mkdir -p "$OUT"
lscpu > "$OUT/lscpu.txt" 2>&1
lscpu -e=CPU,CORE,SOCKET,NODE,MAXMHZ > "$OUT/lscpu-e.txt" 2>&1
STAGE=/tmp/bench-stage
mkdir -p "$STAGE" && tar xJf "${STAGE_TAR:-.gpu-carry/bench-stage.tar.xz}" -C "$STAGE" || exit 1
chmod +x "$STAGE"/*
# Two logical CPUs of different physical cores: CPU 0 and the first CPU whose core differs.
other=$(lscpu -p=CPU,CORE | grep -v '^#' | awk -F, 'NR==1{c=$2} $2!=c{print $1; exit}')
sib=$(lscpu -p=CPU,CORE | grep -v '^#' | awk -F, 'NR==1{c=$2; next} $2==c{print $1; exit}')
echo "cpu 0's sibling: ${sib:-none}; a cpu of another core: $other" | tee "$OUT/pairs.txt"
bench() { # name taskset-list threads...
  local name=$1 cpus=$2 threads=$3
  timeout "${LIMIT:-150}" taskset -c "$cpus" "$STAGE/somd-bench" --prebuilt "$STAGE" \
    --device seq,cpu --threads "$threads" --reps "$REPS" --warmups 1 \
    ${FILTERS:---filter nbody} --json "$OUT/$name.json" > "$OUT/$name.md" 2> "$OUT/$name.log"
  echo "$name exit $?"
  grep -E "speed-up|/ rayon" "$OUT/$name.md"
}
bench two-01 0,1 1,2
[ -n "${ONE_PAIR:-}" ] || bench two-0-$other 0,$other 1,2
bench all "0-$(( $(nproc) - 1 ))" 1,$(nproc)
