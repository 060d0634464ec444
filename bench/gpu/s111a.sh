#!/usr/bin/env bash
# Session 111, one device call (carry .gpu-carry/bench-stage.tar.xz, staged at a3a278d6 as
# baselines.sh's header says, and .gpu-carry/s111long.tar.xz):
# 1. s105long's four CPU builds on the host's cores, in turn, five rounds: `old`
#    (ad316ba8, before the hundred-and-fifth session's checks of long loops), `new`
#    (613ce043, a tick in each iteration of a loop holding loops), `nocheck` (`new` with
#    every tick and check removed by hand) and `blk` (a3a278d6, such loops in blocks
#    counted on the thread's counter): process ms untraced, then each method's `cpu_call`
#    ms summed over a traced run (bench/gpu/s111_methods.py);
# 2. the harness (bench/gpu/s10-final.sh, REPS=3) on its first eight benchmarks; the
#    other eight in a second call (bench/gpu/s111b.sh): the first whole run since the
#    ninety-ninth session.
set -u
mkdir -p "$OUT"
start=$(date +%s)
L=/tmp/s111long
mkdir -p $L && tar xJf .gpu-carry/s111long.tar.xz -C $L && chmod +x $L/*
{
  nproc
  for round in 1 2 3 4 5; do
    for v in old new nocheck blk; do
      s=$(date +%s%N)
      SOMD_DEVICE=cpu $L/s105long-$v 1000000 5 > /tmp/out.txt
      e=$(date +%s%N)
      m=$(SOMD_DEVICE=cpu SOMD_TRACE=json $L/s105long-$v 1000000 5 2>&1 >/dev/null | python3 bench/gpu/s111_methods.py)
      echo "round $round $v process_ms $(( (e - s) / 1000000 )) $m $(cat /tmp/out.txt)"
    done
  done
} 2>&1 | tee "$OUT/s105long-cpu.txt"
echo "s105long took $(( $(date +%s) - start )) s"
OUT=$OUT NAME=all111a REPS=${REPS:-3} HARNESS_LIMIT=${HARNESS_LIMIT:-480} \
  bash bench/gpu/s10-final.sh --filter vectoradd --filter series --filter sor \
  --filter crypt --filter sparsematmult --filter lufact --filter nbody --filter mosaic
echo "all took $(( $(date +%s) - start )) s"
