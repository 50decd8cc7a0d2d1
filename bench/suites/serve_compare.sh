#!/usr/bin/env bash
# slidedb-serve side by side with another build of it (the previous main) in
# one run, printed as one Markdown table (issue 21's floors):
#
#   scripts/bench.sh serve_compare BASE_BUILD_DIR [RUNS]
#
#   - GET /api/solve over 32 keep-alive connections (wrk -t2 -c32, 10 s,
#     random 3x3 states): answers/s and p99 latency, medians of RUNS
#     (default 3), the servers taking turns;
#   - Korf's 100 15-puzzle instances POSTed as one batch to /api/solve on
#     4x4 (his goal, blank first): wall time, answers/s, every length
#     checked against bench/korf100.txt;
#   - each server's peak RSS (VmHWM) over its runs.
#
# Both servers read the same databases, built by this build's slidedb-build:
# a 3x3 one in a temporary directory and the 15-puzzle's pattern databases
# in $DB15 (default /tmp/slidedb-bench15, the one scripts/bench.sh 15
# uses; built with the default partition if it has none: a few minutes).
set -euo pipefail
cd "$(dirname "$0")/../.."

base=${1:?usage: scripts/bench.sh serve_compare BASE_BUILD_DIR [RUNS]}
runs=${2:-3}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
DB15=${DB15:-/tmp/slidedb-bench15}
command -v wrk >/dev/null || { echo "bench.sh serve_compare: wrk is needed" >&2; exit 1; }

tmp=$(mktemp -d)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
. bench/suites/lib.sh  # median, start_server, stop_server

"$B"/slidedb-build --db "$tmp/db" --board 3x3 --quiet >/dev/null
"$B"/slidedb-bench --states 10000 --seed 20261125 >"$tmp/states.txt"
if ! "$B"/slidedb-query --db "$DB15" --board 4x4 --tables 2>/dev/null | grep -q 4x4; then
  echo "bench.sh serve_compare: building the 15-puzzle's pattern databases in $DB15" >&2
  "$B"/slidedb-build --db "$DB15" --board 4x4 --threads 2 --quiet >&2
fi
grep -v '^#' bench/korf100.txt | awk '{print $3}' >"$tmp/korf.txt"
grep -v '^#' bench/korf100.txt | awk '{print $2}' >"$tmp/korf.len"
goal=$(seq -s, 0 15)


for run in $(seq "$runs"); do
  for name in base new; do
    bin="$base/slidedb-serve"
    [ "$name" = new ] && bin="$B/slidedb-serve"
    echo "bench.sh serve_compare: run $run, $name" >&2
    start_server "$tmp/server.out" "$bin" --db "$tmp/db"
    wrk -t2 -c32 -d10s --latency -s bench/wrk_solve.lua \
      "http://127.0.0.1:$port" -- "$tmp/states.txt" >"$tmp/wrk.out"
    awk '/^Requests\/sec:/ { print $2 }' "$tmp/wrk.out" >>"$tmp/$name.rps"
    # wrk prints "99%  1.23ms" (or us, s): in ms.
    awk '$1 == "99%" { v = $2; u = v; sub(/[0-9.]+/, "", u); sub(/[a-z]+$/, "", v);
         print (u == "us" ? v / 1000 : u == "s" ? v * 1000 : v) }' \
      "$tmp/wrk.out" >>"$tmp/$name.p99"
    stop_server "$tmp/$name.rss3"

    start_server "$tmp/server.out" "$bin" --db "$DB15"
    # The pattern databases are loaded by the first question, untimed. A
    # server that cannot answer 4x4 (before issue 20) is noted, not timed.
    code=$(curl -s -o /dev/null -w '%{http_code}' \
      "http://127.0.0.1:$port/api/solve?board=4x4&goal=$goal&start=$goal")
    if [ "$code" != 200 ]; then
      echo "$code" >"$tmp/$name.korf_status"
      stop_server "$tmp/$name.rss4"
      continue
    fi
    t0=$(date +%s.%N)
    curl -sf -H 'Content-Type: text/plain' --data-binary @"$tmp/korf.txt" \
      "http://127.0.0.1:$port/api/solve?board=4x4&goal=$goal" >"$tmp/korf.out"
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }' >>"$tmp/$name.korf"
    python3 -c '
import json, sys
got = [json.loads(l)["distance"] for l in open(sys.argv[1])]
want = [int(l) for l in open(sys.argv[2])]
sys.exit(0 if got == want else "Korf lengths differ")' "$tmp/korf.out" "$tmp/korf.len"
    stop_server "$tmp/$name.rss4"
  done
done

echo "| slidedb-serve, median of $runs | base | new | new / base |"
echo "| --- | --- | --- | --- |"
row() {  # LABEL FILE-SUFFIX FORMAT
  b=$(median <"$tmp/base.$2"); n=$(median <"$tmp/new.$2")
  printf "| %s | $3 | $3 | %.2fx |\n" "$1" "$b" "$n" "$(awk -v b="$b" -v n="$n" 'BEGIN { print n / b }')"
}
row "3x3 GET /api/solve, wrk 32 connections: answers/s" rps "%.0f"
row "the same: p99 latency, ms" p99 "%.2f"
korf_cell() {  # NAME: median seconds and answers/s, or the HTTP status
  if [ -s "$tmp/$1.korf" ]; then
    t=$(median <"$tmp/$1.korf")
    awk -v t="$t" 'BEGIN { printf "%.2f s, %.0f answers/s", t, 100 / t }'
  else
    echo "not answered (HTTP $(cat "$tmp/$1.korf_status"))"
  fi
}
echo "| Korf's 100 (4x4, 8-7 pattern databases) as one POST, all optimal | $(korf_cell base) | $(korf_cell new) | |"
row "peak RSS of the server after the 3x3 runs, MiB" rss3 "%.0f"
echo "| peak RSS with the 4x4 databases loaded (new), MiB | | $(median <"$tmp/new.rss4" | xargs printf '%.0f') | |"
echo
echo "Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg). $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs."
