#!/usr/bin/env bash
# One device call: the end-to-end suite on the GPU (suite-only.sh), then the CPU back end
# against rayon on all cores for every benchmark, then the speed-up goals (Series
# at JavaGrande's class B and N-Body, on all cores and on two cores with taskset).
# Stage both archives here first (.gpu-carry/stage.tar.xz as run.sh's header says,
# .gpu-carry/bench-stage.tar.xz as baselines.sh's header says).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT/suite"
OUT=$OUT/suite SCRIPT_LIMIT=150 bash bench/gpu/suite-only.sh > "$OUT/suite-stdout.txt" 2>&1
tail -2 "$OUT/suite-stdout.txt"
STAGE=/tmp/bench-stage
mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
chmod +x "$STAGE"/*
timeout "${CPU_LIMIT:-230}" "$STAGE/somd-bench" --prebuilt "$STAGE" --device seq,cpu \
  --threads "$(nproc)" --reps 3 --warmups 1 --json "$OUT/cpu16.json" \
  > "$OUT/cpu16.md" 2> "$OUT/cpu16.log"
echo "cpu $(nproc) exit $?"
timeout 100 "$STAGE/somd-bench" --prebuilt "$STAGE" --device seq,cpu --threads 1,16 --reps 3 \
  --warmups 1 --filter series --filter nbody --args 'series=100000' \
  --json "$OUT/scaling16.json" > "$OUT/scaling16.md" 2> "$OUT/scaling16.log"
echo "scaling 16 exit $?"
timeout 100 taskset -c 0,1 "$STAGE/somd-bench" --prebuilt "$STAGE" --device seq,cpu \
  --threads 1,2 --reps 3 --warmups 1 --filter series --filter nbody \
  --json "$OUT/scaling2.json" > "$OUT/scaling2.md" 2> "$OUT/scaling2.log"
echo "scaling 2 (taskset 0,1) exit $?"
grep -E "gen cpu 16 / rayon 16|speed-up" "$OUT/cpu16.md"
grep -E "speed-up" "$OUT/scaling16.md" "$OUT/scaling2.md"
