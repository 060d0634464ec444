#!/usr/bin/env bash
# Session 114, one device call (carry .gpu-carry/s114val.tar.xz: before/ and after/, the
# harness staged for K-Means, N-Body, N-Body double and MRI-Q with `--device seq,cpu`;
# before/ = the generated programs of the session's start (031b1396: s113's `new`),
# after/ = those of 7ef86cc2, value arrays that know they hold no `null` and loops reading
# their value objects untested): first each program's own per-method times
# (SOMD_TRACE=json `cpu_call`s, `s111_methods.py`) at 2 and 16 threads, five rounds, the
# builds in turn; then the harness's gen cpu N against rayon N, two rounds.
set -u
mkdir -p "$OUT/val"
start=$(date +%s)
{ nproc; nvidia-smi -L; lscpu | grep -E "Model name|^CPU\(s\)|MHz"; } > "$OUT/env.txt" 2>&1
D=/tmp/s114val
here=$(pwd)
mkdir -p $D && tar xJf .gpu-carry/s114val.tar.xz -C $D && chmod +x $D/*/*
for round in 1 2 3 4 5; do
    for v in before after; do
        for t in 2 16; do
            for spec in "kmeans 8000000 8 1" "nbody 4096 10" "mriq 16384 2048"; do
                set -- $spec
                b=$1
                shift
                line=$(cd $D/$v && SOMD_DEVICE=cpu SOMD_THREADS=$t SOMD_TRACE=json \
                    timeout 60 ./gen-$b "$@" 2>&1 >/dev/null | python3 "$here/bench/gpu/s111_methods.py")
                echo "$round $v $t $b $line" >> "$OUT/val/methods.txt"
            done
        done
    done
    echo "methods round $round at $(( $(date +%s) - start )) s"
done
for round in 1 2; do
    for v in before after; do
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
tar czf /tmp/s114-out.tgz -C "$OUT" . && rm -rf "${OUT:?}"/* && mv /tmp/s114-out.tgz "$OUT/"
echo "all took $(( $(date +%s) - start )) s"
