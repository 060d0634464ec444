#!/usr/bin/env bash
# One device call of the fourteenth session: the e2e suite on the GPU (suite-only.sh:
# every program with SOMD_DEVICE=opencl SOMD_STRICT=1 against its Java twin's output), then
# the traces of the programs whose methods this session put on the device (folded
# reductions, conditional extrema). Carries .gpu-carry/stage.tar.xz (the e2e stage of
# `SOMD_E2E_STAGE=DIR cargo test -p somd-tests --test run stage_`, stripped).
#   OUT=results bench/gpu/s14.sh
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT/traces"
OUT=$OUT/suite bash bench/gpu/suite-only.sh > /dev/null 2>&1
echo "suite exit $?"; tail -4 "$OUT/suite/suite.txt" 2>/dev/null
grep -E "fold|dist_(dim|user|block_2d)" "$OUT/suite/suite.txt" | head -20
for p in device_fold exc_fold_divide dist_dim dist_user dist_block_2d; do
    SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json /tmp/gpu-stage/bin/e2e_$p \
        > "$OUT/traces/$p.out" 2> "$OUT/traces/$p.trace"
    echo "$p exit $? $(cmp -s "$OUT/traces/$p.out" /tmp/gpu-stage/expected/e2e_$p.out && echo same || echo DIFF)"
done
tar cJf "$OUT/suite14.tar.xz" -C "$OUT" suite && rm -rf "$OUT/suite"
