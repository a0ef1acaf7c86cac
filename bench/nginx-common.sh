# Shared by the bench scripts: installs nginx and wrk from Debian packages when missing, and starts a private nginx
# (its own config in a temp dir, 127.0.0.1, a free port, `return 200 "Hello, World!"`), pinned with taskset and
# stopped by PID at exit. Source it; then call start_nginx CPU WORKER_CONNECTIONS [h2c] (h2c: HTTP/2 without TLS,
# prior knowledge only, as `listen ... http2` serves it). nginx_sampler and nginx_busy read how busy its worker was;
# run_sampled runs a load tool beside the sampler and tool_cpu reads what that tool spent.

need_packages() {
  local missing=()
  for p in "$@"; do
    case $p in
      nginx) command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx) ;;
      *) command -v "$p" >/dev/null || missing+=("$p") ;;
    esac
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "installing ${missing[*]} (apt-get) ..." >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start_nginx() {
  local cpu=$1 worker_connections=$2 protocol=${3:-http/1.1} listen_opts=""
  [ "$protocol" = h2c ] && listen_opts=" http2"
  BENCH_TMP=$(mktemp -d /tmp/loadlab-bench.XXXXXX)
  NGINX_PORT=$(free_port)
  cat >"$BENCH_TMP/nginx.conf" <<CONF
daemon off;
master_process on;
worker_processes 1;
worker_rlimit_nofile 20000;
pid $BENCH_TMP/nginx.pid;
error_log $BENCH_TMP/error.log warn;
events { worker_connections $worker_connections; multi_accept on; }
http {
  access_log off;
  keepalive_requests 100000000;
  keepalive_timeout 300s;
  client_body_temp_path $BENCH_TMP/body;
  proxy_temp_path $BENCH_TMP/proxy;
  fastcgi_temp_path $BENCH_TMP/fastcgi;
  uwsgi_temp_path $BENCH_TMP/uwsgi;
  scgi_temp_path $BENCH_TMP/scgi;
  server {
    listen 127.0.0.1:$NGINX_PORT backlog=16384$listen_opts;
    location / { default_type text/plain; return 200 "Hello, World!"; }
  }
}
CONF
  local nginx_bin
  nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
  taskset -c "$cpu" "$nginx_bin" -c "$BENCH_TMP/nginx.conf" -p "$BENCH_TMP" -e "$BENCH_TMP/error.log" &
  NGINX_PID=$!
  trap stop_nginx EXIT INT TERM
  for _ in $(seq 50); do
    if curl -fsS "http://127.0.0.1:$NGINX_PORT/" >/dev/null 2>&1 || \
       (exec 3<>"/dev/tcp/127.0.0.1/$NGINX_PORT") 2>/dev/null; then
      break
    fi
    sleep 0.1
  done
  NGINX_URL="http://127.0.0.1:$NGINX_PORT/"
  NGINX_WORKER=$(pgrep -P "$NGINX_PID" | head -1)
  echo "nginx $NGINX_PID on CPU $cpu at $NGINX_URL ($protocol)" >&2
}

# nginx's worker CPU ticks (user + system) and voluntary context switches with the time they were read, and the load
# tool's sleeps (tool_sleeps) once PIDFILE holds its PID, one line a second, to FILE until sent TERM, which also ends the
# sleep it is waiting on (by PID), so that no sleep outlives it.
# Usage: nginx_sampler FILE [PIDFILE] &   (after start_nginx)
nginx_sampler() {
  local file=$1 pidfile=${2:-} stat=/proc/$NGINX_WORKER/stat nap= tool= slept=0
  trap '[ -n "$nap" ] && kill "$nap" 2>/dev/null; exit 0' TERM
  : >"$file"
  while [ -r "$stat" ]; do
    [ -z "$tool" ] && [ -n "$pidfile" ] && [ -s "$pidfile" ] && tool=$(cat "$pidfile")
    # once the tool has ended, its last count stands (a reading of 0 then would make a span's difference negative)
    [ -n "$tool" ] && [ -d "/proc/$tool/task" ] && slept=$(tool_sleeps "$tool")
    awk -v t="$EPOCHREALTIME" -v s="$slept" 'FNR == 1 && NR == 1 { ticks = $14 + $15 }
      /^voluntary_ctxt_switches:/ { print t, ticks, $2, s }' "$stat" "/proc/$NGINX_WORKER/status" >>"$file" 2>/dev/null ||
      break
    sleep 1 &
    nap=$!
    wait "$nap" || true
  done
}

