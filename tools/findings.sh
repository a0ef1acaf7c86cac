#!/usr/bin/env bash
# Reruns the four seed suites, each at its own repetitions, checks their results into docs/findings/SUITE-STAMP/
# (results.json and environment.json; the histogram logs stay out for size) in place of the older runs of the same
# suite, then redraws every generated table of docs/findings.md and docs/findings/*.md with `loadlab findings`.
#   tools/findings.sh                 rerun all four (about an hour and a half on 2 cores; run on a quiet host), redraw
#   tools/findings.sh SUITE...        rerun only these, redraw
#   tools/findings.sh --tables-only   run nothing: redraw the tables from the results checked in
# A run whose exit is 1 (a trial that could not be measured honestly) is still checked in: its verdicts say why.
# Exit 2 or more stops the script, and the docs keep their older run of that suite.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
cd "$root"
seeds=(spring-async-servlet reactive-crud c10k-backend rxjava-servers)
tables_only=0
suites=()
for a in "$@"; do
  case $a in
    --tables-only) tables_only=1 ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "findings.sh: unknown option $a (--tables-only, or suite names)" >&2; exit 2 ;;
    *) suites+=("$a") ;;
  esac
done
[ ${#suites[@]} -gt 0 ] || suites=("${seeds[@]}")
for s in "${suites[@]}"; do
  [ -f "suites/$s.yaml" ] || { echo "findings.sh: no suite $s (suites/$s.yaml)" >&2; exit 2; }
done

if [ "$tables_only" = 0 ]; then
  runs=$(mktemp -d "${TMPDIR:-/tmp}/loadlab-findings.XXXXXX")
  for s in "${suites[@]}"; do
    echo "findings.sh: ./loadlab run $s (commit $(git rev-parse --short HEAD))" >&2
    start=$SECONDS
    rc=0
    ./loadlab run "$s" --results "$runs" || rc=$?
    if [ "$rc" -gt 1 ]; then
      echo "findings.sh: ./loadlab run $s exited $rc; docs/findings/ keeps its older run of $s" >&2
      exit "$rc"
    fi
    run=$(find "$runs" -maxdepth 1 -type d -regextype posix-extended -regex ".*/$s-[0-9]{8}-[0-9]{6}" | sort | tail -n 1)
    [ -f "$run/results.json" ] || { echo "findings.sh: $s wrote no results.json under $runs" >&2; exit 3; }
    dest="docs/findings/$(basename "$run")"
    for old in docs/findings/"$s"-*; do
      if [ -d "$old" ] && [[ $(basename "$old") =~ ^$s-[0-9]{8}-[0-9]{6}$ ]] && [ "$old" != "$dest" ]; then
        rm -rf "$old"
      fi
    done
    mkdir -p "$dest"
    cp "$run/results.json" "$dest/"
    [ ! -f "$run/environment.json" ] || cp "$run/environment.json" "$dest/"
    echo "findings.sh: $s: exit $rc in $(( (SECONDS - start) / 60 )) min $(( (SECONDS - start) % 60 )) s -> $dest" >&2
  done
  rm -rf "$runs"
fi
./loadlab findings --docs docs
