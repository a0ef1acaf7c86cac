#!/usr/bin/env bash
# Backend throughput check: the backend must stay far from being the bottleneck of a server benchmark.
# Starts 'loadlab backend --delay 0' pinned to one core, drives it with wrk pinned to another, and checks the
# rate against a floor. Also checks that the backend's /stats count equals what wrk says it completed.
#
#   backend/bench.sh [--min RATE] [--duration 10s] [--connections 64] [--backend-cpu 1] [--wrk-cpu 0]
#                    [--delay 0ms] [--transport io_uring|epoll|nio] [--threads 1]
#
# --delay and --connections give the shape of a C10K trial (e.g. --connections 10000 --delay 50ms --threads 2 --min 0,
# where the backend shares a core with the load generator): then the CPU per call, printed last, is the figure to
# compare between transports; the rate is wrk's.
#
# It also reads the backend's CPU time from /proc, so requests per CPU-second show its capacity even when other
# processes steal its core.
#
# Exit: 0 at or above the floor, 1 below it or counts disagree, 2 bad usage or a missing tool,
#       3 inconclusive: below the floor while the backend did not get its core (a busy machine), yet its requests per
#         CPU-second reach the floor.
# SMOKE=1: a second per step, 10 connections and no floor, to check that the script still runs (its figures mean
# nothing).
# Figures on a shared or busy machine are indicative only: run it on an idle one before trusting a number.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
min=50000 duration=10s connections=64 backend_cpu=1 wrk_cpu=0 warmup=5s delay=0ms transport= threads=1
while [ $# -gt 0 ]; do
  case "$1" in
    --min) min=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    --backend-cpu) backend_cpu=$2; shift 2 ;;
    --wrk-cpu) wrk_cpu=$2; shift 2 ;;
    --delay) delay=$2; shift 2 ;;
    --transport) transport=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    *) echo "bench.sh: unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
if [ "${SMOKE:-}" = 1 ]; then
  duration=1s warmup=1s connections=10 min=0
fi
for tool in wrk taskset curl; do
  command -v "$tool" >/dev/null || { echo "bench.sh: '$tool' is not installed; install it and retry" >&2; exit 2; }
done
"$root/loadlab" backend --help >/dev/null # builds the jar when needed, outside the measurement

out=$(mktemp)
LOADLAB_SKIP_BUILD=1 taskset -c "$backend_cpu" "$root/loadlab" backend --port 0 --delay "$delay" ${transport:+--transport "$transport"} \
  >"$out" 2>"$out.err" &
pid=$!
trap 'kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null; rm -f "$out" "$out.err"' EXIT
for _ in $(seq 1 150); do [ -s "$out" ] && break; sleep 0.1; done
port=$(sed -n 's/.*"port":\([0-9]*\).*/\1/p' "$out")
[ -n "$port" ] || { echo "bench.sh: the backend did not start: $(head -c 300 "$out.err")" >&2; exit 2; }
ran_on=$(sed -n 's/.*"transport":"\([a-z_]*\)".*/\1/p' "$out")
note=$(grep -o 'note: .*' "$out.err" | head -n1 || true)
url="http://127.0.0.1:$port/hello"

taskset -c "$wrk_cpu" wrk -t"$threads" -c"$connections" -d"$warmup" "$url" >/dev/null
cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
# /stats is {"requests":N,"in_flight":...}: the answered calls
answered() { curl -s "http://127.0.0.1:$port/stats" | sed -n 's/.*"requests":\([0-9]*\).*/\1/p'; }
before=$(answered)
ticks0=$(cpu_ticks) t0=$(date +%s%N)
result=$(taskset -c "$wrk_cpu" wrk -t"$threads" -c"$connections" -d"$duration" "$url")
ticks1=$(cpu_ticks) t1=$(date +%s%N)
after=$(answered)
echo "$result"
hz=$(getconf CLK_TCK)
cpu_ms=$(( (ticks1 - ticks0) * 1000 / hz ))
wall_ms=$(( (t1 - t0) / 1000000 ))

rate=$(echo "$result" | awk '/Requests\/sec/ {printf "%d", $2}')
done_wrk=$(echo "$result" | awk '/requests in/ {print $1}')
errors=$(echo "$result" | awk '/Non-2xx|Socket errors/' )
served=$((after - before))
per_cpu=$(( cpu_ms > 0 ? served * 1000 / cpu_ms : 0 ))
echo "backend (cpu $backend_cpu, ${ran_on:-?}, delay $delay) served $served /hello; wrk (cpu $wrk_cpu, -t$threads" \
  "-c$connections) completed $done_wrk at $rate req/s; floor $min req/s"
[ -z "$note" ] || echo "backend $note"
echo "backend CPU: $cpu_ms ms in $wall_ms ms wall ($(( cpu_ms * 100 / wall_ms ))% of its core), $per_cpu requests per CPU-second"
[ "$served" -gt 0 ] && awk -v c="$cpu_ms" -v n="$served" -v t="${ran_on:-?}" \
  'BEGIN { printf "backend CPU per call (%s): %.2f us\n", t, c * 1000 / n }'
status=0
if [ -n "$errors" ]; then echo "FAIL: wrk saw errors: $errors"; status=1; fi
# wrk stops with requests in flight, so the backend may have answered up to one per connection more
if [ "$served" -lt "$done_wrk" ] || [ "$served" -gt $((done_wrk + connections)) ]; then
  echo "FAIL: /stats counted $served, wrk completed $done_wrk"; status=1
fi
if [ $status -eq 0 ] && [ "$rate" -lt "$min" ]; then
  if [ $(( cpu_ms * 100 / wall_ms )) -lt 90 ] && [ "$per_cpu" -ge "$min" ]; then
    echo "INCONCLUSIVE: $rate req/s, but the backend got only $(( cpu_ms * 100 / wall_ms ))% of its core (busy machine);"
    echo "  at $per_cpu requests per CPU-second it reaches the floor given the core. Rerun on an idle machine."
    exit 3
  fi
  echo "FAIL: $rate req/s is below the floor of $min req/s"; status=1
fi
[ $status -eq 0 ] && echo "OK: $rate req/s on one core"
exit $status
