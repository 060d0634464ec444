#!/usr/bin/env bash
# Session 114: differential-fuzz program 11520 (`gen.py 11520 --methods 8 --narrow
# --effects --views`, m4's elements printed too: .gpu-carry/s114fzd/fzd.somd) on the GPU
# against its `seq` output made on the development machine: the lines that differ.
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
D=.gpu-carry/s114fzd
chmod +x $D/fzd
SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json $D/fzd > /tmp/gpu.out 2> "$OUT/trace.txt"
echo "exit $?"
SOMD_DEVICE=seq $D/fzd > /tmp/seqhere.out
cmp /tmp/seqhere.out $D/seq.out && echo "seq here = seq there"
diff $D/seq.out /tmp/gpu.out > "$OUT/diff.txt"
echo "$(grep -c '^>' "$OUT/diff.txt") lines differ"
head -40 "$OUT/diff.txt"
