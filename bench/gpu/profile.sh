#!/usr/bin/env bash
# On the device machine, from the repository root, with .gpu-carry carried:
#   OUT=results bench/gpu/profile.sh 'vectoradd 20000000' 'montecarlo 8192 10000' ...
# Unpacks .gpu-carry/profile.tar.xz (bench/gpu/build-profile.sh), makes the NVIDIA OpenCL
# driver visible to the ICD loader (the image lists only PoCL), then runs profile.py twice:
# with every ICD (PoCL and NVIDIA) and with the NVIDIA ICD alone, to show what discovering
# the other platform costs.
set -u
OUT=${OUT:-gpu-results}
STAGE=/tmp/somd-profile
mkdir -p "$OUT" "$STAGE" && tar xJf .gpu-carry/profile.tar.xz -C "$STAGE" || exit 1
lib=$(ldconfig -p | awk '/libnvidia-opencl.so.1/{print $NF; exit}')
[ -z "$lib" ] && lib=$(ls /usr/local/nvidia/lib64/libnvidia-opencl.so.1 2>/dev/null | head -1)
mkdir -p /tmp/icd-all /tmp/icd-nvidia
echo "$lib" > /tmp/icd-all/nvidia.icd && echo "$lib" > /tmp/icd-nvidia/nvidia.icd
cp /etc/OpenCL/vendors/*.icd /tmp/icd-all/ 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "== all ICDs: $(ls /tmp/icd-all)"
OCL_ICD_VENDORS=/tmp/icd-all python3 bench/gpu/profile.py "$STAGE" "$@" | tee "$OUT/profile-all.md"
echo "== NVIDIA ICD only"
OCL_ICD_VENDORS=/tmp/icd-nvidia REPS=3 python3 bench/gpu/profile.py "$STAGE" "$@" | tee "$OUT/profile-nvidia.md"
