#!/usr/bin/env bash
# loadlab load --http2 vs h2load against the same nginx serving h2c (HTTP/2 with prior knowledge), side by side:
# requests/s and CPU-seconds per million requests. nginx (1 worker, `listen ... http2`) is pinned to CPU $SERVER_CPU;
# each load generator to CPU $LOAD_CPU with -t1 -c$CONNS -m$STREAMS for $DURATION; the two alternate $ROUNDS times.
# CPU time is the load generator's own (user + system of a subshell that ran only it), JVM start-up and JIT included
# for loadlab; loadlab also reports its CPU time during the measured window, shown as the steady-state figure.
# The ratio reported is the median over the rounds of loadlab's req/s divided by the h2load run just before it.
# LOADLAB_WARMUP=5s gives loadlab an unrecorded warm-up first (JIT); h2load's own warm-up is --warm-up-time.
# Usage: bench/loadgen-vs-h2load.sh
#   (env: DURATION=8s CONNS=20 STREAMS=10 ROUNDS=3 LOAD_CPU=0 SERVER_CPU=1 LOADLAB_WARMUP=0s)
# SMOKE=1: the smallest sizes and a second per step, to check that the script still runs (its figures mean nothing).
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
cd "$root"
. bench/nginx-common.sh
if [ "${SMOKE:-}" = 1 ]; then
  DURATION=${DURATION:-1s} CONNS=${CONNS:-2} STREAMS=${STREAMS:-2} ROUNDS=${ROUNDS:-1}
fi
DURATION=${DURATION:-8s}
CONNS=${CONNS:-20}
STREAMS=${STREAMS:-10}
ROUNDS=${ROUNDS:-3}
LOAD_CPU=${LOAD_CPU:-0}
SERVER_CPU=${SERVER_CPU:-1}
LOADLAB_WARMUP=${LOADLAB_WARMUP:-0s}

need_packages nginx h2load
./loadlab --version >/dev/null   # builds the jar once, outside the measurement
start_nginx "$SERVER_CPU" 4096 h2c
out=$BENCH_TMP/out
: >"$BENCH_TMP/rows"
seconds=${DURATION%s}

# Runs one tool in a subshell pinned to $LOAD_CPU; appends "tool req_s requests cpu_s window_cpu_s" to rows.
measure() {
  local tool=$1
  shift
  (
    taskset -c "$LOAD_CPU" "$@" >"$out" 2>"$out.err"
    times >"$out.times"
  )
  local rps reqs cpu window
  if [ "$tool" = h2load ]; then
    # "finished in 8.00s, 123456.78 req/s, 4.56MB/s" and "requests: N total, N started, N done, N succeeded, ..."
    rps=$(awk '/^finished in/ {print $4}' "$out")
    reqs=$(awk '/^requests:/ {print $8}' "$out")
  else
    rps=$(awk '/^Requests\/sec:/ {print $2}' "$out")
    reqs=$(awk '/requests in/ {print $1; exit}' "$out")
  fi
  cpu=$(sed -n 2p "$out.times" | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); s += a[1] * 60 + a[2] } print s }')
  if [ -z "$rps" ] || [ -z "$reqs" ]; then
    echo "$tool produced no summary:" >&2
    cat "$out" "$out.err" >&2
    exit 1
  fi
  window=$(awk '/Load generator CPU:/ {print $4}' "$out")
  window=${window:-$cpu}
  echo "$tool $rps $reqs $cpu $window" >>"$BENCH_TMP/rows"
  printf '  %-8s %12s req/s  %10s requests  %7.2f CPU-s (process)  %7.2f CPU-s (measured window)\n' \
    "$tool" "$rps" "$reqs" "$cpu" "$window"
}

echo "h2load vs loadlab --http2: -t1 -c$CONNS -m$STREAMS for $DURATION (loadlab warm-up $LOADLAB_WARMUP)," \
  "load on CPU $LOAD_CPU, nginx h2c on CPU $SERVER_CPU, $ROUNDS rounds"
for round in $(seq "$ROUNDS"); do
  echo "round $round"
  measure h2load h2load -t1 -c"$CONNS" -m"$STREAMS" -D "$seconds" "$NGINX_URL"
  measure loadlab env LOADLAB_SKIP_BUILD=1 ./loadlab load --http2 -t1 -c"$CONNS" -m"$STREAMS" -d"$DURATION" \
    --warmup "$LOADLAB_WARMUP" "$NGINX_URL"
done

awk '
  { n[$1]++; rps[$1] += $2; reqs[$1] += $3; cpu[$1] += $4; win[$1] += $5 }
  $1 == "h2load" { hr = $2; hc = $4 / $3 }
  $1 == "loadlab" { k = n["loadlab"]; ratio[k] = $2 / hr; cratio[k] = ($4 / $3) / hc }
  END {
    printf "\n%-8s %12s %28s %28s\n", "tool", "mean req/s", "CPU-s/1M req (process)", "CPU-s/1M req (steady state)"
    for (t in n) {
      m[t] = rps[t] / n[t]; c[t] = cpu[t] / reqs[t] * 1e6; w[t] = win[t] / reqs[t] * 1e6
      printf "%-8s %12.0f %28.2f %28.2f\n", t, m[t], c[t], w[t]
    }
    # median of the per-round ratios (insertion sort: a handful of rounds)
    k = n["loadlab"]
    for (i = 2; i <= k; i++) { v = ratio[i]; j = i - 1; while (j >= 1 && ratio[j] > v) { ratio[j + 1] = ratio[j]; j-- } ratio[j + 1] = v }
    med = k % 2 ? ratio[(k + 1) / 2] : (ratio[k / 2] + ratio[k / 2 + 1]) / 2
    printf "\nround by round: requests/s ratio %.3f..%.3f\n", ratio[1], ratio[k]
    printf "median ratio loadlab/h2load: requests/s %.3f over %d rounds (target >= 0.9)\n", med, k
    printf "ratio loadlab/h2load: CPU per request %.3f with JVM start-up, %.3f steady state\n", \
      c["loadlab"] / c["h2load"], w["loadlab"] / w["h2load"]
  }' "$BENCH_TMP/rows"
