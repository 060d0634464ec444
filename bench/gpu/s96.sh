#!/usr/bin/env bash
# Session 96 on the device machine, one call:
# 1. the e2e programs the session adds (loops that stop after a failure) and a selection
#    of those whose kernels it changes, staged as bench/gpu/s75.sh's header says
#    (`$C/stage.tar.xz`), under SOMD_DEVICE=opencl SOMD_STRICT=1 on the GPU against their
#    Java twins' output (NOSUITE=1 skips it);
# 2. bench/gpu/programs/s96stop.somd built at c7ed2d4f (`_old`) and at the session's end
#    (`_new`): the process's wall time (ms, one run each, in turn, three times) until it
#    raises Java's exception, for the nest (form 0) and the row sums (form 1) at STOPS
#    (comma-separated "FORM ROWS N"), then at N = 2,000,000,000 (the old build once);
# 3. kernels that gained the check, old against new: summed kernel time of each
#    construct's calls from traced runs (three per build, in turn) of s94rows, s93nest,
#    s85reduce, csr_rounds and samples/lufact.somd.
set -u
C=${CARRY:-.gpu-carry/s96}
chmod +x $C/* 2>/dev/null
ICDS=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
mkdir -p /tmp/icd-nv $OUT
for f in $ICDS/*.icd; do grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/; done
if [ -z "${NOSUITE:-}" ]; then
    OUT=$OUT/suite NOBENCH=1 CARRY=$C STAGE_TAR=$C/stage.tar.xz SUITE_LIMIT=${LIMIT:-240} \
        bash bench/gpu/s75.sh
fi
ms() { date +%s%N | awk '{printf "%d", $1 / 1000000}'; }
stop() {
    t0=$(ms)
    env OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl timeout $1 $C/s96stop_$2 $3 \
        > /tmp/t.out 2> /tmp/t.err
    rc=$?
    t1=$(ms)
    echo "s96stop $3 $2 $4: rc $rc, $((t1 - t0)) ms, $(head -1 /tmp/t.err | cut -c1-90)"
}
IFS=, read -ra stops <<< "${STOPS:-0 4000 2000000,1 4000 20000000}"
for args in "${stops[@]}"; do
    for rep in 1 2 3; do
        for v in old new; do stop 60 $v "$args" "rep $rep"; done
    done
done | tee $OUT/stops.txt
# N = 2,000,000,000: the old build once, under a limit of 30 s.
for args in "0 4000 2000000000" "1 4000 2000000000"; do
    stop 30 old "$args" "once"
    for rep in 1 2 3; do stop 60 new "$args" "rep $rep"; done
done | tee -a $OUT/stops.txt
for p in "s94rows:4000 4000 20" "s94rows:100000 64 20" "s93nest:4000 4000 20" \
    "s85reduce:4000000 100" "csr_rounds:1000000 10 3" "lufact:2000"; do
    name=${p%%:*}
    args=${p#*:}
    for rep in 1 2 3; do
        for v in old new; do
            env OCL_ICD_VENDORS=/tmp/icd-nv SOMD_DEVICE=opencl SOMD_TRACE=json \
                timeout 120 $C/${name}_$v $args > /tmp/t.out 2> /tmp/t.trace
            k=$(python3 bench/gpu/call_totals.py /tmp/t.trace | grep -v "cpu:" \
                | sed -E 's/^ *([A-Za-z0-9_.$]+) on opencl: .* kernel ([0-9.]+) ms/\1 \2/' | tr '\n' ' ')
            echo "$name $args $v rep $rep: $(head -1 /tmp/t.out | cut -c1-40) | kernel ms: $k"
        done
    done
done | tee $OUT/kernels.txt
