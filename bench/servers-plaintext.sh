#!/usr/bin/env bash
# Plaintext throughput of every server model against nginx, the TechEmpower way: one load generator core, one
# server core. wrk runs pinned to CPU $LOAD_CPU, each server (and nginx, and the backend) pinned to CPU $SERVER_CPU,
# `wrk -t1 -c100 -d10s` against GET /plaintext. Each server model is warmed until its JIT is quiet, then measured
# ROUNDS times, each run followed by one of nginx (a shared host's drift would otherwise enter every ratio); prints
# the medians of its req/s, of nginx's and of the rounds' ratios. Then checks that the
# backend (`loadlab backend --delay 0`) serves at least 50k req/s on its one core.
#
# Environment (defaults in brackets):
#   DURATION [10s]  measured wrk run per target     WARMUP [15s]     discarded wrk run before it
#   MAX_WARMUP [60]  seconds of warm-up rounds more, at most, until a server's JIT is quiet (printed per target)
#   WARMUP_ROUND [5]  seconds of each of those rounds
#   ROUNDS [3]  measured runs of each server model, each followed by one of nginx; medians printed
#   CONNECTIONS [100]  THREADS [1]                   LOAD_CPU [0]     SERVER_CPU [1]
#   MODELS ["single-thread thread-pool thread-per-connection virtual-threads servlet-sync servlet-async netty vertx"]
#   BACKEND_MIN [50000]  req/s the backend must reach
#   TRANSPORTS ["epoll io_uring"]  the Netty transports netty, vertx and the backend each run on, one after another
# Quick smoke run: DURATION=2s WARMUP=1s MODELS="netty vertx" bench/servers-plaintext.sh
# SMOKE=1: the smallest sizes and a second per step, to check that the script still runs (its figures mean nothing; BACKEND_MIN 0).
#
# Figures taken on a shared or busy machine are indicative only: run it on an idle host with >= 2 cores.
set -euo pipefail

root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
if [ "${SMOKE:-}" = 1 ]; then
  DURATION=${DURATION:-1s} WARMUP=${WARMUP:-1s} CONNECTIONS=${CONNECTIONS:-10} MODELS=${MODELS:-netty} BACKEND_MIN=${BACKEND_MIN:-0}
  MAX_WARMUP=${MAX_WARMUP:-1} WARMUP_ROUND=${WARMUP_ROUND:-1} ROUNDS=${ROUNDS:-1}
fi
DURATION=${DURATION:-10s}
# 15 s at least: a JVM server compiles on its one core while it serves. A JIT log of netty showed 2.3 s of C2 compiling
# in the 5-10 s after its start, inside the measured run when the warm-up was 5 s.
WARMUP=${WARMUP:-15s}
# Then rounds of WARMUP_ROUND s until the JIT is quiet (its compiler threads under 1% of the round), at most
# MAX_WARMUP: each new wrk opens new connections, and code the server had not run since its warm-up connections
# opened (accept, close) deoptimized its event loop, which C2 then compiled again for seconds, inside the measured
# run. netty, measured after one 15 s warm-up: 35-85k req/s, its C2 thread using 26-50% of the core in the window.
MAX_WARMUP=${MAX_WARMUP:-60}
WARMUP_ROUND=${WARMUP_ROUND:-5}
ROUNDS=${ROUNDS:-3}
CONNECTIONS=${CONNECTIONS:-100}
THREADS=${THREADS:-1}
LOAD_CPU=${LOAD_CPU:-0}
SERVER_CPU=${SERVER_CPU:-1}
MODELS=${MODELS:-"single-thread thread-pool thread-per-connection virtual-threads servlet-sync servlet-async netty vertx"}
BACKEND_MIN=${BACKEND_MIN:-50000}
TRANSPORTS=${TRANSPORTS:-epoll io_uring}

die() { echo "servers-plaintext: $*" >&2; exit 2; }

