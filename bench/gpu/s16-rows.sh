#!/usr/bin/env bash
# Sixteenth session, second run: the e2e suite on the GPU with packed rows moving through
# the pinned staging buffer (runtime/src/opencl/buffer.rs, `read_rows`/`write_rows`), then
# the median filter (bench/gpu/programs/median.somd, 4096 x 4096 ints: a 64 MiB matrix up,
# a 64 MiB matrix of 4096 rows down per call) built with this runtime, alternated three
# times with the same binary under SOMD_PINNED=0 (rows packed in a pageable temporary, as
# before) and with the binary built with the previous runtime. Carries
# .gpu-carry/stage.tar.xz, .gpu-carry/median (previous runtime), .gpu-carry/median-new.
#   OUT=results bench/gpu/s16-rows.sh
set -u
OUT=${OUT:-gpu-results}; mkdir -p "$OUT"
OUT=$OUT/suite bash bench/gpu/suite-only.sh > /dev/null 2>&1
echo "suite exit $?"; tail -2 "$OUT/suite/suite.txt" 2>/dev/null
tar cJf "$OUT/suite16-rows.tar.xz" -C "$OUT" suite && rm -rf "$OUT/suite"
for round in 1 2 3; do
    for form in new off old; do
        case $form in
            new) B=.gpu-carry/median-new; ENV="" ;;
            off) B=.gpu-carry/median-new; ENV="SOMD_PINNED=0" ;;
            old) B=.gpu-carry/median; ENV="" ;;
        esac
        env $ENV SOMD_DEVICE=opencl SOMD_STRICT=1 SOMD_TRACE=json $B 12 9 \
            > "$OUT/median-$form-$round.out" 2> "$OUT/median-$form-$round.trace"
        echo "$form round $round: $(tail -1 "$OUT/median-$form-$round.out")"
        python3 bench/gpu/call_medians.py "$OUT/median-$form-$round.trace"
        python3 - "$OUT/median-$form-$round.trace" <<'PY'
import json, statistics, sys
by = {}
for line in open(sys.argv[1]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    if j.get("event") == "transfer":
        by.setdefault((j["dir"], j["buffer"], j["pinned"]), []).append(j["ns"] / 1e6)
for (d, b, p), ms in sorted(by.items()):
    print(f"  {d} {b} pinned={p}: median {statistics.median(ms[1:] or ms):.2f} ms over {len(ms)}")
PY
    done
done
