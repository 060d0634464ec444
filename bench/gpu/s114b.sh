#!/usr/bin/env bash
# Session 114, one device call (carry .gpu-carry/s114g.tar.xz: `dl-new`/`dl-old`,
# tests/run/device_long_int_sums.somd built with the OpenCL writer's `convert_long`
# widening and with the cast it replaced, with `dl.expected` from its Java twin; old/ and
# new/ the harness's Crypt, K-Means, Monte Carlo and Mosaic, whose kernels the change
# touched, in the same two forms): first the program under SOMD_DEVICE=opencl
# SOMD_STRICT=1 against Java's output, then the harness's gen opencl against hand opencl,
# the two builds in turn, two rounds.
set -u
mkdir -p "$OUT/g"
start=$(date +%s)
. bench/gpu/icd.sh
{ nproc; nvidia-smi -L; } > "$OUT/env.txt" 2>&1
D=/tmp/s114g
mkdir -p $D && tar xJf .gpu-carry/s114g.tar.xz -C $D && chmod +x $D/dl-* $D/*/*
for v in new old; do
    SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json $D/dl-$v > "$OUT/g/dl-$v.out" 2> "$OUT/g/dl-$v.trace"
    if cmp -s "$OUT/g/dl-$v.out" $D/dl.expected; then echo "dl-$v: Java's output"; else
        echo "dl-$v: differs from Java"; diff $D/dl.expected "$OUT/g/dl-$v.out"; fi
    grep -o '"placement":"[a-z]*"' "$OUT/g/dl-$v.trace" | sort | uniq -c
done
for round in 1 2; do
    for v in old new; do
        (cd $D/$v && timeout 150 ./somd-bench --prebuilt . --device opencl --reps 3 \
            --filter crypt --filter kmeans --filter montecarlo --filter mosaic \
            --json "$OUT/g/$v-$round.json") > "$OUT/g/$v-$round.txt" 2>&1
        echo "round $round $v: exit $? at $(( $(date +%s) - start )) s"
        grep "gen opencl / hand opencl" "$OUT/g/$v-$round.txt"
    done
done
tar czf /tmp/s114b-out.tgz -C "$OUT" . && rm -rf "${OUT:?}"/* && mv /tmp/s114b-out.tgz "$OUT/"
echo "all took $(( $(date +%s) - start )) s"
