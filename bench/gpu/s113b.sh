#!/usr/bin/env bash
# Session 113, one device call (carry .gpu-carry/s113val.tar.xz: old/ and new/, the harness
# staged at 5b003ca5 for K-Means, N-Body, N-Body double and MRI-Q with `--device seq,cpu`;
# old/ with the generated programs of the compiler at 8678965c, before value arrays of
# value objects got an unchecked copy in counted loops): the four benchmarks' gen cpu N
# against rayon N (N = 2, 16), the two builds in turn, three rounds.
set -u
mkdir -p "$OUT/val"
start=$(date +%s)
{ nproc; nvidia-smi -L; } > "$OUT/env.txt" 2>&1
D=/tmp/s113val
mkdir -p $D && tar xJf .gpu-carry/s113val.tar.xz -C $D && chmod +x $D/*/*
for round in 1 2 3; do
    for v in old new; do
        for b in kmeans nbody mriq; do
            (cd $D/$v && timeout 100 ./somd-bench --prebuilt . --device cpu --threads 2,16 \
                --reps 3 --filter $b --json "$OUT/val/$v-$b-$round.json") \
                > "$OUT/val/$v-$b-$round.txt" 2>&1
            echo "round $round $v $b: exit $? at $(( $(date +%s) - start )) s"
            grep "gen cpu 16 / rayon 16" "$OUT/val/$v-$b-$round.txt"
        done
    done
done
# The device tool brings back a few files only: one archive of the rest.
tar czf /tmp/s113-out.tgz -C "$OUT" . && rm -rf "${OUT:?}"/* && mv /tmp/s113-out.tgz "$OUT/"
echo "all took $(( $(date +%s) - start )) s"
