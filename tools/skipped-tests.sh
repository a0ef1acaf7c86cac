#!/usr/bin/env bash
# Prints one line per test skipped in the surefire reports written after MARKER (a file touched before the build):
# the test and the reason it gave, e.g. "skipped: the host was busy (...)". Run by ./run-tests after the build, so a
# skipped test never passes unseen.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
marker=$1
find "$root" -path '*/target/surefire-reports/TEST-*.xml' -newer "$marker" -print0 2>/dev/null \
    | xargs -0 -r awk '
        /<testcase / {
            match($0, /name="[^"]*"/); name = substr($0, RSTART + 6, RLENGTH - 7)
            match($0, /classname="[^"]*"/); cls = substr($0, RSTART + 11, RLENGTH - 12)
        }
        /<skipped/ {
            why = ""
            if (match($0, /message="[^"]*"/)) {
                why = substr($0, RSTART + 9, RLENGTH - 10)
            } else if (match($0, /CDATA\[[^:]*: /)) {
                why = substr($0, RSTART + RLENGTH)
            }
            gsub(/&quot;/, "\"", why); gsub(/&apos;/, "'"'"'", why); gsub(/&lt;/, "<", why); gsub(/&gt;/, ">", why)
            gsub(/&amp;/, "\\&", why)
            n++
            sub(/^skipped: /, "", why)
            printf "run-tests: skipped %s.%s: %s\n", cls, name, (why == "" ? "(no reason given)" : why)
        }
        END { if (n > 0) printf "run-tests: %d test(s) skipped, each with its reason above\n", n }
    ' >&2
