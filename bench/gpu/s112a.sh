#!/usr/bin/env bash
# Session 112, one device call (carry .gpu-carry/bench-stage.tar.xz, staged at 2d64d8f0 as
# baselines.sh's header says, .gpu-carry/s112e2e-part0.tar.xz and .gpu-carry/s112long.tar.xz):
# 1. s105long's `quad` kernel before, without its nest check and in blocks
#    (bench/gpu/s112_nest.py), on the GPU;
# 2. the twenty-two suite programs whose kernels the blocks changed or that hold nests or blocks
#    (bench/gpu/pack_stage.sh /tmp/e2es 1 s112e2e, staged at db1f35a5), with
#    SOMD_DEVICE=opencl SOMD_STRICT=1;
# 3. s105long's four CPU builds on the host's cores, in turn, five rounds: `new` (613ce043,
#    a tick in each iteration of a loop holding loops), `blk` (2d64d8f0, such loops in
#    blocks counted on the thread's counter), `thr` (`blk`'s code against 46a2d016's
#    runtime: a balanced call helped at every 16th check) and `nocheck` (`blk` with every
#    tick and check removed): process ms untraced, then each method's `cpu_call` ms summed
#    over a traced run (bench/gpu/s111_methods.py);
# 4. the harness (bench/gpu/s10-final.sh, REPS=3) on its first eight benchmarks; the
#    others in a second call (bench/gpu/s111b.sh).
set -u
mkdir -p "$OUT"
start=$(date +%s)
. bench/gpu/icd.sh
{ nproc; nvidia-smi -L; } > "$OUT/env.txt" 2>&1
python3 bench/gpu/s112_nest.py 1000000 5 2>&1 | tee "$OUT/s112-nest.txt"
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
S=/tmp/s112e2e
mkdir -p $S && tar xJf .gpu-carry/s112e2e-part0.tar.xz -C $S && chmod +x $S/bin/*
OCL_ICD_VENDORS=/tmp/icd-nv timeout 120 python3 -u bench/gpu/gpu_run.py \
    --stage $S --out "$OUT/e2e" --pocl "" --reps 1 > /tmp/suite-stdout.txt 2>&1
echo "e2e: exit $? after $(( $(date +%s) - start )) s"; tail -2 /tmp/suite-stdout.txt
head -1 "$OUT/e2e/suite.txt"; grep "^FAIL" "$OUT/e2e/suite.txt" | head -20
L=/tmp/s112long
mkdir -p $L && tar xJf .gpu-carry/s112long.tar.xz -C $L && chmod +x $L/*
{
  nproc
  for round in 1 2 3 4 5; do
    for v in new blk thr nocheck; do
      s=$(date +%s%N)
      SOMD_DEVICE=cpu $L/s105long-$v 1000000 5 > /tmp/out.txt
      e=$(date +%s%N)
      m=$(SOMD_DEVICE=cpu SOMD_TRACE=json $L/s105long-$v 1000000 5 2>&1 >/dev/null | python3 bench/gpu/s111_methods.py)
      echo "round $round $v process_ms $(( (e - s) / 1000000 )) $m $(cat /tmp/out.txt)"
    done
  done
} 2>&1 | tee "$OUT/s105long-cpu.txt"
echo "s105long done at $(( $(date +%s) - start )) s"
OUT=$OUT NAME=all112a REPS=${REPS:-3} HARNESS_LIMIT=${HARNESS_LIMIT:-400} \
  bash bench/gpu/s10-final.sh --filter vectoradd --filter series --filter sor \
  --filter crypt --filter sparsematmult --filter lufact --filter nbody --filter mosaic
echo "all took $(( $(date +%s) - start )) s"
