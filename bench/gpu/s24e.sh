#!/usr/bin/env bash
# Session 24, final: the staged e2e suite at b1251e4 (suite-only.sh; the runtime's
# downloads changed), the exception programs of this session five times each, and
# bench/gpu/programs/narrow_down.somd built at 1fbe8df (nd-old), 71a0682 (nd-new: storage
# zeroed on the pool) and b1251e4 (nd-new2: staging chunks copied out on the pool),
# binaries in .gpu-carry/s24e.tar.xz, on the GPU in three interleaved rounds, and on every
# CPU core. Writes under OUT: suite.log, exceptions.txt, s24e.txt.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
OUT=/tmp/s24e-suite bash bench/gpu/suite-only.sh > "$OUT/suite.log" 2>&1
grep -E "^suite:" "$OUT/suite.log"
S=/tmp/gpu-stage
B=/tmp/s24e-bin
mkdir -p "$B" && tar xJf .gpu-carry/s24e.tar.xz -C "$B" || exit 1
for p in exc_host_loop exc_host_test exc_descending_cells exc_descending_steps exc_descending_sync_steps; do
    for k in 1 2 3 4 5; do
        SOMD_DEVICE=opencl SOMD_STRICT=1 "$S/bin/e2e_$p" > /tmp/exc.out 2> /tmp/exc.err
        echo "$p: exit $? $(tail -2 /tmp/exc.err | tr '\n' ' ')"
    done
done | sort | uniq -c | tee "$OUT/exceptions.txt"
{
    for r in 1 2 3; do
        for v in old new new2; do
            echo "round $r gpu-$v: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/nd-$v" 25 15 | tr '\n' ' ')"
        done
        echo "round $r cpu$(nproc): $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$B/nd-new2" 25 15 | tr '\n' ' ')"
    done
} 2>&1 | tee "$OUT/s24e.txt"