# How often the load tool PID has gone to sleep so far: the voluntary context switches of its load threads (a thread
# that found no response waiting and blocked in epoll_wait or io_uring_enter), those named loadlab-load* when it has
# any (not the JVM's compiler, collector and sampler threads), else all its threads (wrk's and h2load's: their workers
# and a main thread that sleeps once). Each such sleep is a wake-up nginx pays for on its own core when its next
# response arrives. Prints 0 without a PID.
tool_sleeps() {
  [ -n "$1" ] && [ -d "/proc/$1/task" ] || { echo 0; return; }
  awk '/^Name:/ { load = $2 ~ /^loadlab-load/ }
    /^voluntary_ctxt_switches:/ { all += $2; if (load) { named += $2; any = 1 } }
    END { print any ? named : all + 0 }' /proc/"$1"/task/*/status 2>/dev/null || echo 0
}

# From nginx_sampler's FILE: nginx's busy share of its core over the busiest span of SECONDS in it, how often it went to
# sleep over that span (an epoll_wait that found nothing ready) and how often the load tool did, each per thousand
# requests at RPS. Prints all three.
# Usage: read -r busy sleeps tool_sleeps < <(nginx_busy FILE SECONDS RPS)
nginx_busy() {
  awk -v keep="$2" -v hz="$(getconf CLK_TCK)" -v rps="$3" '{ t[NR] = $1; c[NR] = $2; v[NR] = $3; s[NR] = $4 }
    END { span = NR - 1 < keep ? NR - 1 : keep; best = 0; naps = 0; tool = 0; from = 1
          for (i = 1; span > 0 && i + span <= NR; i++) {
            d = t[i + span] - t[i]; b = (c[i + span] - c[i]) / hz / d
            if (b > best) { best = b; naps = (v[i + span] - v[i]) / d; from = i }
          }
          # the tool: from the first reading of the span that has it (the sampler may start before the tool)
          for (j = from; span > 0 && j < from + span && s[j] == 0; j++) ;
          if (span > 0 && j < from + span) tool = (s[from + span] - s[j]) / (t[from + span] - t[j])
          print best, (rps > 0 ? 1000 * naps / rps : 0), (rps > 0 ? 1000 * tool / rps : 0) }' "$1"
}

# Runs a load tool (CMD...) pinned to CPU $LOAD_CPU with nginx_sampler beside it: its output to OUT and OUT.err, its
# own CPU time to OUT.times (the shell's `times` of a subshell that ran only it; tool_cpu reads it), nginx's readings
# and the tool's sleeps to OUT.nginx (nginx_busy reads them).
# Usage: run_sampled OUT CMD...   (after start_nginx)
run_sampled() {
  local out=$1
  shift
  rm -f "$out.pid"
  nginx_sampler "$out.nginx" "$out.pid" &
  local sampler=$!
  (
    # the inner subshell becomes the tool (taskset execs it), so its PID is the tool's for the sampler
    (
      echo "$BASHPID" >"$out.pid"
      exec taskset -c "$LOAD_CPU" "$@" >"$out" 2>"$out.err"
    )
    times >"$out.times"
  )
  kill "$sampler" 2>/dev/null || true
  wait "$sampler" 2>/dev/null || true
}

# The CPU-seconds (user + system) of a tool whose subshell's `times` went to OUT.times (run_sampled writes it): its
# second line, the children's, e.g. "0m9.120s 0m3.310s".
# Usage: cpu=$(tool_cpu OUT)
tool_cpu() {
  sed -n 2p "$1.times" | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); s += a[1] * 60 + a[2] } print s }'
}

# awk functions for the load-generator comparisons, prepended to their summary programs (awk "$COMPARE_AWK"'...'):
# rows "tool req/s requests cpu_s window_cpu_s nginx_busy ...", one a run, kept by the program in tool[NR], busy[t],
# rps[t] and n[t].
COMPARE_AWK='
  function median(a, k,    i, j, t) {
    for (i = 2; i <= k; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
  }
  # nginx under tool t: its mean busy share, and that over the mean rate (its CPU-seconds per request)
  function share(t) { return busy[t] / n[t] }
  function cost(t) { return rps[t] > 0 ? busy[t] / rps[t] : 0 }
  # x of the reference tool around run i: the geometric mean of its runs on either side, or the one before alone
  # at the end (a shared host drifts within a round; a run between two of its reference holds none of a steady
  # drift); -1 without one before
  function around(x, i, ref,    j, l) {
    for (j = i - 1; j >= 1 && tool[j] != ref; j--) ;
    for (l = i + 1; l <= NR && tool[l] != ref; l++) ;
    if (j < 1) return -1
    return l <= NR ? sqrt(x[j] * x[l]) : x[j]
  }
'

stop_nginx() {
  if [ -n "${NGINX_PID:-}" ]; then
    kill "$NGINX_PID" 2>/dev/null || true
    wait "$NGINX_PID" 2>/dev/null || true
    NGINX_PID=
  fi
  if [ -s "${BENCH_TMP:-/nonexistent}/error.log" ]; then
    echo "nginx error log (last lines):" >&2
    tail -n 5 "$BENCH_TMP/error.log" >&2
  fi
  [ -n "${BENCH_TMP:-}" ] && rm -rf "$BENCH_TMP"
}
