#!/usr/bin/env bash
# Session 122, a device call: where .gpu-carry/s122b.tar.xz is carried, the process wall
# time of SparseMatMult 100000 200 (`sparsematmult-*`, the sample: `RowPartitioner` keeps
# rows whole) and of bench/gpu/programs/s122split.somd (`s122split-*`: the default block
# partition splits rows, so neighbouring MIs' key spans meet) on the host's cores
# (SOMD_DEVICE=cpu, 16 and 8 threads), seven rounds with the builds in turn: `old`
# (02543314: a table per MI), `first` (8a0fadf4: MIs with disjoint spans share one table;
# where any MI has its own, every shared MI's span is copied out into a whole table) and
# `new` (47e72c1a: the own tables are folded into the shared one); then the e2e parts
# named in E2E (bench/gpu/s120a.sh) and the fuzz archives named in FZS.
# Usage: E2E="s122e2e-part0.tar.xz" FZS="s122fz" bash bench/gpu/s122b.sh
set -u
mkdir -p "$OUT"
start=$(date +%s)
{ nproc; nvidia-smi -L; } > "$OUT/env.txt" 2>&1
if [ -f .gpu-carry/s122b.tar.xz ]; then
    D=/tmp/s122b
    rm -rf $D && mkdir -p $D "$OUT/split" && tar xJf .gpu-carry/s122b.tar.xz -C $D && chmod +x $D/*
    for threads in 16 8; do
        for round in 1 2 3 4 5 6 7; do
            for prog in sparsematmult s122split; do
                for v in old first new; do
                    t0=$(date +%s%N)
                    SOMD_DEVICE=cpu SOMD_THREADS=$threads $D/$prog-$v 100000 200 \
                        > "$OUT/split/$prog-$v-$threads-$round.out"
                    t1=$(date +%s%N)
                    echo "$threads $round $prog $v $(( (t1 - t0) / 1000000 ))" >> "$OUT/split/times.txt"
                done
            done
        done
    done
    for prog in sparsematmult s122split; do
        for v in first new; do
            cmp "$OUT/split/$prog-old-16-1.out" "$OUT/split/$prog-$v-16-1.out" \
                && echo "$prog $v: output equal to old's (16 threads)"
        done
    done
    python3 - "$OUT/split/times.txt" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    t, r, prog, v, ms = line.split()
    rows.setdefault((int(t), prog, v), []).append(int(ms))
for (t, prog, v), ms in sorted(rows.items()):
    print(f"{prog:14} {v:5} {t:2} threads: {statistics.median(ms)} [{min(ms)}-{max(ms)}] ms")
PY
    echo "split done at $(( $(date +%s) - start )) s"
fi
if [ -n "${E2E:-}${FZS:-}" ]; then
    OUT="$OUT/suite" bash bench/gpu/s120a.sh
fi
tar czf /tmp/s122b-out.tgz -C "$OUT" . && rm -rf "${OUT:?}"/* && mv /tmp/s122b-out.tgz "$OUT/"
echo "all took $(( $(date +%s) - start )) s"
