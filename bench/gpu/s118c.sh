#!/usr/bin/env bash
# Session 118, the second device call: bench/gpu/s118lrem.py (where the `long` remainder
# of two `int`s went wrong in s118rem.py's timing loop) and s118rem.py again at the
# prelude's new `somd_irem_nz`, on NVIDIA's platform; then the suite parts of E2E, if
# any, through bench/gpu/s115a.sh (which packs $OUT into one archive).
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
OCL_ICD_VENDORS=/tmp/icd-nv python3 bench/gpu/s118lrem.py > "$OUT/lrem-nvidia.txt" 2>&1
cat "$OUT/lrem-nvidia.txt"
OCL_ICD_VENDORS=/tmp/icd-nv python3 bench/gpu/s118rem.py > "$OUT/rem-nvidia.txt" 2>&1
cat "$OUT/rem-nvidia.txt"
SKIP_KM=1 SKIP_FZ=1 bash bench/gpu/s115a.sh
