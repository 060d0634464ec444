#!/usr/bin/env bash
# Builds programs with the compiler and runtime of an older revision (old/NAME) and of the
# working tree (new/NAME, with target/release/somdc built), release profile, stripped,
# and packs both into .gpu-carry/ARCHIVE for a device call (s107a.sh's old/new rounds).
# NAME is a sample (samples/NAME.somd) or a bench program (bench/gpu/programs/NAME.somd).
# Usage: bench/gpu/build_oldnew.sh OLD_REV ARCHIVE NAME...
set -eu
old_rev=$1
archive=$2
shift 2
root=$PWD
work=/tmp/oldnew-$old_rev
tree=$work/tree
[ -d "$tree" ] || git worktree add -f --detach "$tree" "$old_rev" > /dev/null
(cd "$tree" && CARGO_TARGET_DIR=$work/compiler cargo build -q --release -p somdc)
for v in old new; do
    mkdir -p "$work/out/$v"
    if [ $v = old ]; then somdc=$work/compiler/release/somdc runtime=$tree/runtime src=$tree
    else somdc=$root/target/release/somdc runtime=$root/runtime src=$root; fi
    for name in "$@"; do
        file=$src/samples/$name.somd
        [ -f "$file" ] || file=$src/bench/gpu/programs/$name.somd
        [ -f "$file" ] || file=$root/bench/gpu/programs/$name.somd
        project=$work/projects/$v/$name
        SOMD_RUNTIME=$runtime "$somdc" build "$file" -o "$project" > /dev/null
        (cd "$project" && CARGO_TARGET_DIR=$work/target-$v cargo build -q --release)
        package=$(sed -n 's/^name = "\(.*\)"/\1/p' "$project/Cargo.toml" | head -1)
        cp "$work/target-$v/release/$package" "$work/out/$v/$name"
    done
done
strip "$work"/out/*/*
mkdir -p .gpu-carry
XZ_OPT=-9 tar cJf ".gpu-carry/$archive" -C "$work/out" old new
echo "$archive: $(du -h ".gpu-carry/$archive" | cut -f1), old at $old_rev, new at $(git rev-parse --short HEAD) with the working tree"
