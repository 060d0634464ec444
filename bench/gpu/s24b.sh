#!/usr/bin/env bash
# Session 24, after fd9e179 (a sync reduce reads the error words and the partials in one
# wait): bench/gpu/programs/converge.somd built at eb168f5 (converge-new: two waits per
# sweep) and at fd9e179 (converge-one), binaries in .gpu-carry/s24b.tar.xz, on the GPU in
# three interleaved rounds at two sizes. Writes OUT/s24b.txt and OUT/traces-b.tar.gz.
set -u
OUT=${OUT:-gpu-results}
B=/tmp/s24b-bin
T=/tmp/s24b-traces
mkdir -p "$OUT" "$B" "$T" && tar xJf .gpu-carry/s24b.tar.xz -C "$B" || exit 1
{
    for size in "512 2000 3" "2048 500 3"; do
        for r in 1 2 3; do
            for v in new one; do
                tag="$(echo $size | tr ' ' _)-$v-$r"
                echo "$size round $r gpu-$v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$B/converge-$v" $size 2> "$T/$tag.trace" | tr '\n' ' ')"
                python3 bench/gpu/call_medians.py "$T/$tag.trace" | sed "s/^/  /"
            done
        done
    done
} 2>&1 | tee "$OUT/s24b.txt"
tar czf "$OUT/traces-b.tar.gz" -C "$T" .
