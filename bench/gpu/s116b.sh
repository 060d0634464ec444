#!/usr/bin/env bash
# Session 116: fuzz program 12142's `m6` on the GPU (carry .gpu-carry/s116m6): the copies of
# `bench/gpu/programs/s116m6.somd` print, per element, `m6`'s result and the locals its
# last statement reads and its partial sums, under `seq` and under `opencl` (NVIDIA's platform); the lines that
# differ, and how many per column.
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
B=.gpu-carry/s116m6/s116m6
chmod +x $B
SOMD_DEVICE=seq $B > "$OUT/seq.txt"
OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_STRICT=1 $B > "$OUT/gpu.txt" 2> "$OUT/gpu.err"
diff "$OUT/seq.txt" "$OUT/gpu.txt" > "$OUT/diff.txt"
echo "lines differing: $(grep -c '^<' "$OUT/diff.txt")"
python3 - "$OUT/seq.txt" "$OUT/gpu.txt" <<'PY'
import sys
a = [l.split() for l in open(sys.argv[1])]
b = [l.split() for l in open(sys.argv[2])]
names, a, b = a[0], a[1:], b[1:]
for c, name in enumerate(names[1:], 1):
    d = [(x[0], int(y[c]) - int(x[c])) for x, y in zip(a, b) if x[c] != y[c]]
    print(name, len(d), d[:6])
PY
head -20 "$OUT/diff.txt"
