#!/usr/bin/env bash
# Holds 10,000 concurrent connections against nginx with `loadlab load -c 10000` and prints how many were
# established (sampled with ss during the run), the connect errors and the requests/s; then runs `wrk -c10000` with
# the same threads against the same nginx and prints both tools' CPU per request side by side (loadlab's in its
# measured window, from its "Load generator CPU" line; wrk's for its whole process, which has no start-up worth the
# name).
# Usage: bench/c10k.sh   (env: CONNS=10000 DURATION=10s THREADS=2 SERVER_CPU=1 TRANSPORT= (loadlab's --transport))
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
TRANSPORT=${TRANSPORT:-}

ulimit -n "$(ulimit -Hn)"
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt $((CONNS + 1000)) ]; then
  echo "c10k: open-file limit $(ulimit -n) is too low for $CONNS connections; raise the hard limit (ulimit -Hn)" >&2
  exit 2
fi
need_packages nginx wrk
./loadlab --version >/dev/null
start_nginx "$SERVER_CPU" $((CONNS * 3 / 2 + 1024))
port=${NGINX_URL##*:}
port=${port%/}
json=$BENCH_TMP/c10k.json

LOADLAB_SKIP_BUILD=1 ./loadlab load -t "$THREADS" -c "$CONNS" -d "$DURATION" ${TRANSPORT:+--transport "$TRANSPORT"} \
  --json "$json" "$NGINX_URL" >"$BENCH_TMP/out" 2>&1 &
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
requests=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["throughput"]["requests"])' "$json")
transport=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["run"].get("transport") or "?")' "$json")
window_cpu=$(awk '/Load generator CPU:/ {print $4}' "$BENCH_TMP/out")
echo
echo "c10k: connections requested $CONNS, established (max seen by ss) $max, connect errors $connect_errors, $rps req/s"

# wrk on the same nginx with the same connections and threads: its requests and its process's CPU time.
(
  wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" "$NGINX_URL" >"$BENCH_TMP/wrk.out" 2>&1
  times >"$BENCH_TMP/wrk.times"
) || true
wrk_reqs=$(awk '/requests in/ {print $1; exit}' "$BENCH_TMP/wrk.out")
wrk_rps=$(awk '/^Requests\/sec:/ {printf "%d", $2}' "$BENCH_TMP/wrk.out")
wrk_cpu=$(tool_cpu "$BENCH_TMP/wrk")
wrk_errors=$(awk '/Socket errors/ {print}' "$BENCH_TMP/wrk.out")
echo "c10k: wrk -t$THREADS -c$CONNS -d$DURATION: ${wrk_rps:-?} req/s${wrk_errors:+ ($wrk_errors)}"
if [ -n "$window_cpu" ] && [ -n "$wrk_reqs" ] && [ "${wrk_reqs:-0}" -gt 0 ] && [ "$requests" -gt 0 ]; then
  awk -v c="$CONNS" -v lc="$window_cpu" -v lr="$requests" -v wc="$wrk_cpu" -v wr="$wrk_reqs" -v t="$transport" 'BEGIN {
    l = lc / lr * 1e6; w = wc / wr * 1e6
    printf "c10k: CPU per request at %s connections: loadlab (%s) %.2f µs, wrk %.2f µs, ratio %.3f (target <= 1.0)\n", \
      c, t, l, w, (w > 0 ? l / w : 0)
  }'
else
  echo "c10k: CPU per request not compared (no measured-window CPU from loadlab or no requests from wrk)"
fi
[ "$max" -ge "$CONNS" ] && [ "$connect_errors" -eq 0 ]
