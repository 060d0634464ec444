#!/usr/bin/env bash
# Session 94: the lanes form's lanes per row against the one-work-item form (`_old`) for
# bench/gpu/programs/s94rows.somd at shapes of many rows: kernel times of the three row
# reductions from a traced run per setting (SOMD_LANES unset: the runtime's choice).
# SHAPES (comma-separated) and LANES narrow the runs (the session's second call: SHAPES of 33,000 and
# 34,000 rows, either side of the rows variant's threshold on the H200's 132 units).
set -u
C=.gpu-carry/s94
chmod +x $C/* 2>/dev/null
ICDS=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
mkdir -p /tmp/icd-nv $OUT
for f in $ICDS/*.icd; do grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/; done
IFS=, read -ra shapes <<< "${SHAPES:-100000 64 20,100000 8 20,20000 4000 20,4000 4000 20,500000 16 20}"
for args in "${shapes[@]}"; do
    for lanes in ${LANES:-old auto 1 4 16 32 64 128 256}; do
        bin=$C/s94rows_new
        env=""
        case $lanes in old) bin=$C/s94rows_old ;; auto) ;; *) env="SOMD_LANES=$lanes" ;; esac
        env OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_TRACE=json $env timeout 120 $bin $args > /tmp/l.out 2> /tmp/l.trace
        k=$(python3 bench/gpu/call_totals.py /tmp/l.trace | grep -E "rowSums|rowMax|loop1" | sed -E 's/.* on opencl: .* kernel ([0-9.]+) ms/\1/' | tr '\n' ' ')
        echo "$args lanes=$lanes: $(head -1 /tmp/l.out) | rowSums rowMax nest kernel ms (20 calls): $k"
    done
done | tee $OUT/lanes.txt
