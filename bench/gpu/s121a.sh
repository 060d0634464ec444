#!/usr/bin/env bash
# Session 121, a device call: the e2e parts named in E2E and the differential-fuzz archives
# named in FZS (bench/gpu/s120a.sh), then, where .gpu-carry/s121hb.tar.xz is carried, the
# cost of the marks of a helper an MI calls: bench/gpu/s121hbench.somd built before
# (`hbench-before`, c9a05641) and after (`hbench-after`) them, SOMD_DEVICE=cpu on 16 and 1
# threads (200 and 20 calls of `run`), five rounds with the builds in turn, the process's
# wall time in ms.
# Usage: FZS="s121fzh" E2E=s121help-part0.tar.xz bash bench/gpu/s121a.sh
set -u
mkdir -p "$OUT"
if [ -n "${E2E:-}${FZS:-}" ]; then
    bash bench/gpu/s120a.sh
fi
if [ -f .gpu-carry/s121hb.tar.xz ]; then
    D=/tmp/s121hb
    rm -rf $D && mkdir -p $D "$OUT/hb" && tar xJf .gpu-carry/s121hb.tar.xz -C $D && chmod +x $D/*
    for threads in 16 1; do
        for round in 1 2 3 4 5; do
            for v in before after; do
                t0=$(date +%s%N)
                SOMD_DEVICE=cpu SOMD_THREADS=$threads $D/hbench-$v $(( threads > 1 ? 200 : 20 )) \
                    > "$OUT/hb/$v-$threads-$round.out"
                t1=$(date +%s%N)
                echo "$threads $round $v $(( (t1 - t0) / 1000000 ))" | tee -a "$OUT/hb/summary.txt"
            done
        done
    done
    cmp "$OUT/hb/before-16-1.out" "$OUT/hb/after-16-1.out" && echo "hb outputs equal (16 threads)"
    cmp "$OUT/hb/before-1-1.out" "$OUT/hb/after-1-1.out" && echo "hb outputs equal (1 thread)"
fi
