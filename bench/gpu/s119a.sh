#!/usr/bin/env bash
# Session 119, the first device call: bench/gpu/s119abs.py (more consumers of an absolute
# value) and s119wide.py (the back end's wrapping `int` widened in a loop, five widening
# forms) on NVIDIA's platform, the differential-fuzz programs of .gpu-carry/$FZ on `opencl`
# and `cpu` (bench/gpu/difffuzz.sh), then session 118's staged call, bench/gpu/s118d.sh
# (`s118lsum.py` and the e2e parts named in E2E; it packs $OUT into one archive).
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
OCL_ICD_VENDORS=/tmp/icd-nv python3 bench/gpu/s119abs.py > "$OUT/abs-nvidia.txt" 2>&1
cat "$OUT/abs-nvidia.txt"
OCL_ICD_VENDORS=/tmp/icd-nv python3 bench/gpu/s119wide.py > "$OUT/wide-nvidia.txt" 2>&1
cat "$OUT/wide-nvidia.txt"
if [ -n "${FZ:-}" ]; then
    mkdir -p "$OUT/fz"
    ARCHIVE=$FZ PLACEMENTS="opencl cpu" OUT="$OUT/fz" bash bench/gpu/difffuzz.sh > /dev/null 2>&1
    grep -c ": ok" "$OUT/fz/difffuzz.txt"; grep differs "$OUT/fz/difffuzz.txt"
fi
bash bench/gpu/s118d.sh