need_package() { # $1 = command, $2 = Debian package
  command -v "$1" >/dev/null 2>&1 && return 0
  [ "$(id -u)" = 0 ] || die "$1 is missing; install it with: sudo apt-get update && sudo apt-get install -y $2"
  echo "servers-plaintext: installing $2 ..." >&2
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null \
    || die "could not install $2 with apt-get"
}
[[ "$WARMUP_ROUND" =~ ^[1-9][0-9]*$ ]] || die "WARMUP_ROUND must be a positive number of seconds, got '$WARMUP_ROUND'"
[[ "$MAX_WARMUP" =~ ^[0-9]+$ ]] || die "MAX_WARMUP must be a number of seconds, got '$MAX_WARMUP'"
need_package wrk wrk
need_package nginx nginx
command -v taskset >/dev/null || die "taskset is missing (package util-linux)"
[ "$(nproc --all)" -ge 2 ] || die "needs at least 2 CPUs (one for wrk, one for the server); this host has $(nproc --all)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/servers-plaintext.XXXXXX")
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# CPU ticks of the JIT compiler threads of process $1 and its children (0 when it has none: nginx).
jit_ticks() {
  local total=0 t
  for t in /proc/"$1"/task/* $(for c in $(pgrep -P "$1"); do echo /proc/"$c"/task/*; done); do
    case "$(cat "$t/comm" 2>/dev/null)" in
      C1\ Compiler* | C2\ Compiler*) total=$((total + $(awk '{print $14 + $15}' "$t/stat" 2>/dev/null || echo 0))) ;;
    esac
  done
  echo "$total"
}

# A discarded wrk run of WARMUP; with $2 (the server's PID), then rounds until its JIT is quiet (the rounds taken go
# to $tmp/warmup.txt).
warm() { # $1 = URL, $2 = PID
  taskset -c "$LOAD_CPU" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" "$1" >/dev/null 2>&1 || true
  [ -n "${2:-}" ] || return 0
  local waited=0 before after quiet="not quiet after ${MAX_WARMUP}s more"
  local limit=$(($(getconf CLK_TCK) * WARMUP_ROUND / 100)) # 1% of a round
  while [ "$waited" -lt "$MAX_WARMUP" ]; do
    before=$(jit_ticks "$2")
    taskset -c "$LOAD_CPU" wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WARMUP_ROUND}s" "$1" >/dev/null 2>&1 || true
    after=$(jit_ticks "$2")
    waited=$((waited + WARMUP_ROUND))
    if [ $((after - before)) -le "$limit" ]; then quiet="quiet after ${waited}s more"; break; fi
  done
  echo "$quiet" >"$tmp/warmup.txt"
}

# wrk's "Requests/sec:" of one measured run.
measure() { # $1 = URL
  local out
  out=$(taskset -c "$LOAD_CPU" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" "$1" 2>&1) || { echo 0; return; }
  echo "$out" >>"$tmp/wrk.log"
  local errors
  errors=$(echo "$out" | awk '/Non-2xx|Socket errors/ {print}' | tr '\n' ' ')
  [ -z "$errors" ] || echo "servers-plaintext: $1: $errors" >&2
  echo "$out" | awk '/^Requests\/sec:/ {printf "%d\n", $2}'
}

# Starts a loadlab process pinned to SERVER_CPU; sets $started_pid and $started_port from its one JSON line.
start_loadlab() { # $1 = name for files, rest = loadlab arguments
  local name=$1; shift
  LOADLAB_SKIP_BUILD=1 taskset -c "$SERVER_CPU" "$root/loadlab" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" &
  started_pid=$!
  pids+=("$started_pid")
  started_port=""
  for _ in $(seq 1 300); do
    if [ -s "$tmp/$name.out" ]; then
      started_port=$(head -n1 "$tmp/$name.out" | grep -o '"port":[0-9]*' | head -n1 | cut -d: -f2)
      [ -n "$started_port" ] && return 0
    fi
    kill -0 "$started_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "servers-plaintext: '$name' did not start:" >&2
  tail -n 5 "$tmp/$name.err" >&2
  return 1
}

stop() { # $1 = pid
  kill -TERM "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}

# Build the launcher's jar once, before anything is timed.
"$root/loadlab" --version >/dev/null 2>"$tmp/build.err" || { cat "$tmp/build.err" >&2; die "loadlab does not build"; }

# nginx: its own config in the temp dir, one worker, no access log.
nginx_port=$(free_port)
cat >"$tmp/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $tmp/nginx.pid;
error_log $tmp/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  default_type text/plain;
  client_body_temp_path $tmp/body;
  proxy_temp_path $tmp/proxy;
  fastcgi_temp_path $tmp/fastcgi;
  uwsgi_temp_path $tmp/uwsgi;
  scgi_temp_path $tmp/scgi;
  server {
    listen 127.0.0.1:$nginx_port;
    location / { return 200 "Hello, World!"; }
  }
}
CONF
taskset -c "$SERVER_CPU" nginx -p "$tmp" -c "$tmp/nginx.conf" 2>"$tmp/nginx.err" &
nginx_pid=$!
pids+=("$nginx_pid")
for _ in $(seq 1 50); do
  curl -sf "http://127.0.0.1:$nginx_port/" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -sf "http://127.0.0.1:$nginx_port/" >/dev/null || { cat "$tmp/nginx.err" >&2; die "nginx did not start"; }

echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION (warm-up $WARMUP) on CPU $LOAD_CPU; servers on CPU $SERVER_CPU; $(nproc --all) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
nginx_url="http://127.0.0.1:$nginx_port/plaintext"
WARMUP=1s warm "$nginx_url"
nginx_rps=$(measure "$nginx_url")
printf '%-24s %12s %14s %10s\n' target "req/s" "nginx beside" "vs nginx"
printf '%-24s %12s %14s %10s\n' nginx "$nginx_rps" "-" "1.00"

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

# nginx measured again right after a target (it needs no warm-up: 1 s), so that each ratio compares two runs a few
# seconds apart: on a shared host wrk's figure against the same nginx moved 105-141k req/s within minutes.
nginx_beside() {
  WARMUP=1s warm "$nginx_url"
  measure "$nginx_url"
}

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# ROUNDS alternations of a warmed target ($1 URL, $2 PID) and nginx; prints the medians: req/s, nginx's, the ratio of
# each round's pair. The host's drift moves both runs of a pair; the median drops a round a neighbour disturbed.
compare() {
  local i t n ts=() ns=() rs=()
  warm "$1" "$2"
  for i in $(seq 1 "$ROUNDS"); do
    t=$(measure "$1")
    n=$(nginx_beside)
    ts+=("$t") ns+=("$n") rs+=("$(ratio "$t" "$n")")
  done
  echo "$(median "${ts[@]}") $(median "${ns[@]}") $(median "${rs[@]}")"
}

# The transport a started process reports running on (its JSON line's "transport"), or "?".
ran_on() { # $1 = name for files
  head -n1 "$tmp/$1.out" | grep -o '"transport":"[a-z_]*"' | head -n1 | cut -d'"' -f4 || true
}

for model in $MODELS; do
  variants=(default)
  case $model in netty | vertx) variants=($TRANSPORTS) ;; esac
  for transport in "${variants[@]}"; do
    name=$model
    args=(serve "$model" --port 0)
    if [ "$transport" != default ]; then
      name="$model-$transport"
      args+=(--transport "$transport")
    fi
    if ! start_loadlab "$name" "${args[@]}"; then
      printf '%-24s %12s %10s\n' "$name" "failed" "-"
      continue
    fi
    pid=$started_pid
    read -r rps beside r < <(compare "http://127.0.0.1:$started_port/plaintext" "$pid")
    stop "$pid"
    label=$name
    if [ "$transport" != default ] && [ "$(ran_on "$name")" != "$transport" ]; then
      label="$name (ran on $(ran_on "$name"))"
    fi
    printf '%-24s %12s %14s %10s  JIT %s\n' "$label" "$rps" "$beside" "$r" \
      "$(cat "$tmp/warmup.txt")"
  done
done

backend_failed=0
for transport in $TRANSPORTS; do
  if start_loadlab "backend-$transport" backend --port 0 --delay 0ms --transport "$transport"; then
    warm "http://127.0.0.1:$started_port/hello"
    rps=$(measure "http://127.0.0.1:$started_port/hello")
    stop "$started_pid"
    beside=$(nginx_beside)
    verdict="ok"
    [ "$rps" -ge "$BACKEND_MIN" ] || { verdict="BELOW $BACKEND_MIN"; backend_failed=1; }
    printf '%-24s %12s %14s %10s  backend on one core, delay 0, %s: %s\n' "backend /hello" "$rps" "$beside" \
      "$(ratio "$rps" "$beside")" "$(ran_on "backend-$transport")" "$verdict"
  else
    printf '%-24s %12s\n' "backend /hello ($transport)" "failed"
    backend_failed=1
  fi
done
exit "$backend_failed"
