#!/usr/bin/env bash
# K-Means on the GPU machine (eleventh session): the harness and the kernel time per kernel
# for two bench stages, BASE (before: `long` grid-stride counter, each table index checked
# between the updates) and NEW (a 32-bit counter, an iteration's table indices checked
# together), rounds interleaved. Stage each as baselines.sh's header says and carry both:
#   .gpu-carry/bench-stage-base.tar.xz (BASE) and .gpu-carry/bench-stage.tar.xz (NEW).
# There: OUT=results bench/gpu/s11-kmeans.sh     ($OUT/kmeans-{base,new}-R.md, kernels.md)
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
REPS=${REPS:-5}; ROUNDS=${ROUNDS:-2}
. bench/gpu/icd.sh
for v in base new; do
  S=/tmp/stage-$v; mkdir -p $S
  f=.gpu-carry/bench-stage.tar.xz; [[ $v == base ]] && f=.gpu-carry/bench-stage-base.tar.xz
  tar xJf $f -C $S && chmod +x $S/*
done
for r in $(seq "$ROUNDS"); do
  for v in base new; do
    timeout 120 /tmp/stage-$v/somd-bench --prebuilt /tmp/stage-$v --device opencl \
      --threads "$(nproc)" --reps "$REPS" --warmups 1 --filter kmeans \
      > "$OUT/kmeans-$v-$r.md" 2> "$OUT/kmeans-$v-$r.log"
    echo "$v round $r: exit $?"; grep -i "kmeans" "$OUT/kmeans-$v-$r.md" | head -8
  done
done
for v in base new; do
  echo "## $v"
  REPS=$REPS timeout 120 python3 bench/gpu/kernel_times.py /tmp/stage-$v "kmeans 8000000 8 1" \
    "kmeans 32000000 8 1" 2>&1 | tail -14
done | tee "$OUT/kernels.md"
