#!/usr/bin/env bash
# Builds release executables of sample programs for bench/gpu/profile.sh and packs them
# into .gpu-carry/profile.tar.xz (carried to the device machine).
#   bench/gpu/build-profile.sh vectoradd saxpy sum ...
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target-gpu}
STAGE=${STAGE:-/tmp/somd-profile}
rm -rf "$STAGE" && mkdir -p "$STAGE/bin" "$STAGE/projects"
cargo build --release -q -p somdc
for name in "$@"; do
  "$CARGO_TARGET_DIR/release/somdc" build "$ROOT/samples/$name.somd" -o "$STAGE/projects/$name"
  (cd "$STAGE/projects/$name" && cargo build --release -q)
  bin=$(sed -n 's/^name = "\(.*\)"/\1/p' "$STAGE/projects/$name/Cargo.toml" | head -1)
  cp "$CARGO_TARGET_DIR/release/$bin" "$STAGE/bin/$name"
done
strip "$STAGE"/bin/*
mkdir -p "$ROOT/.gpu-carry"
tar cJf "$ROOT/.gpu-carry/profile.tar.xz" -C "$STAGE" bin
ls -la "$ROOT/.gpu-carry/profile.tar.xz"
