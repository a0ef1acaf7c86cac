#!/usr/bin/env bash
# loadlab load vs wrk against the same nginx, side by side: requests/s and CPU-seconds per million requests.
# nginx (1 worker) is pinned to CPU $SERVER_CPU; each load generator to CPU $LOAD_CPU with -t1 -c$CONNS -d$DURATION;
# the two alternate $ROUNDS times. CPU time is the load generator's own (user + system, via the shell's `times` of a
# subshell that ran only it), JVM start-up and JIT included for loadlab. loadlab also reports its own CPU time during
# the measured window (from /proc/self/stat, all threads), shown as the steady-state figure; wrk has no start-up
# cost worth the name, so its steady-state figure is its process figure.
# LOADLAB_WARMUP [5s]: loadlab's unrecorded warm-up (--warmup) before its window, so that the window compares steady
# states: with none, the window holds the JVM's first seconds (interpreted code, C2 compiling on the same core). The
# process figure still counts everything from the JVM's start. LOADLAB_WARMUP=0s measures loadlab from its start.
# On a shared (virtual) machine single runs of either tool vary by +-10%: raise ROUNDS and read the round-by-round
# spread printed at the end before trusting a ratio.
# loadlab runs once per round on each of $TRANSPORTS (its --transport: epoll, io_uring, nio), each run between two wrk
# runs (one more wrk run closes the last round), and is compared with the geometric mean of those two: a shared host's
# speed drifts within a round, and a run bracketed by its reference holds none of a steady drift and less of a jump
# than one compared with the run before it alone. The ratios printed last are the medians over the rounds, then each
# tool's best round against wrk's best (highest requests/s, lowest CPU per request), wrk's taken over all its runs: on
# a shared machine a tool's rate against one nginx core sits at one of two levels for seconds at a time
# (docs/benchmarks.md), and a round's ratio may compare a tool at the lower level with one at the upper; the host's
# slow spells only ever slow a tool down, so the best rounds compare the two at the same level. A tool whose rounds
# spread more than 15% gets a note saying so. Each run also reports nginx's worker: its busy share of its core over
# the busiest span of the run as long as the window, that share divided by the tool's requests/s (nginx's CPU per
# request), and how often it went to sleep for want of a request (its voluntary context switches per thousand requests
# over the same span): the idle share a tool leaves nginx is that many sleeps and the wake-ups after them. Beside it,
# how often the tool's load threads went to sleep for want of a response over the same span (tool_sleeps in
# bench/nginx-common.sh): each is a wake-up that nginx pays for on its own core when it sends the next response, so a
# tool that drains its responses faster than nginx sends them and then sleeps makes nginx's requests dearer than one
# that is never idle. Where nginx is at least 90% busy its core bounds the rate, and a requests/s ratio compares how
# cheaply each tool lets nginx serve (docs/benchmarks.md). A note then splits each loadlab/wrk ratio of mean
# requests/s exactly into how much busier nginx was and how much cheaper per request, and gives the most that ratio
# could be with nginx 100% busy.
# Two layouts, each a full comparison of its own, by default one after the other ($LAYOUTS):
# tool-bound: a busy loop shares CPU $LOAD_CPU with every tool, so each gets about half the core and the tool, not
#   nginx, sets the rate (nginx about half busy): the tools' own speed and cost per request, as when a load generator
#   drives a server faster than itself. This is the comparison the targets apply to. Both tools see the same
#   contention; each runs in time slices and finds the responses of the slice it missed waiting, so it works in bigger
#   batches than alone.
# nginx-bound: each tool has CPU $LOAD_CPU to itself and nginx's one core is the limit (at least 90% busy under
#   either tool on 2 cores): requests/s then measures how cheaply each tool lets nginx serve more than the tool; the
#   split into nginx's busy share and its cost per request says how much room there was at all.
# The summary at the end gives each layout's medians side by side. HALF_CORE=1 runs the tool-bound layout alone,
# HALF_CORE=0 the nginx-bound one (as LAYOUTS=tool-bound or LAYOUTS=nginx-bound).
# Usage: bench/loadgen-vs-wrk.sh   (env: DURATION=10s CONNS=100 ROUNDS=3 LOAD_CPU=0 SERVER_CPU=1 LOADLAB_WARMUP=5s
#        TRANSPORTS="epoll io_uring" LAYOUTS="tool-bound nginx-bound")
# SMOKE=1: the smallest sizes and a second per step, to check that the script still runs (its figures mean nothing).
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
cd "$root"
. bench/nginx-common.sh
if [ "${SMOKE:-}" = 1 ]; then
  DURATION=${DURATION:-1s} CONNS=${CONNS:-10} ROUNDS=${ROUNDS:-1} LOADLAB_WARMUP=${LOADLAB_WARMUP:-1s}
