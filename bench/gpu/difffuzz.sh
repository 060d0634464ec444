#!/usr/bin/env bash
# Runs differential-fuzz programs staged by `STAGE=DIR tests/difffuzz/run.sh ..` (their
# stripped binaries in DIR/bin, their Java twins' output and exception line in
# DIR/expected) on the device machine, packed with `tar cJf .gpu-carry/NAME.tar.xz -C DIR
# .`: each program under SOMD_DEVICE=opencl SOMD_STRICT=1 (the GPU) and, where PLACEMENTS
# names more (`opencl cpu`), under those too; a program whose output or first exception
# line differs from Java's is reported and its outputs kept under $OUT/fail/.
# Usage (device call, carry .gpu-carry/NAME.tar.xz): ARCHIVE=NAME.tar.xz bash bench/gpu/difffuzz.sh
set -u
mkdir -p "$OUT"
. bench/gpu/icd.sh
D=/tmp/difffuzz
rm -rf "$D" && mkdir -p "$D" && tar xJf ".gpu-carry/$ARCHIVE" -C "$D" && chmod +x "$D"/bin/*
nvidia-smi -L > "$OUT/gpu.txt" 2>&1
for bin in "$D"/bin/*; do
    name=$(basename "$bin")
    for placement in ${PLACEMENTS:-opencl}; do
        out=/tmp/$name.$placement
        SOMD_DEVICE=$placement SOMD_STRICT=1 timeout "${LIMIT:-120}" "$bin" > "$out.out" 2> "$out.err"
        rc=$?
        grep -m1 "^Exception" "$out.err" > "$out.exc"
        if ! cmp -s "$D/expected/$name.out" "$out.out" || ! cmp -s "$D/expected/$name.exc" "$out.exc"; then
            echo "$name on $placement (exit $rc): differs from Java"
            mkdir -p "$OUT/fail"
            cp "$out.out" "$out.err" "$OUT/fail/"
        else
            echo "$name on $placement: ok"
        fi
    done
done | tee "$OUT/difffuzz.txt"
echo "$(grep -c ': ok' "$OUT/difffuzz.txt") runs agree with Java, $(grep -c 'differs' "$OUT/difffuzz.txt") differ" | tee -a "$OUT/difffuzz.txt"
