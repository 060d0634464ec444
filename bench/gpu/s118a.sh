#!/usr/bin/env bash
# Session 118, the first device call: bench/gpu/s118rem.py (candidate forms of the `int`
# remainder on absolute-value dividends, checked and timed) on NVIDIA's platform and on
# PoCL; the NVIDIA program binary (PTX) lands in $OUT. Superseded by s118b.sh, which
# also runs the suite programs and fuzz program staged with each candidate.
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
OCL_ICD_VENDORS=/tmp/icd-nv python3 bench/gpu/s118rem.py > "$OUT/rem-nvidia.txt" 2>&1
python3 bench/gpu/s118rem.py Portable > "$OUT/rem-pocl.txt" 2>&1
cat "$OUT/rem-nvidia.txt" "$OUT/rem-pocl.txt"
