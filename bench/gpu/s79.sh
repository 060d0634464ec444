#!/usr/bin/env bash
# Runs a staged subset of the end-to-end suite on the device machine (seventy-ninth
# session, again in the eightieth): each program under SOMD_DEVICE=opencl and seq against
# its twin, then the transfers of the program $TRACE names (device_returned_written_whole
# unless set). Stage as bench/gpu/run.sh says, with SOMD_E2E_FILTER.
set -u
S=/tmp/st
mkdir -p $S && tar xJf .gpu-carry/stage.tar.xz -C $S
chmod +x $S/bin/*
. bench/gpu/icd.sh
nvidia-smi --query-gpu=name,driver_version --format=csv
fails=0
while IFS=$'\t' read -r pkg status _ args; do
  for dev in opencl seq; do
    SOMD_DEVICE=$dev SOMD_STRICT=1 $S/bin/$pkg $args > $OUT/$pkg.$dev.out 2> $OUT/$pkg.$dev.err
    rc=$?
    if [ "$rc" = "$status" ] && cmp -s $OUT/$pkg.$dev.out $S/expected/$pkg.out; then
      echo "ok $pkg $dev"
    else
      echo "FAIL $pkg $dev rc=$rc"
      fails=$((fails + 1))
      head -5 $OUT/$pkg.$dev.err
    fi
  done
done < $S/programs.tsv
T=e2e_${TRACE:-device_returned_written_whole}
targs=$(awk -F'\t' -v p="$T" '$1 == p { print $4 }' $S/programs.tsv)
SOMD_DEVICE=opencl SOMD_TRACE=1 $S/bin/$T $targs 2>&1 \
  | grep -E "call name|dir=h2d|^somd: trace: open" | sed 's/device="[^"]*"//' | cut -c1-170
echo "fails=$fails"
