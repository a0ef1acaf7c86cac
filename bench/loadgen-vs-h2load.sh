#!/usr/bin/env bash
# loadlab load --http2 vs h2load against the same nginx serving h2c (HTTP/2 with prior knowledge), side by side:
# requests/s and CPU-seconds per million requests. nginx (1 worker, `listen ... http2`) is pinned to CPU $SERVER_CPU;
# each load generator to CPU $LOAD_CPU with -t1 -c$CONNS -m$STREAMS for $DURATION; the two alternate $ROUNDS times.
# CPU time is the load generator's own (user + system of a subshell that ran only it), JVM start-up and JIT included
# for loadlab; loadlab also reports its CPU time during the measured window, shown as the steady-state figure.
# Each loadlab run stands between two h2load runs (one more h2load run closes the last round) and is compared with the
# geometric mean of those two, so that a steady drift of a shared host's speed cancels; the ratios printed are the
# medians over the rounds.
# LOADLAB_WARMUP [5s]: loadlab's unrecorded warm-up (--warmup) before its window, so that the window compares steady
# states (h2load has no JIT to wait for); LOADLAB_WARMUP=0s measures loadlab from its start.
# Each run also reports nginx's worker: its busy share of its core over the busiest span of the run as long as the
# window, that share over the tool's requests/s (nginx's CPU per request), and how often nginx and the tool's load
# threads went to sleep, per thousand requests (each sleep of the tool is a wake-up nginx pays for when it sends the
# next response: bench/loadgen-vs-wrk.sh says more). Where nginx is about fully busy under
# both tools its core sets the rate, and a requests/s ratio says how cheaply each tool lets nginx serve; a note splits
# the ratio of mean requests/s into how much busier nginx was and how much cheaper per request.
# Usage: bench/loadgen-vs-h2load.sh
#   (env: DURATION=8s CONNS=20 STREAMS=10 ROUNDS=3 LOAD_CPU=0 SERVER_CPU=1 LOADLAB_WARMUP=5s)
# SMOKE=1: the smallest sizes and a second per step, to check that the script still runs (its figures mean nothing).
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
cd "$root"
. bench/nginx-common.sh
if [ "${SMOKE:-}" = 1 ]; then
  DURATION=${DURATION:-1s} CONNS=${CONNS:-2} STREAMS=${STREAMS:-2} ROUNDS=${ROUNDS:-1} LOADLAB_WARMUP=${LOADLAB_WARMUP:-1s}
fi
DURATION=${DURATION:-8s}
CONNS=${CONNS:-20}
STREAMS=${STREAMS:-10}
ROUNDS=${ROUNDS:-3}
LOAD_CPU=${LOAD_CPU:-0}
SERVER_CPU=${SERVER_CPU:-1}
LOADLAB_WARMUP=${LOADLAB_WARMUP:-5s}

need_packages nginx h2load
./loadlab --version >/dev/null   # builds the jar once, outside the measurement
start_nginx "$SERVER_CPU" 4096 h2c
out=$BENCH_TMP/out
: >"$BENCH_TMP/rows"
seconds=${DURATION%s}

# Runs one tool in a subshell pinned to $LOAD_CPU; appends "tool req_s requests cpu_s window_cpu_s nginx_busy
# nginx_sleeps tool_sleeps" to rows.
measure() {
  local tool=$1
  shift
  run_sampled "$out" "$@"
  local rps reqs cpu window
  if [ "$tool" = h2load ]; then
    # "finished in 8.00s, 123456.78 req/s, 4.56MB/s" and "requests: N total, N started, N done, N succeeded, ..."
    rps=$(awk '/^finished in/ {print $4}' "$out")
    reqs=$(awk '/^requests:/ {print $8}' "$out")
  else
    rps=$(awk '/^Requests\/sec:/ {print $2}' "$out")
    reqs=$(awk '/requests in/ {print $1; exit}' "$out")
  fi
  cpu=$(tool_cpu "$out")
  if [ -z "$rps" ] || [ -z "$reqs" ]; then
    echo "$tool produced no summary:" >&2
    cat "$out" "$out.err" >&2
    exit 1
  fi
  window=$(awk '/Load generator CPU:/ {print $4}' "$out")
  window=${window:-$cpu}
  # nginx's busy share over the busiest span of the run as long as the window (for loadlab: not its warm-up), and how
  # often nginx and the tool's load threads went to sleep over that span, per thousand requests
  local busy sleeps tool_naps
  read -r busy sleeps tool_naps < <(nginx_busy "$out.nginx" "$seconds" "$rps")
  echo "$tool $rps $reqs $cpu $window $busy $sleeps $tool_naps" >>"$BENCH_TMP/rows"
  printf '  %-8s %12s req/s  %10s requests  %7.2f CPU-s (process)  %7.2f CPU-s (measured window)  nginx %3.0f%% busy, %6.2f sleeps/1k req; tool %6.2f sleeps/1k req\n' \
    "$tool" "$rps" "$reqs" "$cpu" "$window" "$(awk -v b="$busy" 'BEGIN { print 100 * b }')" "$sleeps" "$tool_naps"
}

