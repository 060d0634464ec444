#!/usr/bin/env bash
# K-Means' kernels by ablation on the GPU machine (eleventh session): the generated kernels
# as emitted, variants that each remove one difference to the hand kernels, and the hand
# kernels, timed in one process on the same inputs (bench/gpu/kmeans_ablation.py), at 8M
# and 32M points; then each variant's PTX assembled for sm_90 (`ptxas -v`: registers) and
# its SASS instructions counted (`cuobjdump -sass`); then, at 8M points, the generated,
# the best variants and the hand kernels under the conditions of a launch inside a program
# (COLDS: `idle`, `upload`, `flush`; see kmeans_ablation.py).
# Stage here:  target/release/somdc build samples/kmeans.somd -o /tmp/km --emit-kernels
#              cp -r /tmp/km/kernels .gpu-carry/km-kernels
# There:       OUT=results bench/gpu/s11-kmeans-ablation.sh   (carries .gpu-carry/km-kernels)
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
. bench/gpu/icd.sh
nvidia-smi --query-gpu=name,driver_version --format=csv >> "$OUT/env.txt" 2>&1
cat "$OUT/env.txt"
for n in ${SIZES:-8000000 32000000}; do
  DUMP=$OUT/ptx-$n timeout 200 python3 bench/gpu/kmeans_ablation.py .gpu-carry/km-kernels "$n" 8 \
    > "$OUT/ablation-$n.md" 2> "$OUT/ablation-$n.log"
  echo "ablation $n exit $?"; cat "$OUT/ablation-$n.md"; tail -3 "$OUT/ablation-$n.log"
done
for c in ${COLDS-idle upload flush}; do
  COLD=$c SELECT="generated|hand|uint, grouped" timeout 150 python3 bench/gpu/kmeans_ablation.py \
    .gpu-carry/km-kernels 8000000 8 > "$OUT/cold-$c.md" 2> "$OUT/cold-$c.log"
  echo "cold $c exit $?"; cat "$OUT/cold-$c.md"
done
CUDA=${CUDA:-/usr/local/cuda/bin}
P=$OUT/ptx-8000000
if [[ -x $CUDA/ptxas && -d $P ]]; then
  for f in "$P"/*.ptx; do
    b=${f%.ptx}
    "$CUDA/ptxas" -arch=sm_90 -v "$f" -o "$b.cubin" > "$b.ptxas.txt" 2>&1
    "$CUDA/cuobjdump" -sass "$b.cubin" > "$b.sass" 2>&1
    # Instructions per kernel (lines with an address and an opcode), and the atomics.
    awk -v file="$(basename "$b")" '/Function :/ {k=$3} /\/\*[0-9a-f]{4}\*\// && k {n[k]++; if ($0 ~ /ATOMS|ATOM|RED/) a[k]++}
      END {for (k in n) printf "%s %s: %d SASS instructions, %d atomics\n", file, k, n[k], a[k]}' "$b.sass"
    grep -h "registers" "$b.ptxas.txt" | sed "s|^|  $(basename "$b"): |"
  done | tee "$OUT/sass-counts.txt"
fi
ls "$CUDA" 2>/dev/null | tr '\n' ' ' > "$OUT/cuda-tools.txt"; echo >> "$OUT/cuda-tools.txt"
(which ncu nsys; ncu --version) >> "$OUT/cuda-tools.txt" 2>&1
python3 -c "import ctypes; ctypes.CDLL('libcuda.so.1'); print('libcuda loads')" >> "$OUT/cuda-tools.txt" 2>&1
cat "$OUT/cuda-tools.txt"
tar cJf "$OUT/ptx.tar.xz" -C "$OUT" $(cd "$OUT" && ls -d ptx-*) && rm -rf "$OUT"/ptx-*
