#!/usr/bin/env bash
# Session 25 on the GPU: the staged e2e suite (suite-only.sh; stage as its header says),
# this session's device programs under SOMD_TRACE=json (output against the expected file,
# per-method call medians), its exception programs five times each, and
# bench/gpu/programs/temporaries.somd (binaries in .gpu-carry/s25.tar.xz: temporaries-new
# built with this session's compiler, temporaries-old with the compiler of 0f8ab87, under
# which both methods ran on the CPU only) in three interleaved rounds: the new build on
# the GPU and on every CPU core, the old one under the default placement.
# Writes under OUT: suite.log, programs.txt, temporaries.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s25-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
    grep -E "^suite:" "$OUT/suite.log"
fi
S=/tmp/gpu-stage
[ -d "$S/bin" ] || { mkdir -p "$S" && tar xJf .gpu-carry/stage.tar.xz -C "$S"; } || exit 1
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s25-traces
B=/tmp/s25-bin
mkdir -p "$T" "$B" && tar xJf .gpu-carry/s25.tar.xz -C "$B" || exit 1
{
    for p in device_param_assign device_temporaries device_sizes; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
        echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
        python3 bench/gpu/call_medians.py "$T/$p.trace" | sed "s/^/  /"
    done
    for p in exc_param_assign exc_temporaries exc_size_div; do
        for k in 1 2 3 4 5; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
size=${SIZE:-"4194304 64 2048 200 3"}  # a local check: SIZE="65536 8 256 10 3"
{
    for r in 1 2 3; do
        echo "round $r gpu-new: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/temporaries-new" $size | tr '\n' ' ')"
        echo "round $r gpu-new traced: $(SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$B/temporaries-new" $size 2> "$T/temporaries-$r.trace" | tr '\n' ' ')"
        python3 bench/gpu/call_medians.py "$T/temporaries-$r.trace" | sed "s/^/  /"
        echo "round $r cpu$(nproc)-new: $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$B/temporaries-new" $size | tr '\n' ' ')"
        echo "round $r default-old: $("$B/temporaries-old" $size | tr '\n' ' ')"
    done
} 2>&1 | tee "$OUT/temporaries.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
