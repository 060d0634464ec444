#!/usr/bin/env bash
# Session 116, the device calls (carry the archives named): first each differential-fuzz
# archive of FZS (`.gpu-carry/NAME.tar.xz`, staged by `STAGE=DIR tests/difffuzz/run.sh`:
# s116mx, `--mixed`; s116mp, `--maps`; s115fz, session 115's `--narrow` programs) on
# `opencl` and `cpu` (bench/gpu/difffuzz.sh), then bench/gpu/s115a.sh with the rest of the
# environment (K-Means before/after unless SKIP_KM, the e2e parts of E2E), which packs
# $OUT into one archive.
set -u
mkdir -p "$OUT"
start=$(date +%s)
for name in ${FZS:-}; do
    [ -f ".gpu-carry/$name.tar.xz" ] || { echo "$name: not carried"; continue; }
    ARCHIVE=$name.tar.xz PLACEMENTS="opencl cpu" OUT="$OUT/fz-$name" bash bench/gpu/difffuzz.sh \
        > /dev/null 2>&1
    echo "$name: $(tail -1 "$OUT/fz-$name/difffuzz.txt") at $(( $(date +%s) - start )) s"
    grep differs "$OUT/fz-$name/difffuzz.txt"
done
SKIP_FZ=1 bash bench/gpu/s115a.sh
