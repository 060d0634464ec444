#!/usr/bin/env bash
# One device call: the end-to-end suite on the GPU (suite-only.sh), then the CPU back end's
# speed-up goals (Series at JavaGrande's class B and N-Body, seq against all cores and
# against two cores with taskset). The generated-against-hand tables, including gen cpu
# against rayon on all cores, come from baselines.sh in a second call.
# Stage both archives here first (.gpu-carry/stage.tar.xz as run.sh's header says,
# .gpu-carry/bench-stage.tar.xz as baselines.sh's header says).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT/suite"
OUT=$OUT/suite SCRIPT_LIMIT=${SUITE_LIMIT:-240} bash bench/gpu/suite-only.sh > "$OUT/suite-stdout.txt" 2>&1
tail -2 "$OUT/suite-stdout.txt"
cp "$OUT"/suite/suite.txt "$OUT"/suite.txt 2>/dev/null
STAGE=/tmp/bench-stage
mkdir -p "$STAGE" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$STAGE" || exit 1
chmod +x "$STAGE"/*
timeout 120 "$STAGE/somd-bench" --prebuilt "$STAGE" --device seq,cpu --threads 1,16 --reps 3 \
  --warmups 1 --filter series --filter nbody --args 'series=100000' \
  --json "$OUT/scaling16.json" > "$OUT/scaling16.md" 2> "$OUT/scaling16.log"
echo "scaling 16 exit $?"
timeout 120 taskset -c 0,1 "$STAGE/somd-bench" --prebuilt "$STAGE" --device seq,cpu \
  --threads 1,2 --reps 3 --warmups 1 --filter series --filter nbody \
  --json "$OUT/scaling2.json" > "$OUT/scaling2.md" 2> "$OUT/scaling2.log"
echo "scaling 2 (taskset 0,1) exit $?"
grep -E "speed-up" "$OUT/scaling16.md" "$OUT/scaling2.md"
