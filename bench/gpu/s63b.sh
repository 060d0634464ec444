#!/usr/bin/env bash
# Session 63, second device call: (1) `+ ! (Main @ step(ps, ..))` over distinct particles
# on the 16-thread CPU back end, built before the session's change of such reductions
# (c5200311: the fused form in Java's order) and after it (rt::somd::map_reduce_distinct),
# five interleaved rounds of an expensive and a cheap target; (2) the e2e suite and the
# samples under SOMD_DEVICE=opencl SOMD_STRICT=1 (run.sh's suite, staged at f6af6e5e into
# .gpu-carry/stage.tar.xz; map_distinct_objects, a CPU-only program, failed to stage).
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
C=.gpu-carry/s63b
chmod +x $C/distinct_reduce_old $C/distinct_reduce_new
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "threads $(nproc)"
    for round in 1 2 3 4 5; do
        for v in old new; do
            echo "round $round distinct_reduce 200000 50 9 cpu $v: $(SOMD_DEVICE=cpu \
                timeout 120 $C/distinct_reduce_$v 200000 50 9 | tr '\n' ' ')"
            echo "round $round distinct_reduce 2000000 0 9 cpu $v: $(SOMD_DEVICE=cpu \
                timeout 120 $C/distinct_reduce_$v 2000000 0 9 | tr '\n' ' ')"
        done
    done
} > "$FINAL/rounds.txt" 2>&1
cat "$FINAL/rounds.txt"
export OUT=/tmp/s63-results
STAGE=/tmp/gpu-stage
mkdir -p "$OUT" "$STAGE" && tar xJf .gpu-carry/stage.tar.xz -C "$STAGE" || exit 1
export STAGE
SCRIPT_LIMIT=${SCRIPT_LIMIT:-400} bench/gpu/run.sh --reps 3 --bench "montecarlo 8192 10000"
# Only a few files come back from a device call: the summaries, and the rest packed.
cp "$OUT/suite.txt" "$OUT/perf.md" "$OUT/env.txt" "$FINAL/" 2>/dev/null
tar cJf "$FINAL/all.tar.xz" -C "$OUT" .
tail -5 "$OUT/suite.txt"
