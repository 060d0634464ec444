#!/usr/bin/env bash
# Session 48 on the GPU, first call: where a mid-size download's time goes. Runs
# bench/gpu/programs/mid_transfers.somd and the SparseMatMult sample (binaries "b" of
# s47c-bench: the runtime of e72073f) as they are, with glibc's malloc keeping freed
# memory (GLIBC_TUNABLES: no fresh mmap pages for arrays below 64 MiB, no trimming), and
# with staging off (SOMD_PINNED=0: the driver's pageable path), printing each process's
# minor page faults. Three interleaved rounds.
# Carries .gpu-carry: s47c-bench.tar.xz. Writes under OUT: mid.txt, sparse.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
B=/tmp/s48-bench
mkdir -p "$B" && tar xJf .gpu-carry/s47c-bench.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
KEEP=glibc.malloc.mmap_threshold=67108864:glibc.malloc.trim_threshold=1073741824
# Runs command $2.. under variant $1, printing the child's minor faults after its output.
variant() {
    local v=$1
    shift
    local env=(SOMD_DEVICE=opencl SOMD_STRICT=1)
    case $v in
        keep) env+=(GLIBC_TUNABLES=$KEEP) ;;
        direct) env+=(SOMD_PINNED=0) ;;
    esac
    [ -n "${TRACE:-}" ] && env+=(SOMD_TRACE=json)
    env "${env[@]}" python3 -c '
import resource, subprocess, sys
r = subprocess.run(sys.argv[1:], timeout=120)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"minor faults {u.ru_minflt}, exit {r.returncode}")' "$@"
}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for round in 1 2 3; do
        for v in plain keep direct; do
            echo "round $round $v:"
            variant "$v" "$B/mid_transfers-b" 25 2>&1
        done
    done
} > "$OUT/mid.txt" 2>&1
cat "$OUT/mid.txt"
{
    for round in 1 2 3; do
        for v in plain keep direct; do
            echo "round $round $v:"
            TRACE=1 variant "$v" "$B/sparsematmult-b" 100000 200 > /tmp/s48.out 2> /tmp/s48.trace
            tail -2 /tmp/s48.out
            python3 bench/gpu/call_totals.py /tmp/s48.trace
        done
    done
} > "$OUT/sparse.txt" 2>&1
cat "$OUT/sparse.txt"
