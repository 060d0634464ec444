#!/usr/bin/env bash
# Session 96, the stop check of a reduction's grid-stride loop, one device call: `_old`
# (c7ed2d4f: no check), `_new` (every 1024 iterations, `somd_stop`: a counter and a
# branch in each iteration) and `_c` (the variant tried: leave after the work-item's own
# failure, `if (somd_err->key == SOMD_KEY_DONE) break;` at the end of each iteration) and
# `_f` (the same test of a flag `somd_fail` sets, `if (somd_err->failed) break;`, which
# leaves the key's computation to the failure path).
# Summed kernel ms of each construct's calls from traced runs (five per build, in turn)
# of s93nest, s94rows and s85reduce, then the process's wall time until s96stop's nest
# (form 0) raises Java's exception, three runs per build.
set -u
C=${CARRY:-.gpu-carry/s96c}
chmod +x $C/* 2>/dev/null
ICDS=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
mkdir -p /tmp/icd-nv $OUT
for f in $ICDS/*.icd; do grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/; done
for p in "s93nest:4000 4000 20" "s94rows:4000 4000 20" "s85reduce:4000000 100"; do
    name=${p%%:*}
    args=${p#*:}
    for rep in 1 2 3 4 5; do
        for v in old new c f; do
            env OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_TRACE=json \
                timeout 120 $C/${name}_$v $args > /tmp/t.out 2> /tmp/t.trace
            k=$(python3 bench/gpu/call_totals.py /tmp/t.trace | grep -v "cpu:" \
                | sed -E 's/^ *([A-Za-z0-9_.$]+) on opencl: .* kernel ([0-9.]+) ms/\1 \2/' | tr '\n' ' ')
            echo "$name $args $v rep $rep: kernel ms: $k"
        done
    done
done | tee $OUT/ab.txt
ms() { date +%s%N | awk '{printf "%d", $1 / 1000000}'; }
for args in "0 4000 2000000" "0 4000 2000000000"; do
    for rep in 1 2 3; do
        for v in new c f; do
            t0=$(ms)
            env OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl timeout 60 $C/s96stop_$v $args \
                > /tmp/t.out 2> /tmp/t.err
            rc=$?
            echo "s96stop $args $v rep $rep: rc $rc, $(( $(ms) - t0 )) ms, $(head -1 /tmp/t.err | cut -c1-80)"
        done
    done
done | tee $OUT/ab-stops.txt
