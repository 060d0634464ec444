#!/usr/bin/env bash
# Session 124, a device call: for each stage named in ORDS (default `s124ord`) that is
# carried as .gpu-carry/NAME.tar.xz (`s124ord`: the three programs of places inside a row
# and the two other programs whose generated Rust they changed; `SOMD_E2E_STAGE` with
# `SOMD_E2E_FILTER`), each program under SOMD_DEVICE=cpu with 16, 5 and 3 threads and under
# SOMD_DEVICE=opencl SOMD_STRICT=1, compared with its Java twin
# (bench/gpu/stage_placements.py); where .gpu-carry/s124rb.tar.xz is carried,
# the cost of the places inside a row: bench/gpu/s124rows.somd built before (`rows-before`,
# 49e148d2) and after (`rows-after`) them, SOMD_DEVICE=cpu on 16 and 4 threads (400 and 100
# calls of `run`), seven rounds with the builds in turn, the process's wall time in ms;
# then the differential-fuzz archives named in FZS (bench/gpu/s120a.sh).
# Usage: [ORDS="s124ord"] FZS="s124fz" bash bench/gpu/s124a.sh
set -u
mkdir -p "$OUT"
start=$(date +%s)
{ nproc; nvidia-smi -L; } > "$OUT/env.txt" 2>&1
for ord in ${ORDS:-s124ord}; do
    [ -f .gpu-carry/$ord.tar.xz ] || continue
    S=/tmp/$ord
    rm -rf $S && mkdir -p $S && tar xJf .gpu-carry/$ord.tar.xz -C $S && chmod +x $S/bin/*
    python3 bench/gpu/stage_placements.py "$S" > "$OUT/$ord.txt" 2>&1
    echo "$ord: $(tail -1 "$OUT/$ord.txt")"; grep FAIL "$OUT/$ord.txt"
    echo "$ord done at $(( $(date +%s) - start )) s"
done
if [ -f .gpu-carry/s124rb.tar.xz ]; then
    D=/tmp/s124rb
    rm -rf $D && mkdir -p $D "$OUT/rb" && tar xJf .gpu-carry/s124rb.tar.xz -C $D && chmod +x $D/*
    for threads in 16 4; do
        for round in 1 2 3 4 5 6 7; do
            for v in before after; do
                t0=$(date +%s%N)
                SOMD_DEVICE=cpu SOMD_THREADS=$threads $D/rows-$v $(( threads > 4 ? 400 : 100 )) \
                    > "$OUT/rb/$v-$threads-$round.out"
                t1=$(date +%s%N)
                echo "$threads $round $v $(( (t1 - t0) / 1000000 ))" >> "$OUT/rb/summary.txt"
            done
        done
    done
    cmp "$OUT/rb/before-16-1.out" "$OUT/rb/after-16-1.out" && echo "rb outputs equal (16 threads)"
    cmp "$OUT/rb/before-4-1.out" "$OUT/rb/after-4-1.out" && echo "rb outputs equal (4 threads)"
    python3 - "$OUT/rb/summary.txt" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    t, r, v, ms = line.split()
    rows.setdefault((int(t), v), []).append(int(ms))
for (t, v), ms in sorted(rows.items()):
    print(f"rows {v:6} {t:2} threads: {statistics.median(ms)} [{min(ms)}-{max(ms)}] ms")
PY
    echo "rb done at $(( $(date +%s) - start )) s"
fi
if [ -n "${FZS:-}" ]; then
    OUT="$OUT/fz" bash bench/gpu/s120a.sh
fi
tar czf /tmp/s124a-out.tgz -C "$OUT" . && rm -rf "${OUT:?}"/* && mv /tmp/s124a-out.tgz "$OUT/"
echo "all took $(( $(date +%s) - start )) s"
