# Sourced by the device scripts (needs $OUT): the ICD loader finds the NVIDIA driver
# through an .icd file; add one pointing at the driver's libnvidia-opencl when the image
# lacks it (the runtime also honours OCL_ICD_VENDORS, and OPENCL_DYLIB_PATH for the
# loader itself).
if ! grep -qs nvidia /etc/OpenCL/vendors/*.icd; then
  lib=$(ldconfig -p | awk '/libnvidia-opencl.so.1/{print $NF; exit}')
  [ -z "$lib" ] && lib=$(ls /usr/local/nvidia/lib64/libnvidia-opencl.so.1 \
    /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 2>/dev/null | head -1)
  if [ -n "$lib" ]; then
    mkdir -p /tmp/icd && echo "$lib" > /tmp/icd/nvidia.icd
    cp /etc/OpenCL/vendors/*.icd /tmp/icd/ 2>/dev/null
    export OCL_ICD_VENDORS=/tmp/icd
    echo "added OCL_ICD_VENDORS=/tmp/icd with $lib" >> "$OUT/env.txt"
  else
    echo "no libnvidia-opencl.so.1 found" >> "$OUT/env.txt"
  fi
fi
# An ICD folder with NVIDIA's platform only, for runs that must not fall back to PoCL:
# `OCL_ICD_VENDORS=/tmp/icd-nv` (session 117; earlier scripts wrote this loop inline).
mkdir -p /tmp/icd-nv
for f in ${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}/*.icd; do
    grep -qs nvidia "$f" && cp "$f" /tmp/icd-nv/
done
