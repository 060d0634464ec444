#!/usr/bin/env bash
# Session 120, a device call: the e2e parts named in E2E (bench/gpu/s115a.sh, nothing else
# of it), then the differential-fuzz archives named in FZS (carry each
# .gpu-carry/NAME.tar.xz) on `opencl` and `cpu` (bench/gpu/difffuzz.sh), each into
# $OUT/NAME/.
# Usage: FZS="s119fz2 s120fz" [E2E=NAME-part0.tar.xz] bash bench/gpu/s120a.sh
set -u
mkdir -p "$OUT"
start=$(date +%s)
nvidia-smi -L > "$OUT/gpu.txt" 2>&1
if [ -n "${E2E:-}" ]; then
    SKIP_KM=1 SKIP_FZ=1 E2E="$E2E" OUT="$OUT/e2e" bash bench/gpu/s115a.sh
    echo "e2e done at $(( $(date +%s) - start )) s"
fi
for fz in ${FZS:-}; do
    [ -f ".gpu-carry/$fz.tar.xz" ] || { echo "$fz: not carried"; continue; }
    mkdir -p "$OUT/$fz"
    ARCHIVE=$fz.tar.xz PLACEMENTS="opencl cpu" OUT="$OUT/$fz" bash bench/gpu/difffuzz.sh \
        > /dev/null 2>&1
    echo "$fz: $(tail -1 "$OUT/$fz/difffuzz.txt")"
    grep differs "$OUT/$fz/difffuzz.txt"
    echo "$fz done at $(( $(date +%s) - start )) s"
done
