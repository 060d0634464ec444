#!/usr/bin/env bash
# Session 37 on the GPU, one call: the three forms of SOMD_ACTIVE, the read of a work-item's
# `somd_active` before the store after its group's last barrier (block tiles, tiled `@`
# maps; `runtime/cl/somd_java.cl`), chosen per run with SOMD_ACTIVE_READ: `volatile` (the
# thirty-sixth session's, through a pointer to the flag), `copy` (through a volatile copy of
# the flag: the trial's default) and `plain`.
#  1. the staged e2e suite (suite-only.sh) with the default form;
#  2. the suite's and samples' programs whose kernels read SOMD_ACTIVE, under each form,
#     against their expected output and status (exception programs: the first line of
#     standard error too);
#  3. kernel times (the sum of the launches' profiled times, SOMD_TRACE=json) of the samples
#     with such kernels at the harness's full sizes, the forms alternating, three rounds, and
#     the hand-written All-Pairs kernel (somd-clbaseline, its kernel_ns) beside them.
# Carries .gpu-carry: stage.tar.xz (the e2e stage), somd-clbaseline.
# Writes under OUT: suite.log, forms.txt, times.txt.
# It ran on a trial tree (not committed) whose runtime had the switch SOMD_ACTIVE_READ and the
# three forms in somd_java.cl; results-h100-2026-11-25-s37/call1/README.txt says which.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s37-suite SCRIPT_LIMIT=${SUITE_LIMIT:-240} bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* .gpu-carry/somd-clbaseline 2>/dev/null
. bench/gpu/icd.sh
export SOMD_CACHE_DIR=/tmp/s37-cache
mkdir -p "$SOMD_CACHE_DIR"
T=/tmp/s37-runs
mkdir -p "$T"
forms="volatile copy plain"
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for p in e2e_device_blocks e2e_device_blocks_edges e2e_device_blocks_min \
        e2e_device_map_tiled_edges e2e_device_mapfuse e2e_exc_blocks_post e2e_exc_blocks_short \
        e2e_map_tiled sample_allpairs sample_kmeans sample_mriq sample_nbody sample_nbody_double; do
        row=$(awk -F'\t' -v p="$p" '$1 == p' "$S/programs.tsv")
        status=$(echo "$row" | cut -f2)
        args=$(echo "$row" | cut -f4)
        for f in $forms; do
            # shellcheck disable=SC2086
            SOMD_ACTIVE_READ=$f SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 60 "$S/bin/$p" $args \
                > "$T/$p.$f.out" 2> "$T/$p.$f.err"
            got=$?
            same=same
            cmp -s "$T/$p.$f.out" "$S/expected/$p.out" || same=DIFFERENT
            [ "$(head -1 "$T/$p.$f.err")" = "$(head -1 "$S/expected/$p.err")" ] || same="$same, stderr DIFFERENT"
            echo "$p $f: exit $got (expected $status), output $same"
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
            order="$forms hand"
            [ $r = 2 ] && order="hand plain copy volatile"
            for v in $order; do
                if [ $v = hand ]; then
                    [ $b = allpairs ] || continue
                    # shellcheck disable=SC2086
                    SOMD_DEVICE=opencl .gpu-carry/somd-clbaseline allpairs $size > "$T/hand.out" 2> "$T/hand.err"
                    echo "$b $size round $r hand: exit $? $(grep -o 'kernel_ns=[0-9]*' "$T/hand.err") | $(tail -1 "$T/hand.out")"
                    continue
                fi
                # shellcheck disable=SC2086
                SOMD_ACTIVE_READ=$v SOMD_DEVICE=opencl SOMD_TRACE=json timeout 60 "$S/bin/sample_$b" $size \
                    > "$T/t.out" 2> "$T/t.trace"
                echo "$b $size round $r $v: exit $? kernel $(kernel_ms "$T/t.trace") ms | $(tail -1 "$T/t.out")"
            done
        done
    done
} > "$OUT/times.txt" 2>&1
cat "$OUT/times.txt"
