#!/usr/bin/env bash
# Session 117, the device calls after the `int` remainder's mend (63acb3ef; carry the
# archives named):
# 1. unless SKIP_REM: bench/gpu/s117rem.py on NVIDIA's platform and on PoCL: the three
#    forms of the remainder checked against Java's and timed ($OUT/rem-*.txt);
# 2. bench/gpu/s116a.sh with the rest of the environment: the fuzz archives of FZS on
#    `opencl` and `cpu`, then the e2e parts of E2E (the suite staged at 63acb3ef,
#    bench/gpu/pack_stage.sh STAGE 3 s117e2e) under SOMD_DEVICE=opencl SOMD_STRICT=1; it
#    packs $OUT into one archive.
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
if [ -z "${SKIP_REM:-}" ]; then
    OCL_ICD_VENDORS=/tmp/icd-nv python3 bench/gpu/s117rem.py > "$OUT/rem-nvidia.txt" 2>&1
    python3 bench/gpu/s117rem.py Portable > "$OUT/rem-pocl.txt" 2>&1
    cat "$OUT/rem-nvidia.txt" "$OUT/rem-pocl.txt"
fi
SKIP_KM=1 bash bench/gpu/s116a.sh
