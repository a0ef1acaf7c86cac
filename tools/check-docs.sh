#!/usr/bin/env bash
# Checks that every class, method and package docs/architecture.md names (in backticks, and the classes drawn in its
# diagrams) exists in the sources; prints one line per missing name and exits 1. Other markdown files may be given as
# arguments. Run by ./run-tests before the build, so CI fails on a document that no longer matches the code.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
. "$root/tools/find-jdk.sh"
loadlab_find_jdk || exit 2
# A single-file program: compiled in memory at each run (about a second), nothing to build or install.
[ $# -gt 0 ] && args=("$root" "$@") || args=(--every-package "$root" docs/architecture.md)
exec "$LOADLAB_JAVA_HOME/bin/java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC "$root/tools/CheckDocs.java" "${args[@]}"
