#!/usr/bin/env bash
# Session 122, a device call: the e2e parts named in E2E (bench/gpu/s120a.sh), then, where
# .gpu-carry/s122smm.tar.xz is carried, SparseMatMult 100000 200 on the host's cores: the
# harness's `gen cpu N` against `rayon N` (N = 2, 8, 16; `somd-bench --prebuilt . --device
# cpu --reps 3`), five rounds with the stages in turn: `old/` (the generated program of
# 02543314: every MI fills a table of its own, combined span by span), `new/` (the MIs
# whose key spans are disjoint share one table, `rt::somd::SegmentTable`, for eight MIs or
# more) and `new2/` (the same from two MIs on), each with the harness and baselines built
# from the working tree.
# Usage: E2E=s122seg-part0.tar.xz bash bench/gpu/s122a.sh
set -u
mkdir -p "$OUT"
start=$(date +%s)
{ nproc; nvidia-smi -L; } > "$OUT/env.txt" 2>&1
if [ -n "${E2E:-}" ]; then
    OUT="$OUT/e2e" bash bench/gpu/s120a.sh
fi
if [ -f .gpu-carry/s122smm.tar.xz ]; then
    D=/tmp/s122smm
    rm -rf $D && mkdir -p $D "$OUT/smm" && tar xJf .gpu-carry/s122smm.tar.xz -C $D && chmod +x $D/*/*
    for round in 1 2 3 4 5; do
        for v in old new new2; do
            [ -d $D/$v ] || continue
            (cd $D/$v && timeout 100 ./somd-bench --prebuilt . --device cpu --threads 2,8,16 \
                --reps 3 --filter sparsematmult --json "$OUT/smm/$v-$round.json") \
                > "$OUT/smm/$v-$round.txt" 2>&1
            echo "round $round $v: exit $?"; grep -E "gen cpu (2|8|16) / rayon" "$OUT/smm/$v-$round.txt"
        done
    done
    echo "smm done at $(( $(date +%s) - start )) s"
fi
# The device tool brings back a few files only: one archive of the rest.
tar czf /tmp/s122-out.tgz -C "$OUT" . && rm -rf "${OUT:?}"/* && mv /tmp/s122-out.tgz "$OUT/"
echo "all took $(( $(date +%s) - start )) s"
