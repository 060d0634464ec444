#!/bin/sh
# Regenerates runtime/tests/expected/*.txt from the JDK (the oracle of tests/jdk_oracle.rs).
# Usage: runtime/tests/java/regen.sh   (needs `javac` on PATH and python3 with pip)
# The programs run on Java 25 (tools/java25.sh): Double.toString changed in JDK 19 to the
# shortest representation that LANGUAGE.md asks for. The version is recorded in
# expected/jdk-version.txt; the Rust test also knows how to read a pre-19 oracle.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
expected="$here/../expected"
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
mkdir -p "$expected"
java=$("$here/../../../tools/java25.sh")
javac -d "$build" "$here"/*.java
for oracle in RandomOracle ToStringOracle FormatOracle ParseOracle MathOracle; do
    name=$(echo "$oracle" | sed 's/Oracle$//' | tr 'A-Z' 'a-z')
    "$java" -Duser.language=en -Duser.country=US -cp "$build" "$oracle" > "$expected/$name.txt"
    echo "wrote $expected/$name.txt ($(wc -l < "$expected/$name.txt") lines)"
done
"$java" -version 2>&1 | head -1 > "$expected/jdk-version.txt"
