#!/usr/bin/env bash
# Session 25 on the GPU, second call: the staged e2e suite of the session's last code
# (suite-only.sh; stage as its header says), device_search under SOMD_TRACE=json, the
# exception programs of searches and lazy checks five times each, and two benchmarks
# (binaries in .gpu-carry/s25b.tar.xz):
#   - bench/gpu/programs/search.somd: search-new built with the session's last compiler
#     (the search runs on the device), search-old with the compiler of 0f8ab87 (CPU only),
#     on the GPU, on every core, and the old one under the default placement;
#   - bench/gpu/programs/temporaries.somd: temporaries-lazy (host checks every 64
#     launches before a test that cannot fail) against temporaries-eager (s25.sh's
#     temporaries-new, a check before every test), both on the GPU.
# Three interleaved rounds each. Writes under OUT: suite.log, programs.txt, search.txt,
# lazy.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
if [ -z "${SKIP_SUITE:-}" ]; then
    OUT=/tmp/s25b-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
    grep -E "^suite:" "$OUT/suite.log"
fi
S=/tmp/gpu-stage
[ -d "$S/bin" ] || { mkdir -p "$S" && tar xJf .gpu-carry/stage.tar.xz -C "$S"; } || exit 1
chmod +x "$S"/bin/* 2>/dev/null
. bench/gpu/icd.sh
T=/tmp/s25b-traces
B=/tmp/s25b-bin
mkdir -p "$T" "$B" && tar xJf .gpu-carry/s25b.tar.xz -C "$B" || exit 1
{
    p=device_search
    SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$S/bin/e2e_$p" > "$T/$p.out" 2> "$T/$p.trace"
    echo "$p: status $? output $(cmp -s "$T/$p.out" "$S/expected/e2e_$p.out" && echo same || echo DIFFERENT)"
    python3 bench/gpu/call_medians.py "$T/$p.trace" | sed "s/^/  /"
    for p in exc_search exc_host_endless exc_host_loop exc_host_test; do
        for k in 1 2 3 4 5; do
            SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > "$T/$p.$k.out" 2> "$T/$p.$k.err"
            echo "$p: exit $? $(tail -2 "$T/$p.$k.err" | tr '\n' ' ')"
        done
    done | sort | uniq -c
} > "$OUT/programs.txt" 2>&1
cat "$OUT/programs.txt"
search=${SEARCH:-"67108864 16 5"}  # a local check: SEARCH="1048576 8 3"
smooth=${SMOOTH:-"64 8 2048 200 3"}
{
    for r in 1 2 3; do
        echo "round $r gpu-new: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/search-new" $search | tr '\n' ' ')"
        echo "round $r gpu-new traced: $(SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$B/search-new" $search 2> "$T/search-$r.trace" | tr '\n' ' ')"
        python3 bench/gpu/call_medians.py "$T/search-$r.trace" | sed "s/^/  /"
        echo "round $r cpu$(nproc)-new: $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$B/search-new" $search | tr '\n' ' ')"
        echo "round $r cpu$(nproc)-old: $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$B/search-old" $search | tr '\n' ' ')"
        echo "round $r default-old: $("$B/search-old" $search | tr '\n' ' ')"
    done
} 2>&1 | tee "$OUT/search.txt"
{
    for r in 1 2 3; do
        for v in lazy eager; do
            echo "round $r gpu-$v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/temporaries-$v" $smooth | tr '\n' ' ')"
        done
    done
} 2>&1 | tee "$OUT/lazy.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
