#!/usr/bin/env bash
# Session 98, second device call (CARRY=.gpu-carry/s98b), after row tiles took bodies
# that may fail and the library's `Math` calls (`rowtiles.rs`):
# 1. the staged end-to-end programs whose kernels have a row-tiles variant (stage.tar.xz)
#    under SOMD_DEVICE=opencl SOMD_STRICT=1 on the NVIDIA GPU against their Java twins
#    (bench/gpu/s75.sh's suite);
# 2. fourteen programs of the differential fuzzer (`fz/bin_fzSEED`: tests/difffuzz/gen.py
#    SEED --methods 6 --rowtiles, 12100-12107, and with --throwing 12200-12205), each under
#    SOMD_DEVICE=seq and under SOMD_DEVICE=opencl SOMD_STRICT=1 (row tiles by default on
#    the GPU), their output and first line of standard error compared, and a traced run
#    counting the launches of tiles variants.
set -u
C=${CARRY:-.gpu-carry/s98b}
chmod +x $C/fz/* 2>/dev/null
mkdir -p $OUT
OUT=$OUT/suite NOBENCH=1 CARRY=$C STAGE_TAR=$C/stage.tar.xz SUITE_LIMIT=${SUITE_LIMIT:-200} \
    bash bench/gpu/s75.sh
same=0; all=0
for b in $C/fz/bin_fz*; do
    n=$(basename $b)
    SOMD_DEVICE=seq timeout 120 $b > /tmp/seq.out 2> /tmp/seq.err; s=$?
    OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 $b > /tmp/cl.out 2> /tmp/cl.err; c=$?
    OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json timeout 120 $b > /dev/null 2> /tmp/cl.trace
    tiles=$(grep '"event":"launch"' /tmp/cl.trace | grep -c '_tiles"')
    launches=$(grep -c '"event":"launch"' /tmp/cl.trace)
    all=$((all + 1))
    if cmp -s /tmp/seq.out /tmp/cl.out && [ "$s" = "$c" ] && [ "$(head -1 /tmp/seq.err)" = "$(head -1 /tmp/cl.err)" ]; then
        same=$((same + 1)); verdict=same
    else
        verdict=DIFFERS
    fi
    echo "$n: $verdict (status $s / $c), $tiles of $launches launches tiled; $(head -1 /tmp/cl.err | cut -c1-100)"
done | tee $OUT/fuzz.txt
echo "fuzz: $(grep -c ': same' $OUT/fuzz.txt) of $(wc -l < $OUT/fuzz.txt) programs print on the GPU what seq prints"
