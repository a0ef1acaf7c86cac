#!/usr/bin/env bash
# What profiling the servers costs them: the same ad-hoc experiments run by `loadlab run` with --profile and with
# --no-profile, alternating, ROUNDS times each, in one run of this script. Prints, per model and scenario, the median
# throughput and the median server CPU per request of each mode and their ratio (profiled / not profiled), then the
# worst of each ratio and what they allow: profiling may be on by default only while every throughput ratio is at
# least 0.97 (under 3% lost) and every CPU-per-request ratio at most 1.05 (under 5% more).
#
# Both count: a server that is not saturated (limited by its connections or a backend's delay) pays the profiler in
# CPU, not in requests, and a CPU-bound server in the same workload would lose that CPU as throughput.
#
# Environment (defaults in brackets):
#   ROUNDS [3]        alternating rounds (profiled, then not, then profiled ...; the first mode alternates too)
#   MODELS [netty,servlet-sync]   models of each experiment (comma-separated)
#   PLAINTEXT_CONNECTIONS [100]   BACKEND_CONNECTIONS [1000]
#   WARMUP [3s]       DURATION [8s]     MODE [cpu]   (cpu, itimer, ctimer or wall: what --profile samples)
#   SCENARIOS ["plaintext backend"]
#   REPETITIONS [the lab's]   trials per model in each run
# Quick smoke run: ROUNDS=1 DURATION=3s WARMUP=2s MODELS=netty bench/profiling-overhead.sh
# SMOKE=1: the smallest sizes and a second per step, to check that the script still runs (its figures mean nothing).
#
# Figures taken on a shared or busy machine are indicative only: run it on an idle host with >= 2 cores.
set -euo pipefail

root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
if [ "${SMOKE:-}" = 1 ]; then
  ROUNDS=${ROUNDS:-1} MODELS=${MODELS:-netty} PLAINTEXT_CONNECTIONS=${PLAINTEXT_CONNECTIONS:-10}
  WARMUP=${WARMUP:-1s} DURATION=${DURATION:-1s} SCENARIOS=${SCENARIOS:-plaintext} REPETITIONS=${REPETITIONS:-1}
fi
ROUNDS=${ROUNDS:-3}
MODELS=${MODELS:-netty,servlet-sync}
PLAINTEXT_CONNECTIONS=${PLAINTEXT_CONNECTIONS:-100}
BACKEND_CONNECTIONS=${BACKEND_CONNECTIONS:-1000}
WARMUP=${WARMUP:-3s}
DURATION=${DURATION:-8s}
MODE=${MODE:-cpu}
SCENARIOS=${SCENARIOS:-"plaintext backend"}
REPETITIONS=${REPETITIONS:-}

die() { echo "profiling-overhead: $*" >&2; exit 2; }
command -v python3 >/dev/null || die "python3 is missing (package python3): it reads results.json"
[ "$(nproc --all)" -ge 2 ] || die "needs at least 2 CPUs (the lab pins the server apart from the load generator)"
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive integer, got '$ROUNDS'"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/profiling-overhead.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

echo "profiling-overhead: building loadlab ..." >&2
"$root/loadlab" --version >/dev/null

# One `loadlab run` of both models at one scenario; its results directory's path is printed.
run() { # $1 = scenario, $2 = connections, $3 = on|off, $4 = label
  local flag=--no-profile out="$tmp/$4"
  [ "$3" = on ] && flag="--profile=$MODE"
  echo "profiling-overhead: $4 ($1, -c $2, $flag) ..." >&2
  "$root/loadlab" run --model "$MODELS" --scenario "$1" -c "$2" -w "$WARMUP" -d "$DURATION" \
    ${REPETITIONS:+--repetitions "$REPETITIONS"} --results "$out" "$flag" >"$tmp/$4.log" 2>&1 || true # a flagged trial is still a measurement
  ls -d "$out"/*/ 2>/dev/null | head -1
}

for scenario in $SCENARIOS; do
  conns=$PLAINTEXT_CONNECTIONS
  [ "$scenario" = backend ] && conns=$BACKEND_CONNECTIONS
  for ((r = 1; r <= ROUNDS; r++)); do
    if ((r % 2)); then order="on off"; else order="off on"; fi
    for mode in $order; do
      dir=$(run "$scenario" "$conns" "$mode" "$scenario-$mode-$r")
      [ -n "$dir" ] || die "loadlab run wrote no results for $scenario ($mode); see $tmp/$scenario-$mode-$r.log"
      echo "$scenario $mode $dir" >>"$tmp/runs"
    done
  done
done

python3 - "$tmp/runs" <<'PY'
import json, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    scenario, mode, d = line.split()
    r = json.load(open(d + "/results.json"))
    for t in r["trials"]:
        load = t.get("load")
        if not load:
            continue
        rps = load["throughput"]["rps"]
        server = next((p for p in t.get("resources", {}).get("processes", []) if p["role"] == "server"), None)
        cpu_us = server["cpu_mean"] / rps * 1e6 if server and rps > 0 else float("nan")
        verdicts = ",".join(sorted({v["code"] for v in t.get("verdicts", [])}))
        rows.setdefault((t["key"]["model"], scenario), {}).setdefault(mode, []).append((rps, cpu_us, verdicts))

print(f"{'model':<14}{'scenario':<11}{'req/s off':>11}{'req/s on':>11}{'ratio':>8}"
      f"{'CPU/req off':>13}{'CPU/req on':>12}{'ratio':>8}  verdicts (on | off)")
worst = worst_cpu = None
for (model, scenario), modes in rows.items():
    if "on" not in modes or "off" not in modes:
        continue
    med = lambda xs: statistics.median(xs)
    on_rps, off_rps = med([x[0] for x in modes["on"]]), med([x[0] for x in modes["off"]])
    on_cpu, off_cpu = med([x[1] for x in modes["on"]]), med([x[1] for x in modes["off"]])
    ratio = on_rps / off_rps if off_rps else float("nan")
    cpu_ratio = on_cpu / off_cpu if off_cpu else float("nan")
    worst = ratio if worst is None or ratio < worst else worst
    worst_cpu = cpu_ratio if worst_cpu is None or cpu_ratio > worst_cpu else worst_cpu
    v_on = " ".join(x[2] for x in modes["on"]); v_off = " ".join(x[2] for x in modes["off"])
    print(f"{model:<14}{scenario:<11}{off_rps:>11,.0f}{on_rps:>11,.0f}{ratio:>8.3f}"
          f"{off_cpu:>11.1f}µs{on_cpu:>10.1f}µs{cpu_ratio:>8.3f}  {v_on} | {v_off}")
if worst is None:
    sys.exit("profiling-overhead: no experiment measured in both modes")
lost = [f"{1 - worst:.1%} of the throughput"] if worst < 0.97 else []
lost += [f"{worst_cpu - 1:.1%} more server CPU per request"] if not worst_cpu <= 1.05 else []
print(f"worst ratios (profiled / not): throughput {worst:.3f} (at least 0.97), server CPU per request "
      f"{worst_cpu:.3f} (at most 1.05) -> "
      + ("within both: profiling may be on by default" if not lost
         else "it cost up to " + " and ".join(lost) + ": profiling must be off by default (--profile turns it on)"))
PY
