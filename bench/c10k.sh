#!/usr/bin/env bash
# Holds 10,000 concurrent connections against nginx with `loadlab load -c 10000` and prints how many were
# established (sampled with ss during the run), the connect errors and the requests/s.
# Usage: bench/c10k.sh   (env: CONNS=10000 DURATION=10s THREADS=2 SERVER_CPU=1)
# SMOKE=1: the smallest sizes and a second per step, to check that the script still runs (its figures mean nothing).
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
cd "$root"
. bench/nginx-common.sh
if [ "${SMOKE:-}" = 1 ]; then
  CONNS=${CONNS:-100} DURATION=${DURATION:-1s} THREADS=${THREADS:-1}
fi
CONNS=${CONNS:-10000}
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
SERVER_CPU=${SERVER_CPU:-1}

ulimit -n "$(ulimit -Hn)"
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt $((CONNS + 1000)) ]; then
  echo "c10k: open-file limit $(ulimit -n) is too low for $CONNS connections; raise the hard limit (ulimit -Hn)" >&2
  exit 2
fi
need_packages nginx
./loadlab --version >/dev/null
start_nginx "$SERVER_CPU" $((CONNS * 3 / 2 + 1024))
port=${NGINX_URL##*:}
port=${port%/}
json=$BENCH_TMP/c10k.json

LOADLAB_SKIP_BUILD=1 ./loadlab load -t "$THREADS" -c "$CONNS" -d "$DURATION" --json "$json" "$NGINX_URL" >"$BENCH_TMP/out" 2>&1 &
load_pid=$!
max=0
while kill -0 "$load_pid" 2>/dev/null; do
  n=$(ss -Htn state established "( dport = :$port )" 2>/dev/null | wc -l)
  [ "$n" -gt "$max" ] && max=$n
  sleep 0.5
done
wait "$load_pid" || { cat "$BENCH_TMP/out" >&2; exit 1; }
cat "$BENCH_TMP/out"
connect_errors=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["errors"]["connect"])' "$json")
rps=$(python3 -c 'import json,sys; print(round(json.load(open(sys.argv[1]))["throughput"]["rps"]))' "$json")
echo
echo "c10k: connections requested $CONNS, established (max seen by ss) $max, connect errors $connect_errors, $rps req/s"
[ "$max" -ge "$CONNS" ] && [ "$connect_errors" -eq 0 ]
