#!/usr/bin/env bash
# loadlab load vs wrk against the same nginx, side by side: requests/s and CPU-seconds per million requests.
# nginx (1 worker) is pinned to CPU $SERVER_CPU; each load generator to CPU $LOAD_CPU with -t1 -c$CONNS -d$DURATION;
# the two alternate $ROUNDS times. CPU time is the load generator's own (user + system, via the shell's `times` of a
# subshell that ran only it), JVM start-up and JIT included for loadlab. loadlab also reports its own CPU time during
# the measured window (from /proc/self/stat, all threads), shown as the steady-state figure; wrk has no start-up
# cost worth the name, so its steady-state figure is its process figure.
# LOADLAB_WARMUP=5s gives loadlab an unrecorded warm-up first (JIT), to compare steady states; default none.
# On a shared (virtual) machine single runs of either tool vary by +-10%: raise ROUNDS and read the round-by-round
# spread printed at the end before trusting a ratio.
# Usage: bench/loadgen-vs-wrk.sh   (env: DURATION=10s CONNS=100 ROUNDS=3 LOAD_CPU=0 SERVER_CPU=1 LOADLAB_WARMUP=)
# SMOKE=1: the smallest sizes and a second per step, to check that the script still runs (its figures mean nothing).
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
cd "$root"
. bench/nginx-common.sh
if [ "${SMOKE:-}" = 1 ]; then
  DURATION=${DURATION:-1s} CONNS=${CONNS:-10} ROUNDS=${ROUNDS:-1}
fi
DURATION=${DURATION:-10s}
CONNS=${CONNS:-100}
ROUNDS=${ROUNDS:-3}
LOAD_CPU=${LOAD_CPU:-0}
SERVER_CPU=${SERVER_CPU:-1}
LOADLAB_WARMUP=${LOADLAB_WARMUP:-0s}

need_packages nginx wrk
./loadlab --version >/dev/null   # builds the jar once, outside the measurement
start_nginx "$SERVER_CPU" 4096
out=$BENCH_TMP/out
: >"$BENCH_TMP/rows"

# Runs one tool in a subshell pinned to $LOAD_CPU; appends "tool req_s requests cpu_s window_cpu_s" to rows.
measure() {
  local tool=$1
  shift
  (
    taskset -c "$LOAD_CPU" "$@" >"$out" 2>"$out.err"
    times >"$out.times"
  )
  local rps reqs cpu
  rps=$(awk '/^Requests\/sec:/ {print $2}' "$out")
  reqs=$(awk '/requests in/ {print $1; exit}' "$out")
  # second line of `times`: children's user and system time, e.g. "0m9.120s 0m3.310s"
  cpu=$(sed -n 2p "$out.times" | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); s += a[1] * 60 + a[2] } print s }')
  if [ -z "$rps" ] || [ -z "$reqs" ]; then
    echo "$tool produced no summary:" >&2
    cat "$out" "$out.err" >&2
    exit 1
  fi
  local window
  window=$(awk '/Load generator CPU:/ {print $4}' "$out")
  window=${window:-$cpu}
  echo "$tool $rps $reqs $cpu $window" >>"$BENCH_TMP/rows"
  printf '  %-8s %12s req/s  %10s requests  %7.2f CPU-s (process)  %7.2f CPU-s (measured window)\n' \
    "$tool" "$rps" "$reqs" "$cpu" "$window"
}

echo "wrk vs loadlab: -t1 -c$CONNS -d$DURATION (loadlab warm-up $LOADLAB_WARMUP), load on CPU $LOAD_CPU," \
  "nginx on CPU $SERVER_CPU, $ROUNDS rounds"
for round in $(seq "$ROUNDS"); do
  echo "round $round"
  measure wrk wrk -t1 -c"$CONNS" -d"$DURATION" "$NGINX_URL"
  measure loadlab env LOADLAB_SKIP_BUILD=1 ./loadlab load -t1 -c"$CONNS" -d"$DURATION" --warmup "$LOADLAB_WARMUP" "$NGINX_URL"
done

awk '
  { n[$1]++; rps[$1] += $2; reqs[$1] += $3; cpu[$1] += $4; win[$1] += $5 }
  # per round (each loadlab run against the wrk run just before it): the spread that the means hide
  $1 == "wrk" { wr = $2; wc = $4 / $3 }
  $1 == "loadlab" {
    rr = $2 / wr; cr = ($4 / $3) / wc
    if (n["loadlab"] == 1 || rr < rmin) rmin = rr; if (n["loadlab"] == 1 || rr > rmax) rmax = rr
    if (n["loadlab"] == 1 || cr < cmin) cmin = cr; if (n["loadlab"] == 1 || cr > cmax) cmax = cr
  }
  END {
    printf "\n%-8s %12s %28s %28s\n", "tool", "mean req/s", "CPU-s/1M req (process)", "CPU-s/1M req (steady state)"
    for (t in n) {
      m[t] = rps[t] / n[t]; c[t] = cpu[t] / reqs[t] * 1e6; w[t] = win[t] / reqs[t] * 1e6
      printf "%-8s %12.0f %28.2f %28.2f\n", t, m[t], c[t], w[t]
    }
    printf "\nratio loadlab/wrk: requests/s %.3f (target >= 0.9)\n", m["loadlab"] / m["wrk"]
    printf "ratio loadlab/wrk: CPU per request %.3f with JVM start-up, %.3f steady state (target <= 1.1)\n", \
      c["loadlab"] / c["wrk"], w["loadlab"] / w["wrk"]
    printf "round by round: requests/s ratio %.3f..%.3f, CPU per request ratio (with start-up) %.3f..%.3f\n", \
      rmin, rmax, cmin, cmax
  }' "$BENCH_TMP/rows"
