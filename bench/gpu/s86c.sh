#!/usr/bin/env bash
# Session 86, third device call: the outlined loop's CPU split at small sizes, where an
# MI's dispatch weighs most against its share (rt::somd::LOOP_GRAIN, 2,048 elements):
# bench/gpu/programs/s85reduce.somd at 2,000, 20,000 and 200,000 elements, built by the
# compilers at 193f7a5a (`_old`, the loop on one thread) and 0590568c (`_new`), CPU only
# (all 16 threads), five interleaved processes each; the program prints its own clock
# around the rounds (`loop ms`).
set -u
C=.gpu-carry/s86
chmod +x $C/s85reduce_*
echo "threads $(nproc)"
for args in "2000 20000" "20000 5000" "200000 1000"; do
  echo "== s85reduce $args"
  for round in 1 2 3 4 5; do
    for v in old new; do
      SOMD_DEVICE=cpu timeout 120 $C/s85reduce_$v $args > /tmp/o.txt 2>&1
      echo "$round $v: $(tr '\n' ' ' < /tmp/o.txt | cut -c1-150)"
    done
  done
done
