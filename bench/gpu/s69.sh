#!/usr/bin/env bash
# Session 69, one device call (the frozen benchmark's binaries built here into $CARRY with
# /tmp/s69/buildcarry.sh, with the expected output of part 1's programs; the e2e suite
# staged as bench/gpu/run.sh's header says, only the programs whose binaries hold a kernel,
# in two halves packed with `xz --lzma2=preset=9,dict=400MiB` to fit the carry's 64 MiB:
# STAGE_TAR names the half; call 2 runs with NOPROGRAMS=1 NOBENCH=1 on the other; call 3,
# CARRY=.gpu-carry/s69b STAGE_TAR=none NOBENCH=1 PROGRAMS=device_frozen_results, the
# session's final build of that program, with named frozen locals and thaws):
# 1. programs added or changed this session against their Java twins' output on the GPU
#    (NVIDIA ICD only), on the GPU and on the CPU back end: SOMD results frozen for `@`s
#    and `!`s (`device_frozen_results`, which ends in a division by zero), overloaded
#    `@`/`!` targets (`map_overloads`), a constructor parameter named `self`
#    (`device_names`);
# 2. bench/gpu/programs/frozen.somd N ROUNDS (a SOMD result frozen for a `@` and a `!`
#    each round) built before the session's change (`frozen_old`: each round downloads the
#    result and uploads its frozen copy twice) and after it (`frozen_new`): five
#    interleaved rounds of old opencl, new opencl and new cpu (16 threads), then one traced
#    run of each opencl build for the bytes moved;
# 3. with SUITE=1, the staged e2e suite under SOMD_DEVICE=opencl SOMD_STRICT=1
#    (bench/gpu/suite-only.sh).
set -u
FINAL=${OUT:-gpu-results}
mkdir -p "$FINAL"
export OUT=$FINAL
C=${CARRY:-.gpu-carry/s69}
chmod +x $C/*
# The staged suite holds the programs of part 1 (the carry holds their expected output).
STAGE=/tmp/gpu-stage
# STAGE_TAR=none: part 1's programs are the carry's own binaries (call 3).
if [ "${STAGE_TAR:-}" = none ]; then
    mkdir -p $STAGE/bin && for f in $C/*; do [ -x "$f" ] && cp "$f" $STAGE/bin/e2e_$(basename "$f"); done
else
    mkdir -p $STAGE && tar xJf ${STAGE_TAR:-.gpu-carry/stage.tar.xz} -C $STAGE && chmod +x $STAGE/bin/*
fi
ICDS=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
mkdir -p /tmp/icd-nv
for f in $ICDS/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
ARGS=${FROZEN_ARGS:-16000000 20}
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    echo "threads $(nproc)"
    echo "== programs"
    [ -n "${NOPROGRAMS:-}" ] || for p in ${PROGRAMS:-device_frozen_results map_overloads device_names}; do
        for dev in opencl cpu; do
            OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=$dev SOMD_STRICT=1 SOMD_TRACE=json \
                timeout 120 $STAGE/bin/e2e_$p $(cat $C/$p.args) > /tmp/$p.out 2> /tmp/$p.trace
            status=$?
            same=$(cmp -s /tmp/$p.out $C/$p.expected && echo same || echo DIFFERENT)
            err=$(grep -v '^{' /tmp/$p.trace | head -1)
            experr=$(cat $C/$p.experr 2>/dev/null)
            [ "$err" == "$experr" ] && errsame=same || errsame="DIFFERENT ($err)"
            calls=$(grep -c '"event":"call"' /tmp/$p.trace)
            devices=$(grep -o '"device":"NVIDIA[^"]*"' /tmp/$p.trace | sort -u | tr '\n' ' ')
            echo "$p ($dev): status $status, output $same as Java, stderr $errsame, $calls device calls on $devices"
            [ "$same" = same ] || diff /tmp/$p.out $C/$p.expected | head -10
        done
    done
    [ -n "${NOBENCH:-}" ] || echo "== frozen $ARGS"
    [ -n "${NOBENCH:-}" ] || for round in 1 2 3 4 5; do
        for run in "old opencl" "new opencl" "new cpu"; do
            set -- $run
            start=$(date +%s%N)
            OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=$2 timeout 300 $C/frozen_$1 $ARGS > /tmp/fz.out 2> /tmp/fz.err
            end=$(date +%s%N)
            echo "round $round $1 $2: $(tr '\n' ' ' < /tmp/fz.out) process $(( (end - start) / 1000000 )) ms $(head -c 200 /tmp/fz.err)"
        done
    done
    [ -n "${NOBENCH:-}" ] || for v in old new; do
        OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_TRACE=json timeout 300 $C/frozen_$v $ARGS > /tmp/fz.out 2> /tmp/fz.trace
        echo "traced $v: $(tr '\n' ' ' < /tmp/fz.out)"
        python3 bench/gpu/call_totals.py /tmp/fz.trace
        python3 bench/gpu/trace_bytes.py /tmp/fz.trace
    done
} 2>&1 | tee "$FINAL/s69.txt"
if [ -n "${SUITE:-}" ]; then
    # bench/gpu/suite-only.sh, on the stage already unpacked.
    mkdir -p "$FINAL/suite"
    OUT=$FINAL/suite STAGE=$STAGE SCRIPT_LIMIT=${SUITE_LIMIT:-300} bench/gpu/run.sh --reps 1 \
        --bench "montecarlo 8192 10000" > "$FINAL/suite-stdout.txt" 2>&1
    tail -3 "$FINAL/suite-stdout.txt"
fi