fi
DURATION=${DURATION:-10s}
CONNS=${CONNS:-100}
ROUNDS=${ROUNDS:-3}
LOAD_CPU=${LOAD_CPU:-0}
SERVER_CPU=${SERVER_CPU:-1}
LOADLAB_WARMUP=${LOADLAB_WARMUP:-5s}
TRANSPORTS=${TRANSPORTS:-epoll io_uring}

case "${HALF_CORE:-}" in
  1) LAYOUTS=tool-bound ;;
  0) LAYOUTS=nginx-bound ;;
esac
LAYOUTS=${LAYOUTS:-tool-bound nginx-bound}
for layout in $LAYOUTS; do
  case $layout in
    tool-bound | nginx-bound) ;;
    *) echo "LAYOUTS: unknown layout '$layout'; use tool-bound, nginx-bound or both: LAYOUTS='tool-bound nginx-bound'" >&2; exit 2 ;;
  esac
done

need_packages nginx wrk
./loadlab --version >/dev/null   # builds the jar once, outside the measurement
start_nginx "$SERVER_CPU" 4096
HOG_PID=
stop_hog() {
  if [ -n "$HOG_PID" ]; then
    kill "$HOG_PID" 2>/dev/null || true
    wait "$HOG_PID" 2>/dev/null || true
    HOG_PID=
  fi
}
cleanup() {
  stop_hog
  stop_nginx
}
trap cleanup EXIT
trap 'exit 130' INT TERM
WINDOW_S=${DURATION%s}
[[ $WINDOW_S =~ ^[0-9]+$ ]] || WINDOW_S=1000000
out=$BENCH_TMP/out
: >"$BENCH_TMP/summary"

# Runs one tool in a subshell pinned to $LOAD_CPU; appends "tool req_s requests cpu_s window_cpu_s nginx_busy
# nginx_sleeps tool_sleeps" to rows.
measure() {
  local tool=$1
  shift
  run_sampled "$out" "$@"
  local rps reqs cpu
  rps=$(awk '/^Requests\/sec:/ {print $2}' "$out")
  reqs=$(awk '/requests in/ {print $1; exit}' "$out")
  cpu=$(tool_cpu "$out")
  if [ -z "$rps" ] || [ -z "$reqs" ]; then
    echo "$tool produced no summary:" >&2
    cat "$out" "$out.err" >&2
    exit 1
  fi
  local window
  window=$(awk '/Load generator CPU:/ {print $4}' "$out")
  window=${window:-$cpu}
  # nginx's worker: its busy share of its core over the busiest span of the run as long as the measured window (wrk's
  # whole run; for loadlab its window, not its start-up, warm-up or exit), from the sampler's one-second readings
  # and, over the same span, how often it went to sleep (its voluntary context switches: an epoll_wait that found
  # nothing ready), and how often the tool's load threads did, per thousand requests at the tool's mean rate
  local busy sleeps tool_naps
  read -r busy sleeps tool_naps < <(nginx_busy "$out.nginx" "$WINDOW_S" "$rps")
  echo "$tool $rps $reqs $cpu $window $busy $sleeps $tool_naps" >>"$rows"
  printf '  %-8s %12s req/s  %10s requests  %7.2f CPU-s (process)  %7.2f CPU-s (measured window)  nginx %3.0f%% busy, %6.2f sleeps/1k req; tool %6.2f sleeps/1k req\n' \
    "$tool" "$rps" "$reqs" "$cpu" "$window" "$(awk -v b="$busy" 'BEGIN { print 100 * b }')" "$sleeps" "$tool_naps"
}

