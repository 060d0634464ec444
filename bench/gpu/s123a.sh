#!/usr/bin/env bash
# Session 123, a device call: for each stage named in ORDS (default `s123ord`) that is
# carried as .gpu-carry/NAME.tar.xz (`s123ord`: the programs whose generated Rust the
# helpers' levels changed; `s123ord2`: the two programs of helper loops bounded by a local;
# `s123ord3`: the two programs of calls in a row loop's body;
# `SOMD_E2E_STAGE` with `SOMD_E2E_FILTER`, kernel-less programs kept), each program under
# SOMD_DEVICE=cpu with 16, 5 and 3 threads and under SOMD_DEVICE=opencl SOMD_STRICT=1,
# compared with its Java twin as tests/tests/run.rs compares (bench/gpu/gpu_run.py's
# `compare`); where .gpu-carry/s123hb.tar.xz is carried, the cost of the marks of a helper a
# helper calls: bench/gpu/s123hbench.somd built before (`hbench-before`, 1f89bb7b) and
# after (`hbench-after`) them, SOMD_DEVICE=cpu on 16 and 1 threads (100 and 10 calls of
# `run`), five rounds with the builds in turn, the process's wall time in ms; then the
# differential-fuzz archives named in FZS (bench/gpu/s120a.sh).
# Usage: [ORDS="s123ord s123ord2"] FZS="s123fz" bash bench/gpu/s123a.sh
set -u
mkdir -p "$OUT"
start=$(date +%s)
{ nproc; nvidia-smi -L; } > "$OUT/env.txt" 2>&1
for ord in ${ORDS:-s123ord}; do
    [ -f .gpu-carry/$ord.tar.xz ] || continue
    S=/tmp/$ord
    rm -rf $S && mkdir -p $S && tar xJf .gpu-carry/$ord.tar.xz -C $S && chmod +x $S/bin/*
    python3 bench/gpu/stage_placements.py "$S" > "$OUT/$ord.txt" 2>&1
    echo "$ord: $(tail -1 "$OUT/$ord.txt")"; grep FAIL "$OUT/$ord.txt"
    echo "$ord done at $(( $(date +%s) - start )) s"
done
if [ -f .gpu-carry/s123hb.tar.xz ]; then
    D=/tmp/s123hb
    rm -rf $D && mkdir -p $D "$OUT/hb" && tar xJf .gpu-carry/s123hb.tar.xz -C $D && chmod +x $D/*
    for threads in 16 1; do
        for round in 1 2 3 4 5; do
            for v in before after; do
                t0=$(date +%s%N)
                SOMD_DEVICE=cpu SOMD_THREADS=$threads $D/hbench-$v $(( threads > 1 ? 100 : 10 )) \
                    > "$OUT/hb/$v-$threads-$round.out"
                t1=$(date +%s%N)
                echo "$threads $round $v $(( (t1 - t0) / 1000000 ))" >> "$OUT/hb/summary.txt"
            done
        done
    done
    cmp "$OUT/hb/before-16-1.out" "$OUT/hb/after-16-1.out" && echo "hb outputs equal (16 threads)"
    cmp "$OUT/hb/before-1-1.out" "$OUT/hb/after-1-1.out" && echo "hb outputs equal (1 thread)"
    python3 - "$OUT/hb/summary.txt" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    t, r, v, ms = line.split()
    rows.setdefault((int(t), v), []).append(int(ms))
for (t, v), ms in sorted(rows.items()):
    print(f"hbench {v:6} {t:2} threads: {statistics.median(ms)} [{min(ms)}-{max(ms)}] ms")
PY
    echo "hb done at $(( $(date +%s) - start )) s"
fi
if [ -n "${FZS:-}" ]; then
    OUT="$OUT/fz" bash bench/gpu/s120a.sh
fi
tar czf /tmp/s123a-out.tgz -C "$OUT" . && rm -rf "${OUT:?}"/* && mv /tmp/s123a-out.tgz "$OUT/"
echo "all took $(( $(date +%s) - start )) s"
