#!/usr/bin/env bash
# Session 26 on the GPU, second call: bench/gpu/programs/host_bounds.somd and
# early_fresh.somd (binaries in .gpu-carry/s26.tar.xz: NAME-new built with this session's
# compiler, NAME-old with the compiler of c0ccfa3, under which every method of both ran on
# the CPU only) in three interleaved rounds: the new build on the GPU and on every CPU
# core, the old one under the default placement; one traced GPU run each for the kernels.
# Writes under OUT: host_bounds.txt, early_fresh.txt, traces.tar.gz.
set -u
OUT=${OUT:-gpu-results}
mkdir -p "$OUT"
. bench/gpu/icd.sh
T=/tmp/s26b-traces
B=/tmp/s26b-bin
mkdir -p "$T" "$B" && tar xJf .gpu-carry/s26.tar.xz -C "$B" || exit 1
chmod +x "$B"/*
run() {  # NAME ARGS...
    local name=$1
    shift
    for r in 1 2 3; do
        echo "round $r gpu-new: $(SOMD_DEVICE=opencl SOMD_STRICT=1 "$B/$name-new" "$@" | tr '\n' ' ')"
        echo "round $r cpu$(nproc)-new: $(SOMD_DEVICE=cpu SOMD_THREADS=$(nproc) "$B/$name-new" "$@" | tr '\n' ' ')"
        echo "round $r default-old: $("$B/$name-old" "$@" | tr '\n' ' ')"
    done
    echo "gpu-new traced: $(SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json "$B/$name-new" "$@" 2> "$T/$name.trace" | tr '\n' ' ')"
    python3 bench/gpu/call_medians.py "$T/$name.trace" | sed "s/^/  /"
}
run host_bounds ${HB_SIZE:-4096 4096 3} 2>&1 | tee "$OUT/host_bounds.txt"
run early_fresh ${EF_SIZE:-2048 20000 3 0.001 200} 2>&1 | tee "$OUT/early_fresh.txt"
tar czf "$OUT/traces.tar.gz" -C "$T" .
