#!/usr/bin/env bash
# Eighty-second session on the device machine: the staged programs against their twins and
# the transfers of $TRACE (bench/gpu/s79.sh), then the rounds of a program $PROG of
# bench/gpu/programs (default user_rounds) built by the compiler before and after this
# session's changes (.gpu-carry/$PROG_before, .gpu-carry/$PROG_after), under opencl and
# cpu: ARGS (default 4096 20 15) = its size arguments, rounds, repetitions in one process;
# each run prints the repetitions' times, and the trace of one more run counts the bytes
# moved. NOSUITE=1 skips the staged programs.
set -u
[ -n "${NOSUITE:-}" ] || bash bench/gpu/s79.sh
. bench/gpu/icd.sh
args=${ARGS:-4096 20 15}
for v in before after; do
  b=.gpu-carry/${PROG:-user_rounds}_$v
  chmod +x $b
  for dev in opencl cpu; do
    echo "== ${PROG:-user_rounds} $v $dev"
    SOMD_DEVICE=$dev $b $args | awk '{ print $2 }' | tr '\n' ' '
    echo
  done
  SOMD_DEVICE=opencl SOMD_TRACE=json $b ${args% *} 1 2>&1 >/dev/null | python3 -c '
import json, sys
up = down = n = 0
for line in sys.stdin:
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("event") == "transfer":
        n += 1
        if e["dir"] == "h2d":
            up += e["bytes"]
        else:
            down += e["bytes"]
print("bytes up", up, "down", down, "transfers", n)'
done
