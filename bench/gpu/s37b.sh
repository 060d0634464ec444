#!/usr/bin/env bash
# Session 37 on the GPU, second call: the guard barrier (`SOMD_GUARD_BARRIER`,
# `runtime/cl/somd_java.cl`), the barrier the block tiles and tiled `@` maps pass with their
# store guarded by `somd_active`, which the runtime now leaves out on a GPU. One build of each
# program, the barrier chosen per run: `gpu` (the runtime's choice on a GPU: none) and `guard`
# (SOMD_GUARD_BARRIER=1, the thirty-sixth session's kernels).
#  1. the suite's and samples' programs whose kernels have the guard, both ways, against their
#     expected output and status (exception programs: the first line of standard error too);
#  2. kernel times (the sum of the launches' profiled times, SOMD_TRACE=json) of the samples
#     with such kernels at the harness's full sizes, the two ways and the hand-written kernels
#     (somd-clbaseline, its kernel_ns) alternating, three rounds.
# Carries .gpu-carry: g2.tar.xz (bin/, expected/, programs.tsv of those programs, built at
# the session's compiler), somd-clbaseline.
# Writes under OUT: forms.txt, times.txt.
# It ran on a trial tree (not committed) whose kernels wrote the barrier as SOMD_GUARD_BARRIER()
# and whose runtime had the switch SOMD_GUARD_BARRIER; results-h100-2026-11-25-s37/call2/README.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
G=/tmp/g2
mkdir -p "$G" && tar xJf .gpu-carry/g2.tar.xz -C "$G" || exit 1
chmod +x "$G"/bin/* .gpu-carry/somd-clbaseline
. bench/gpu/icd.sh
export SOMD_CACHE_DIR=/tmp/s37b-cache
mkdir -p "$SOMD_CACHE_DIR"
T=/tmp/s37b-runs
mkdir -p "$T"
run_way() {
    if [ "$1" = guard ]; then shift; SOMD_GUARD_BARRIER=1 "$@"; else shift; "$@"; fi
}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in $(cut -f1 "$G/programs.tsv"); do
        row=$(awk -F'\t' -v p="$p" '$1 == p' "$G/programs.tsv")
        status=$(echo "$row" | cut -f2)
        args=$(echo "$row" | cut -f4)
        for w in gpu guard; do
            # shellcheck disable=SC2086
            SOMD_DEVICE=opencl SOMD_STRICT=1 run_way $w timeout 60 "$G/bin/$p" $args \
                > "$T/$p.$w.out" 2> "$T/$p.$w.err"
            got=$?
            same=same
            cmp -s "$T/$p.$w.out" "$G/expected/$p.out" || same=DIFFERENT
            [ "$(head -1 "$T/$p.$w.err")" = "$(head -1 "$G/expected/$p.err")" ] || same="$same, stderr DIFFERENT"
            echo "$p $w: exit $got (expected $status), output $same"
        done
    done
} > "$OUT/forms.txt" 2>&1
cat "$OUT/forms.txt"
kernel_ms() {
    python3 -c '
import json, sys
total = 0
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") in ("launch", "reduce"):
        total += j.get("kernel_ns") or 0
print("%.3f" % (total / 1e6))' "$1"
}
{
    for spec in "allpairs:1000 1000 1000" "allpairs:4096 4096 64" "nbody:4096 10" \
        "nbody_double:4096 10" "mriq:16384 2048" "kmeans:8000000 8 1"; do
        b=${spec%%:*}
        size=${spec#*:}
        for r in 1 2 3; do
            order="gpu guard hand"
            [ $r = 2 ] && order="hand guard gpu"
            for v in $order; do
                if [ $v = hand ]; then
                    # shellcheck disable=SC2086
                    SOMD_DEVICE=opencl .gpu-carry/somd-clbaseline $b $size > "$T/hand.out" 2> "$T/hand.err"
                    echo "$b $size round $r hand: exit $? $(grep -o 'kernel_ns=[0-9]*' "$T/hand.err") | $(tail -1 "$T/hand.out")"
                    continue
                fi
                # shellcheck disable=SC2086
                SOMD_DEVICE=opencl SOMD_TRACE=json run_way $v timeout 60 "$G/bin/sample_$b" $size \
                    > "$T/t.out" 2> "$T/t.trace"
                echo "$b $size round $r $v: exit $? kernel $(kernel_ms "$T/t.trace") ms | $(tail -1 "$T/t.out")"
            done
        done
    done
} > "$OUT/times.txt" 2>&1
cat "$OUT/times.txt"
