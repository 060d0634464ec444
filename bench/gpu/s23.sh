#!/usr/bin/env bash
# Session 23 on the GPU: the staged e2e suite (suite-only.sh; stage as its header says),
# the programs this session added under SOMD_TRACE=json (output against the expected
# file, per-construct call medians), the lanes-ordering exception programs ten times each
# built before (25ac940, .gpu-carry/s23-old.tar.xz) and after this session, LUFact and
# Mosaic (lanes form and nested folds, which now set `sub` per inner step) before and
# after in interleaved rounds, and bench/gpu/programs/narrow_down.somd (binary in
# .gpu-carry/s23-new.tar.xz) on the GPU and on every CPU core in interleaved rounds.
# Writes at most eight files under OUT: suite.log, programs.txt, exceptions.txt,
# samples.txt, bench.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
# SKIP_SUITE=1: the suite ran in an earlier call (the stage is then already unpacked).
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s23-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
    grep -E "^suite:" "$OUT/suite.log"
fi
S=/tmp/gpu-stage
[ -d "$S/bin" ] || { mkdir -p "$S" && tar xJf .gpu-carry/stage.tar.xz -C "$S"; } || exit 1
T=/tmp/s23-traces
mkdir -p "$T"
for p in device_narrow_acc device_descending; do
    b=$S/bin/e2e_$p
    SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$b" > "$T/$p.out" 2> "$T/$p.trace"
    echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
    python3 bench/gpu/call_medians.py "$T/$p.trace" | sed "s/^/  /"
done > "$OUT/programs.txt" 2>&1
grep -E "^[a-z_0-9]+: status" "$OUT/programs.txt"
OLD=/tmp/s23-old
NEW=/tmp/s23-new
mkdir -p "$OLD" "$NEW"
tar xJf .gpu-carry/s23-old.tar.xz -C "$OLD" && tar xJf .gpu-carry/s23-new.tar.xz -C "$NEW" || exit 1
{
    for p in exc_first_of_many_lanes exc_nested_slices_order exc_descending exc_descending_rows; do
        for k in 1 2 3 4 5 6 7 8 9 10; do
            echo "$p new: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" 2>&1 | tail -2 | tr '\n' ' ') status ${PIPESTATUS[0]}"
            if [ -x "$OLD/$p" ]; then
                echo "$p old: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$OLD/$p" 2>&1 | tail -2 | tr '\n' ' ') status ${PIPESTATUS[0]}"
            fi
        done
    done
} 2>&1 | sort | uniq -c | tee "$OUT/exceptions.txt"
{
    for r in 1 2 3; do
        for s in "lufact 2000" "mosaic 1024 4096"; do
            set -- $s
            for v in old new; do
                if [ $v = old ]; then b="$OLD/$1"; else b="$S/bin/sample_$1"; fi
                tag="$1-$v-$r"
                /usr/bin/time -f "%e s" -o "$T/time-$tag" env SOMD_DEVICE=opencl SOMD_STRICT=1 \
                    SOMD_TRACE=json "$b" "${@:2}" > "$T/out-$tag" 2> "$T/$tag.trace"
                echo "round $r $v $s: wall $(cat "$T/time-$tag") output $(md5sum < "$T/out-$tag" | cut -c1-8)"
                python3 bench/gpu/call_medians.py "$T/$tag.trace" | sed "s/^/  /"
            done
        done
    done
} 2>&1 | tee "$OUT/samples.txt"
{
    for r in 1 2 3; do
        tag="narrow_down-$r"
        echo "round $r gpu: $(SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$NEW/narrow_down" 25 15 2> "$T/gpu-$tag.trace" | tr '\n' ' ')"
        python3 bench/gpu/call_medians.py "$T/gpu-$tag.trace" | sed "s/^/  /"
        echo "round $r cpu$(nproc): $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$NEW/narrow_down" 25 15 | tr '\n' ' ')"
    done
} 2>&1 | tee "$OUT/bench.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
