#!/usr/bin/env bash
# Session 23, after 2836462 (elementwise loops stepping down run upwards, widened): the
# programs of loops stepping down (binaries and expected outputs in .gpu-carry/s23b.tar.xz)
# on the GPU, each exception program five times, and narrow_down.somd on the GPU and every
# CPU core in three interleaved rounds. Writes OUT/s23b.txt and OUT/traces-b.tar.gz.
set -u
OUT=${OUT:-gpu-results}
B=/tmp/s23b
T=/tmp/s23b-traces
mkdir -p "$OUT" "$B" "$T" && tar xJf .gpu-carry/s23b.tar.xz -C "$B" || exit 1
{
    SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$B/device_descending" > "$T/dd.out" 2> "$T/dd.trace"
    echo "device_descending: status $? output $(cmp -s "$T/dd.out" "$B/expected/device_descending.out" && echo same || echo DIFFERENT)"
    python3 bench/gpu/call_medians.py "$T/dd.trace" | sed "s/^/  /"
    for p in exc_descending exc_descending_widened exc_descending_sync exc_descending_nested exc_descending_rows; do
        for k in 1 2 3 4 5; do
            a=""; [ $p = exc_descending_nested ] && a=1; [ $p = exc_descending_sync ] && a=0
            echo "$p: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/$p" $a 2>&1 | tail -2 | tr '\n' ' ')"
        done
    done | sort | uniq -c
    for r in 1 2 3; do
        echo "round $r gpu: $(SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$B/narrow_down" 25 15 2> "$T/gpu-$r.trace" | tr '\n' ' ')"
        python3 bench/gpu/call_medians.py "$T/gpu-$r.trace" | sed "s/^/  /"
        echo "round $r cpu$(nproc): $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$B/narrow_down" 25 15 | tr '\n' ' ')"
    done
} 2>&1 | tee "$OUT/s23b.txt"
tar czf "$OUT/traces-b.tar.gz" -C "$T" .
