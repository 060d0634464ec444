#!/usr/bin/env bash
# Session 117, the first device call (carry .gpu-carry/s117abs-part0.tar.xz, s116tk.tar.xz):
# 1. bench/gpu/s117abs.py on NVIDIA's platform and on PoCL: which forms of Java's
#    `Math.abs` each compiler keeps exact (results in $OUT/abs-*.txt, the PTX alongside);
# 2. bench/gpu/s116a.sh with the rest of the environment: the fuzz archives of FZS on
#    `opencl` and `cpu`, then the e2e parts of E2E (here device_abs_minimum and
#    device_floor_ceil, staged at ccf01b1d, session 116's HEAD) under SOMD_DEVICE=opencl
#    SOMD_STRICT=1; it packs $OUT into one archive.
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
OCL_ICD_VENDORS=/tmp/icd-nv python3 bench/gpu/s117abs.py > "$OUT/abs-nvidia.txt" 2>&1
python3 bench/gpu/s117abs.py Portable > "$OUT/abs-pocl.txt" 2>&1
cat "$OUT/abs-nvidia.txt"
grep -c ": ok" "$OUT/abs-pocl.txt"
SKIP_KM=1 bash bench/gpu/s116a.sh
