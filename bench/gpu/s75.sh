#!/usr/bin/env bash
# Session 75, one device call per half of the staged suite (binaries built here: the e2e
# suite staged as bench/gpu/run.sh's header says, only the programs whose binaries hold a
# kernel, in two halves packed with `xz --lzma2=preset=9,dict=400MiB` to fit the carry's
# 64 MiB; STAGE_TAR names the half):
# 1. the half's programs under SOMD_DEVICE=opencl SOMD_STRICT=1 on the NVIDIA GPU against
#    their Java twins' output (bench/gpu/gpu_run.py's suite);
#    (NOSUITE=1 skips it; STAGE_EXTRA names a second half to unpack first, so that one call
#    runs both);
# 2. unless NOBENCH=1: bench/gpu/programs/s75moves.somd N ROUNDS (five host loops whose
#    data the seventy-fifth session keeps on the device, each timed) built by the
#    session-start compiler (`s75moves_old`, at 1753ec90) and the session's
#    (`s75moves_new`): five interleaved processes of old and new opencl and old and new
#    cpu (all threads), then one traced run of each opencl build for the calls, launches
#    and bytes moved. The seventy-sixth session ran it again with CARRY=.gpu-carry/s76,
#    whose `s75moves_old` is built at a2fb4376 (its session start) and `s75moves_new` at
#    its end, for the CPU paths it mends. MOVES names another program built the same way
#    (`$CARRY/${MOVES}_old` and `_new`): the seventy-seventh session's `s77moves`
#    (bench/gpu/programs/s77moves.somd, MOVES_ARGS="4000000 20 4000").
set -u
P=${MOVES:-s75moves}
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
C=${CARRY:-.gpu-carry/s75}
chmod +x $C/${P}_* 2>/dev/null
ICDS=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
mkdir -p /tmp/icd-nv
for f in $ICDS/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
if [ -z "${NOSUITE:-}" ]; then
    STAGE=/tmp/gpu-stage
    mkdir -p $STAGE && tar xJf ${STAGE_TAR:-$C/stage-a.tar.xz} -C $STAGE
    if [ -n "${STAGE_EXTRA:-}" ]; then tar xJf "$STAGE_EXTRA" -C $STAGE; fi
    chmod +x $STAGE/bin/*
    # A half lists every staged program: keep those whose binaries it holds.
    if [ -f $STAGE/programs.tsv ]; then
        while IFS= read -r line; do
            if [ -e "$STAGE/bin/${line%%$'\t'*}" ]; then printf '%s\n' "$line"; fi
        done < $STAGE/programs.tsv > $STAGE/programs.kept
        mv $STAGE/programs.kept $STAGE/programs.tsv
    fi
    mkdir -p "$FINAL/suite"
    OCL_ICD_VENDORS=/tmp/icd-nv timeout ${SUITE_LIMIT:-300} python3 -u bench/gpu/gpu_run.py \
        --stage "$STAGE" --out "$FINAL/suite" --pocl "" --reps 1 \
        > "$FINAL/suite-stdout.txt" 2>&1
    tail -5 "$FINAL/suite-stdout.txt"
fi
[ -n "${NOBENCH:-}" ] && exit 0
ARGS=${MOVES_ARGS:-4000000 20}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "threads $(nproc)"
    echo "== $P $ARGS"
    for round in 1 2 3 4 5; do
        for run in "old opencl" "new opencl" "old cpu" "new cpu"; do
            set -- $run
            start=$(date +%s%N)
            OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=$2 timeout 300 $C/${P}_$1 $ARGS > /tmp/fz.out 2> /tmp/fz.err
            end=$(date +%s%N)
            echo "process $round $1 $2: $(tr '\n' ' ' < /tmp/fz.out) process $(( (end - start) / 1000000 )) ms $(head -c 200 /tmp/fz.err)"
        done
    done
    for v in old new; do
        OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_TRACE=json timeout 300 $C/${P}_$v $ARGS > /tmp/fz.out 2> /tmp/fz.trace
        echo "traced $v: $(tr '\n' ' ' < /tmp/fz.out)"
        python3 bench/gpu/call_totals.py /tmp/fz.trace
        python3 bench/gpu/trace_bytes.py /tmp/fz.trace
    done
} 2>&1 | tee "$FINAL/$P.txt"
