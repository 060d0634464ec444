#!/usr/bin/env bash
# Interleaved rounds of one program on the device machine: the GPU (SOMD_DEVICE=opencl
# SOMD_STRICT=1), the GPU with `SOMD_KEEP=off` (every call uploads what a host loop would
# keep) and the CPU back end, ROUNDS times (default 5), each run's output on one line.
# Expects the ICD set up (`. bench/gpu/icd.sh`).
#
# Usage: bench/gpu/rounds.sh BINARY "ARGS"
set -u
B=$1
ARGS=$2
chmod +x "$B"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "$(basename "$B") args: $ARGS; threads $(nproc)"
for round in $(seq 1 "${ROUNDS:-5}"); do
    echo "round $round opencl: $(SOMD_DEVICE=opencl SOMD_STRICT=1 timeout 120 "$B" $ARGS \
        | tr '\n' ' ')"
    echo "round $round opencl-keep-off: $(SOMD_KEEP=off SOMD_DEVICE=opencl SOMD_STRICT=1 \
        timeout 120 "$B" $ARGS | tr '\n' ' ')"
    echo "round $round cpu: $(SOMD_DEVICE=cpu timeout 120 "$B" $ARGS | tr '\n' ' ')"
done
