#!/usr/bin/env bash
# Session 118, the device call after the widening find: bench/gpu/s118lsum.py on NVIDIA's
# platform (which remainder of the summing loop differs, and the device's value for it),
# then the suite parts of E2E (s118ww-part0.tar.xz: `device_wrap_widen` alone; s118e2e-
# partK.tar.xz: the whole suite staged at the sign mask) through bench/gpu/s115a.sh,
# which packs $OUT into one archive.
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
OCL_ICD_VENDORS=/tmp/icd-nv python3 bench/gpu/s118lsum.py > "$OUT/lsum-nvidia.txt" 2>&1
cat "$OUT/lsum-nvidia.txt"
SKIP_KM=1 SKIP_FZ=1 bash bench/gpu/s115a.sh
