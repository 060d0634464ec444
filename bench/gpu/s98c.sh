#!/usr/bin/env bash
# Session 98, third device call (CARRY=.gpu-carry/s98c): bench/gpu/programs/s95rows.somd
# built after row tiles took 64 `double` columns on devices with 48 KiB of local memory
# (`-DSOMD_WIDE_TILES`, `SOMD_ROW_COLS`): per shape, three traced runs each of the default
# (wide tiles on the H200), SOMD_WIDE_TILES=0 (32 columns, the first calls' form) and
# SOMD_ROW_TILES=0 (one work-item per row), in turn: kernel ms of each method summed over
# the calls, and the printed result.
set -u
C=${CARRY:-.gpu-carry/s98c}
chmod +x $C/* 2>/dev/null
mkdir -p $OUT /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
for args in "4000 4000 20" "20000 1000 20" "1000 100000 5" "2000 20000 10" "100000 128 20" \
    "64 250000 5"; do
    for rep in 1 2 3; do
        for v in wide narrow plain; do
            case $v in
                wide) sw="SOMD_ROW_TILES=" ;;
                narrow) sw="SOMD_WIDE_TILES=0" ;;
                plain) sw="SOMD_ROW_TILES=0" ;;
            esac
            env OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_TRACE=json $sw \
                timeout 120 $C/s95rows $args > /tmp/t.out 2> /tmp/t.trace
            k=$(python3 bench/gpu/call_totals.py /tmp/t.trace | grep -v "cpu:" \
                | sed -E 's/^ *Main\.([A-Za-z0-9_]+) on opencl: .* kernel ([0-9.]+) ms/\1 \2/' | tr '\n' ' ')
            tiles=$(grep -c '"name":"Main_matvec_tiles"' /tmp/t.trace)
            echo "s95rows $args $v rep $rep: kernel ms: $k; tiles launches $tiles; out $(head -1 /tmp/t.out)"
        done
    done
done | tee $OUT/wide.txt
