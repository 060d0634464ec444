#!/usr/bin/env bash
# Session 118, the device call for the `int` remainder (carry the .gpu-carry/s118c-*
# archives of bench/gpu/s118stage.sh):
# 1. bench/gpu/s118rem.py on NVIDIA's platform and on PoCL: candidate forms of the
#    remainder on absolute-value dividends, checked against Java's and timed; the NVIDIA
#    program binary (PTX) in $OUT;
# 2. for each candidate of CANDS, fuzz program 12142 (`opencl`, `cpu`) and the suite
#    programs staged with that candidate as `somd_irem_nz`'s body (`opencl`), through
#    bench/gpu/s116a.sh, which packs $OUT into one archive.
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
OCL_ICD_VENDORS=/tmp/icd-nv python3 bench/gpu/s118rem.py > "$OUT/rem-nvidia.txt" 2>&1
python3 bench/gpu/s118rem.py Portable > "$OUT/rem-pocl.txt" 2>&1
cat "$OUT/rem-nvidia.txt" "$OUT/rem-pocl.txt"
fzs=""
e2e=""
for c in ${CANDS:-quotient mask volatile long}; do
    fzs="$fzs s118c-${c}fz"
    e2e="$e2e s118c-$c-part0.tar.xz"
done
FZS=$fzs E2E=$e2e SKIP_KM=1 bash bench/gpu/s116a.sh