# One layout's rounds and its comparison; its medians also go to the summary.
run_layout() {
  layout=$1
  rows=$BENCH_TMP/rows-$layout
  : >"$rows"
  if [ "$layout" = tool-bound ]; then
    taskset -c "$LOAD_CPU" bash -c 'while :; do :; done' &
    HOG_PID=$!
  fi
  echo
  echo "$layout: wrk vs loadlab, -t1 -c$CONNS -d$DURATION (loadlab warm-up $LOADLAB_WARMUP), load on CPU $LOAD_CPU" \
    "${HOG_PID:+(shared with a busy loop: each tool gets about half of it) }nginx on CPU $SERVER_CPU, $ROUNDS rounds"
  for round in $(seq "$ROUNDS"); do
    echo "round $round"
    for transport in $TRANSPORTS; do
      # the first of the two wrk runs this transport's run is compared with (the second is the next one)
      measure wrk wrk -t1 -c"$CONNS" -d"$DURATION" "$NGINX_URL"
      measure "loadlab-$transport" env LOADLAB_SKIP_BUILD=1 ./loadlab load -t1 -c"$CONNS" -d"$DURATION" \
        --warmup "$LOADLAB_WARMUP" --transport "$transport" "$NGINX_URL"
      if grep -q '^  note: transport' "$out"; then
        echo "  ($(grep '^  note: transport' "$out" | sed 's/^  note: //'))"
      fi
    done
  done
  echo "closing wrk run"
  measure wrk wrk -t1 -c"$CONNS" -d"$DURATION" "$NGINX_URL"
  stop_hog
  awk -v layout="$layout" -v summary="$BENCH_TMP/summary" "$COMPARE_AWK"'
    { n[$1]++; rps[$1] += $2; reqs[$1] += $3; cpu[$1] += $4; win[$1] += $5; busy[$1] += $6; naps[$1] += $7; tnaps[$1] += $8
      # per tool: its slowest and fastest round, its lowest CPU per request in the window (for wrk the window is its run)
      if (!(($1) in slow) || $2 < slow[$1]) slow[$1] = $2; if ($2 > fast[$1]) fast[$1] = $2
      if (!(($1) in bestc) || $5 / $3 < bestc[$1]) bestc[$1] = $5 / $3 }
    { tool[NR] = $1; rate[NR] = $2; per[NR] = $4 / $3; perw[NR] = $5 / $3 }
    END {
      # each loadlab run against the geometric mean of the wrk runs on either side of it: the spread that the means
      # hide, and the medians
      for (i = 1; i <= NR; i++) {
        if (tool[i] !~ /^loadlab/) continue
        wr = around(rate, i, "wrk"); wc = around(per, i, "wrk")
        if (wr < 0) continue
        k = ++runs[tool[i]]; rr[tool[i], k] = rate[i] / wr; cr[tool[i], k] = perw[i] / wc; pr[tool[i], k] = per[i] / wc
      }
      printf "\n%-18s %12s %28s %28s %12s %16s %22s %21s\n", "tool", "mean req/s", "CPU-s/1M req (process)", "CPU-s/1M req (steady state)", "nginx busy", "nginx us/req", "nginx sleeps/1k req", "tool sleeps/1k req"
      for (t in n) {
        printf "%-18s %12.0f %28.2f %28.2f %11.0f%% %16.2f %22.2f %21.2f\n", t, rps[t] / n[t], cpu[t] / reqs[t] * 1e6, win[t] / reqs[t] * 1e6, 100 * share(t), cost(t) * 1e6, naps[t] / n[t], tnaps[t] / n[t]
      }
      print ""
      for (t in runs) {
        k = runs[t]; lo = hi = rr[t, 1]
        for (i = 1; i <= k; i++) {
          a[i] = rr[t, i]; b[i] = cr[t, i]; c[i] = pr[t, i]
          if (rr[t, i] < lo) lo = rr[t, i]; if (rr[t, i] > hi) hi = rr[t, i]
        }
        mr = median(a, k); mc = median(b, k)
        printf "%s/wrk, %s, median of %d rounds: requests/s %.3f (%srounds %.3f..%.3f),", t, layout, k, mr, layout == "tool-bound" ? "target >= 1.10; " : "", lo, hi
        printf " CPU per request %.3f in the measured window%s, %.3f with JVM start-up\n", mc, layout == "tool-bound" ? " (target <= 0.90)" : "", median(c, k)
        printf "%s/wrk, %s, best round of each tool: requests/s %.3f, CPU per request %.3f in the measured window\n", t, layout, fast[t] / fast["wrk"], bestc[t] / bestc["wrk"]
        # for the summary: layout, tool, the two medians, rounds, the busiest nginx was under either tool, and the
        # most the requests/s ratio could be with nginx 100% busy under this tool (as the note below gives it)
        most = share(t) > share("wrk") ? share(t) : share("wrk")
        room = cost("wrk") > 0 && share("wrk") > 0 && cost(t) > 0 ? cost("wrk") / cost(t) / share("wrk") : 0
        printf "%s %s %.3f %.3f %d %.3f %.3f\n", layout, t, mr, mc, k, most, room >> summary
      }
      saturated = ""
      for (t in n) if (share(t) >= 0.9) saturated = saturated (saturated == "" ? "" : ", ") sprintf("%s %.0f%%", t, 100 * share(t))
      if (saturated != "") {
        printf "note: nginx was at least 90%% busy under %s: its core bounds the rate, so requests/s also measures how", saturated
        printf " cheaply each tool lets nginx serve (nginx us/req above), not only the tool\n"
        # mean req/s = busy share / CPU per request, so the ratio splits exactly into the two; at a full core the
        # tool could reach its cost ratio over the share of the core wrk kept busy
        for (t in runs) {
          if (!("wrk" in n) || cost(t) <= 0 || share("wrk") <= 0) continue
          bt = share(t) / share("wrk"); ct = cost("wrk") / cost(t)
          printf "note: %s/wrk mean requests/s %.3f = nginx busier %.3fx times nginx cheaper per request %.3fx;", t, bt * ct, bt, ct
          printf " with nginx 100%% busy under %s it would be at most %.3f\n", t, ct / share("wrk")
        }
      }
      for (t in n) {
        if (n[t] > 1 && fast[t] > 1.15 * slow[t]) {
          printf "note: the rounds of %s spread %.0f..%.0f req/s (%.0f%%), more than run-to-run noise:", t, slow[t], fast[t], 100 * (fast[t] / slow[t] - 1)
          printf " a median may pair rounds taken at different speeds of the host; the best-round lines compare like with like\n"
        }
      }
    }' "$rows"
}

for layout in $LAYOUTS; do
  run_layout "$layout"
done
# Both layouts' medians side by side. The targets apply where the tool is the limit: where nginx's core is (at least
# 90% busy), a tool can only be as fast as nginx lets it, and the summary says how far that was.
echo
echo "summary (loadlab/wrk, medians of the rounds; ROUNDS=$ROUNDS):"
awk '{
  if ($1 == "tool-bound" && $6 < 0.9) {
    printf "  %-11s %-17s requests/s %.3f (target >= 1.10: %s), CPU per request %.3f (target <= 0.90: %s); nginx at most %.0f%% busy\n",
      $1, $2, $3, ($3 >= 1.10 ? "met" : "not met"), $4, ($4 <= 0.90 ? "met" : "not met"), 100 * $6
  } else {
    printf "  %-11s %-17s requests/s %.3f, CPU per request %.3f; nginx %.0f%% busy", $1, $2, $3, $4, 100 * $6
    if ($6 >= 0.9 && $7 > 0) printf " bounds both tools (with it 100%% busy: at most %.3f)", $7
    printf "%s\n", ($1 == "tool-bound" ? ": not the tool-bound comparison the targets are for" : "")
  }
}' "$BENCH_TMP/summary"
