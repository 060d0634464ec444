#!/bin/bash
# Builds sample_NAMEold: the sample with its 2-D kernel accesses indexed in int, as before
# 3f75fa9 (`m[i * m_len1 + j]`), for the A/B of the long index on the GPU.
# Run here, after staging (STAGE=/tmp/gpu-stage), before packing .gpu-carry: bench/gpu/s58-int-index.sh sor stencil
set -e
mkdir -p /tmp/s58/k && cd /tmp/s58/k
for s in "$@"; do
  rm -rf ${s}old && /work/main/target/release/somdc build -o ${s}old /work/main/samples/$s.somd >/dev/null
  sed -i "s/^name = \"$s\"/name = \"${s}old\"/" ${s}old/Cargo.toml
  perl -pi -e 's/\[\(long\)\(([a-z_0-9]+)\) \* ([a-z_0-9]+_len1) \+ (\((?:[^()]++|(?3))*\))\]/[$1 * $2 + $3]/g' ${s}old/src/main.rs
  echo "$s: $(grep -c '\[(long)([a-z_0-9]*) \* [a-z_0-9]*_len1 + (' ${s}old/src/main.rs || true) long 2-D accesses left"
  (cd ${s}old && CARGO_TARGET_DIR=/work/main/target-gpu cargo build --release -q)
  cp /work/main/target-gpu/release/${s}old /tmp/gpu-stage/bin/sample_${s}old
  strip /tmp/gpu-stage/bin/sample_${s}old
done
