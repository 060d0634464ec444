#!/usr/bin/env bash
# Session 37 on the GPU, fifth call: the block tiles' copies bounded by the group's rows that
# exist (`somd_nr`, an `int` computed before the loop over blocks) and skipped for columns
# past the block, where each copied element tested its row (a 64-bit sum kept across the loop)
# and column and stored 0 past them: fewer registers live across the loop over blocks.
#  1. the block-tile programs of the suite and the All-Pairs sample built with the change,
#     against their expected output and status (exception programs: the first line of
#     standard error too);
#  2. All-Pairs' kernel: `base` (the committed form before the change, call 3's x-base) and
#     `nr` (the change) and the hand kernel (somd-clbaseline, kernel_ns) alternating, three
#     rounds per size;
#  3. the static profile (registers, SASS) of both kernels and the hand one.
# Carries .gpu-carry: g7.tar.xz (bin/, expected/, programs.tsv, base/x-base-allpairs),
# somd-clbaseline. Writes under OUT: forms.txt, variants.txt, profile.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
G=/tmp/g7
mkdir -p "$G" && tar xJf .gpu-carry/g7.tar.xz -C "$G" || exit 1
chmod +x "$G"/bin/* "$G"/base/* .gpu-carry/somd-clbaseline
. bench/gpu/icd.sh
export SOMD_CACHE_DIR=/tmp/s37d-cache
mkdir -p "$SOMD_CACHE_DIR"
T=/tmp/s37d-runs
mkdir -p "$T"
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in $(cut -f1 "$G/programs.tsv"); do
        row=$(awk -F'\t' -v p="$p" '$1 == p' "$G/programs.tsv")
        status=$(echo "$row" | cut -f2)
        args=$(echo "$row" | cut -f4)
        # shellcheck disable=SC2086
        SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 60 "$G/bin/$p" $args > "$T/$p.out" 2> "$T/$p.err"
        got=$?
        same=same
        cmp -s "$T/$p.out" "$G/expected/$p.out" || same=DIFFERENT
        [ "$(head -1 "$T/$p.err")" = "$(head -1 "$G/expected/$p.err")" ] || same="$same, stderr DIFFERENT"
        echo "$p: exit $got (expected $status), output $same"
    done
} > "$OUT/forms.txt" 2>&1
cat "$OUT/forms.txt"
kernel_of() {
    python3 -c '
import json, sys
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "launch":
        print("kernel %.3f ms local_x %s" % (j.get("kernel_ns", 0) / 1e6, j.get("local_x")), end=" ")' "$1"
}
{
    for size in "1000 1000 1000" "4096 4096 64"; do
        for r in 1 2 3; do
            order="base nr hand"
            [ $r = 2 ] && order="hand nr base"
            for v in $order; do
                case $v in
                    hand)
                        # shellcheck disable=SC2086
                        SOMD_DEVICE=opencl .gpu-carry/somd-clbaseline allpairs $size > "$T/$v.out" 2> "$T/$v.err"
                        echo "allpairs $size round $r $v: exit $? $(grep -o 'kernel_ns=[0-9]*' "$T/$v.err") | $(tail -1 "$T/$v.out")"
                        continue ;;
                    base) bin="$G/base/x-base-allpairs" ;;
                    nr) bin="$G/bin/sample_allpairs" ;;
                esac
                # shellcheck disable=SC2086
                SOMD_DEVICE=opencl SOMD_TRACE=json "$bin" $size > "$T/$v.out" 2> "$T/$v.trace"
                echo "allpairs $size round $r $v: exit $? $(kernel_of "$T/$v.trace")| $(tail -1 "$T/$v.out")"
            done
        done
    done
} > "$OUT/variants.txt" 2>&1
cat "$OUT/variants.txt"
python3 bench/gpu/ptx_profile.py "$SOMD_CACHE_DIR" /tmp/s37d-profile > "$OUT/profile.txt" 2>&1
grep -E "AllPairs|distances" "$OUT/profile.txt"
