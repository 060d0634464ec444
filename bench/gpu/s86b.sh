#!/usr/bin/env bash
# Session 86, second device call: the e2e programs whose generated code the session's
# compiler changes (`somdc build` of every program with the compilers at 193f7a5a and at
# the session's end, `src/` compared), staged with SOMD_E2E_FILTER as bench/gpu/run.sh
# says: each under opencl and seq against its twin (bench/gpu/s79.sh), the failing ones'
# first exception line and position against the expected position, and the trace of
# device_outlined_helpers. Only the summary goes to $OUT.
set -u
W=/tmp/gpu-s86b
mkdir -p $W
OUT=$W TRACE=device_outlined_helpers bash bench/gpu/s79.sh > $OUT/suite.txt 2>&1
grep -c "^ok " $OUT/suite.txt
grep -E "^FAIL|fails=|NVIDIA|H200" $OUT/suite.txt
while IFS=$'\t' read -r pkg status at _; do
  [ "$status" = 1 ] || continue
  got=$(grep -m1 -oE '[a-z_0-9]+\.somd:[0-9]+:[0-9]+' $W/$pkg.opencl.err)
  [ "$got" = "$at" ] && echo "position ok $pkg $got" || echo "POSITION $pkg: want $at got $got"
done < /tmp/st/programs.tsv | tee $OUT/positions.txt | grep -c "position ok"
grep POSITION $OUT/positions.txt
