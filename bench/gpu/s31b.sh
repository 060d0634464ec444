#!/usr/bin/env bash
# Session 31 on the GPU, second call (at the session's last code commit): the staged e2e
# suite (suite-only.sh; stage as run.sh's header says) and exc_store_order five times
# (the store's row fails before its value: Java's exception at the row); then Series,
# whose two stores of an integral into rows 0 and 1 became ordered stores, through
# somd-bench (GPU, with the hand-written OpenCL baseline), the stage's gen-series against
# gen-series built by the compiler before the session (cecd14c, .gpu-carry/s31b.tar.xz),
# three interleaved rounds. Writes under OUT: suite.log, programs.txt, series-*.md/log.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s31b-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
chmod +x "$S"/bin/* "$S"/prebuilt/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s31b-traces
mkdir -p "$T"
for k in 1 2 3 4 5; do
    SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_exc_store_order" > "$T/eso.$k.out" 2> "$T/eso.$k.err"
    echo "exc_store_order: exit $? $(tail -2 "$T/eso.$k.err" | tr '\n' ' ')"
done | sort | uniq -c | tee "$OUT/programs.txt"
P="$S/prebuilt"
Q=/tmp/s31b-old
rm -rf "$Q" && cp -r "$P" "$Q" && tar xJf .gpu-carry/s31b.tar.xz -C "$Q" && chmod +x "$Q"/*
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$OUT/programs.txt"
for r in 1 2 3; do
    for v in new old; do
        D=$P; [ $v = old ] && D=$Q
        timeout 200 "$D/somd-bench" --prebuilt "$D" --device opencl --threads "$(nproc)" \
            --reps 3 --warmups 1 --filter series > "$OUT/series-$v-$r.md" 2> "$OUT/series-$v-$r.log"
        echo "round $r $v: exit $?"; grep -E "gen opencl|hand|gen cpu" "$OUT/series-$v-$r.md"
    done
done 2>&1 | tee -a "$OUT/programs.txt"