echo "h2load vs loadlab --http2: -t1 -c$CONNS -m$STREAMS for $DURATION (loadlab warm-up $LOADLAB_WARMUP)," \
  "load on CPU $LOAD_CPU, nginx h2c on CPU $SERVER_CPU, $ROUNDS rounds"
for round in $(seq "$ROUNDS"); do
  echo "round $round"
  measure h2load h2load -t1 -c"$CONNS" -m"$STREAMS" -D "$seconds" "$NGINX_URL"
  measure loadlab env LOADLAB_SKIP_BUILD=1 ./loadlab load --http2 -t1 -c"$CONNS" -m"$STREAMS" -d"$DURATION" \
    --warmup "$LOADLAB_WARMUP" "$NGINX_URL"
done
echo "closing h2load run"
measure h2load h2load -t1 -c"$CONNS" -m"$STREAMS" -D "$seconds" "$NGINX_URL"

awk "$COMPARE_AWK"'
  { n[$1]++; rps[$1] += $2; reqs[$1] += $3; cpu[$1] += $4; win[$1] += $5; busy[$1] += $6; naps[$1] += $7; tnaps[$1] += $8
    tool[NR] = $1; rate[NR] = $2; per[NR] = $4 / $3; perw[NR] = $5 / $3 }
  END {
    # each loadlab run against the geometric mean of the h2load runs on either side of it
    for (i = 1; i <= NR; i++) {
      if (tool[i] != "loadlab") continue
      hr = around(rate, i, "h2load"); hc = around(per, i, "h2load")
      if (hr < 0) continue
      k++; ratio[k] = rate[i] / hr; cr[k] = perw[i] / hc; pr[k] = per[i] / hc
      if (k == 1 || ratio[k] < lo) lo = ratio[k]; if (k == 1 || ratio[k] > hi) hi = ratio[k]
    }
    printf "\n%-8s %12s %28s %28s %12s %16s %22s %21s\n", "tool", "mean req/s", "CPU-s/1M req (process)", "CPU-s/1M req (steady state)", "nginx busy", "nginx us/req", "nginx sleeps/1k req", "tool sleeps/1k req"
    for (t in n) {
      printf "%-8s %12.0f %28.2f %28.2f %11.0f%% %16.2f %22.2f %21.2f\n", t, rps[t] / n[t], cpu[t] / reqs[t] * 1e6, win[t] / reqs[t] * 1e6, 100 * share(t), cost(t) * 1e6, naps[t] / n[t], tnaps[t] / n[t]
    }
    if (k == 0) exit
    printf "\nmedian of %d rounds, loadlab/h2load: requests/s %.3f (target >= 0.9; rounds %.3f..%.3f),", k, median(ratio, k), lo, hi
    printf " CPU per request %.3f in the measured window, %.3f with JVM start-up\n", median(cr, k), median(pr, k)
    if (share("h2load") > 0 && cost("loadlab") > 0) {
      bt = share("loadlab") / share("h2load"); ct = cost("h2load") / cost("loadlab")
      printf "note: loadlab/h2load mean requests/s %.3f = nginx busier %.3fx times nginx cheaper per request %.3fx", bt * ct, bt, ct
      printf " (nginx %.0f%% busy under loadlab, %.0f%% under h2load)\n", 100 * share("loadlab"), 100 * share("h2load")
    }
  }' "$BENCH_TMP/rows"
