#!/usr/bin/env bash
# Session 36 on the GPU, first call: `(float) Math.sqrt(f)` as the float square root
# (`SOMD_SQRTF`, where the program is built with correctly rounded float roots). The
# generated CP, All-Pairs and Black-Scholes programs of the thirty-fifth session's final
# compiler (`old`, s35old.tar.xz: a double root rounded to float) against this call's
# (`new`), alternating which runs first, three rounds each at the harness's sizes (kernel
# time of the launches and the output's last line), with two trial forms of the block tiles'
# inner loop for All-Pairs (`split`: a loop of a constant 32 iterations for full blocks;
# `unroll`: `#pragma unroll 8`; built by a compiler with that change only, not committed);
# the harness (bench-stage.tar.xz) for
# the three at those sizes; and the static profile of the All-Pairs and CP kernels
# (kernel-profile.sh: registers and SASS of the generated and hand-tuned programs).
# Writes under OUT: oldnew.txt, harness-*.md/json, profile/ (kernels.md, ptx-sass.tar.xz).
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
B=/tmp/bench-stage
O=/tmp/s35-old
T=/tmp/s36-traces
mkdir -p "$B" "$O" "$T" && tar xJf .gpu-carry/bench-stage.tar.xz -C "$B" && chmod +x "$B"/*
tar xJf .gpu-carry/s36x.tar.xz -C "$O" && chmod +x "$O"/*
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/oldnew.txt"
# The new e2e program (stage.tar.xz), three times.
S=/tmp/gpu-stage
mkdir -p "$S" && tar xJf .gpu-carry/stage.tar.xz -C "$S" && chmod +x "$S"/bin/*
for k in 1 2 3; do
    SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=1 "$S/bin/e2e_device_float_sqrt" > "$T/fs.$k.out" 2> "$T/fs.$k.err"
    echo "device_float_sqrt: exit $? output $(cmp -s "$T/fs.$k.out" "$S/expected/e2e_device_float_sqrt.out" && echo same || echo DIFFERENT) launches $(grep -c 'trace: launch' "$T/fs.$k.err")"
done >> "$OUT/oldnew.txt"
# The variants' programs are profiled too (bench/gpu/ptx_profile.py reads this cache).
export SOMD_CACHE_DIR=/tmp/s36-cache
mkdir -p "$SOMD_CACHE_DIR"
kernel_of() {
    python3 -c '
import json, sys
kernel = 0
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "launch":
        kernel += j.get("kernel_ns", 0)
print("kernel %.3f ms" % (kernel / 1e6), end=" ")' "$1"
}
{
    for spec in "cp:2000 512" "allpairs:1000 1000 1000" "allpairs:4096 4096 64" "blackscholes:8000000"; do
        b=${spec%%:*}
        size=${spec#*:}
        for r in 1 2 3; do
            order="new old"
            [ $b = allpairs ] && order="new old split unroll"
            [ $r = 2 ] && order=$(echo $order | tr ' ' '\n' | tac | tr '\n' ' ')
            for v in $order; do
                bin="$B/gen-$b"
                [ $v = old ] && bin="$O/sample_$b"
                [ $v = split ] || [ $v = unroll ] && bin="$O/x-$v-$b"
                SOMD_DEVICE=opencl SOMD_TRACE=json "$bin" $size > "$T/$b-$v-$r.out" 2> "$T/$b-$v-$r.trace"
                echo "$b $size round $r $v: exit $? $(kernel_of "$T/$b-$v-$r.trace")| $(tail -1 "$T/$b-$v-$r.out")"
            done
        done
    done
} >> "$OUT/oldnew.txt" 2>&1
cat "$OUT/oldnew.txt"
for b in cp allpairs blackscholes; do
    timeout 150 "$B/somd-bench" --prebuilt "$B" --filter "$b" \
        --device seq,cpu,opencl --threads "$(nproc)" --reps 5 --warmups 1 \
        --json "$OUT/harness-$b.json" > "$OUT/harness-$b.md" 2> /dev/null
    echo "harness $b: exit $?"
    cat "$OUT/harness-$b.md"
done
python3 bench/gpu/ptx_profile.py "$SOMD_CACHE_DIR" "$OUT/variants" > "$OUT/variants.log" 2>&1
tail -30 "$OUT/variants.log"
unset SOMD_CACHE_DIR
OUT=$OUT/profile HARNESS_LIMIT=120 bash bench/gpu/kernel-profile.sh --filter allpairs --filter cp > "$OUT/profile.log" 2>&1
tail -30 "$OUT/profile.log"
# The device tool brings back a few files: everything in one archive besides the summary.
tar cJf /tmp/s36-all.tar.xz -C "$OUT" . && rm -rf "${OUT:?}"/* && mv /tmp/s36-all.tar.xz "$OUT/all.tar.xz"
