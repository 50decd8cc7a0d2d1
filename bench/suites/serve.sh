#!/usr/bin/env bash
# slidedb-serve against its floors (BENCHMARKS.md), side by side in one
# run, and prints a Markdown summary (the one in BENCHMARKS.md):
#   - GET /api/solve over 32 keep-alive connections (wrk, random 3x3
#     states): answers/s and p99, against slidedb-query once per state;
#     the same with Nagle's algorithm left on (--nagle);
#   - a new client's latency while 32 busy and 12 idle keep-alive
#     connections are open, with the default pool and with one too small;
#   - the API's work per answer without HTTP against the walk
#     (slidedb-serve-bench);
#   - the server's peak RSS under load with the 3x3 database, and with a
#     3x4 table open at 1 and 4 threads (builds a 3x4 table: ~4 s, ~250 MB;
#     SLIDEDB_BENCH_SKIP_3X4=1 skips it).
#
#   scripts/bench.sh serve      # builds via scripts/build.sh, then measures
#
# A scratch database is built under a temporary directory and removed at
# the end; raw outputs are kept in build/bench-serve/.
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${SLIDEDB_BENCH_DURATION:-10}
RUNS=3
ONESHOT=200
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
[ "$B" = build ] && ./scripts/build.sh >/dev/null
for tool in wrk curl; do
  command -v "$tool" >/dev/null || { echo "bench.sh serve: $tool is needed" >&2; exit 1; }
done
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
out=$B/bench-serve
mkdir -p "$out"
tmp=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }

"$B/slidedb-build" --db "$tmp/db" --board 3x3 --quiet >/dev/null
"$B/slidedb-query" --db "$tmp/db" --sample 1000 --seed 8 > "$tmp/states.txt"

# Starts slidedb-serve with the given arguments; sets PORT and SERVER.
start_server() {
  "$B/slidedb-serve" --port 0 "$@" > "$tmp/listen" 2>>"$out/server.err" &
  SERVER=$!
  pids+=("$SERVER")
  for _ in $(seq 600); do
    grep -q listening "$tmp/listen" 2>/dev/null && break
    sleep 0.05
  done
  PORT=$(sed -n 's/.*:\([0-9]*\)$/\1/p' "$tmp/listen")
  [ -n "$PORT" ] || { echo "bench.sh serve: slidedb-serve $* did not start" >&2; exit 1; }
}
stop_server() { kill "$SERVER"; wait "$SERVER" || true; }
peak_rss_mb() { awk '/VmHWM/ {printf "%.1f", $2 / 1024}' "/proc/$SERVER/status"; }

# wrk over /api/solve: prints "answers/s p99_ms errors".
run_wrk() {  # connections duration states extra-query
  wrk -t"$(( $1 < 2 ? 1 : 2 ))" -c"$1" -d"$2"s --latency -s bench/wrk_solve.lua \
    "http://127.0.0.1:$PORT" -- "$3" "${4:-}" > "$tmp/wrk.txt"
  cat "$tmp/wrk.txt" >> "$out/wrk.txt"
  awk '
    /Requests\/sec/ {rps = $2}
    /^ +99%/ {v = $2; if (v ~ /us$/) {sub("us", "", v); v /= 1000}
              else if (v ~ /ms$/) {sub("ms", "", v)}
              else if (v ~ /s$/) {sub("s", "", v); v *= 1000}
              p99 = v}
    /Non-2xx/ {err += $NF}
    /Socket errors/ {err += 1}
    END {printf "%d %.3f %d\n", rps, p99, err}' "$tmp/wrk.txt"
}

# ---- throughput, keep-alive, 32 connections
start_server --db "$tmp/db"
: > "$out/wrk.txt"
rps=(); p99=(); errors=0
for r in $(seq $RUNS); do
  read -r a p e < <(run_wrk 32 "$DURATION" "$tmp/states.txt")
  rps+=("$a"); p99+=("$p"); errors=$((errors + e))
done
rss_3x3=$(peak_rss_mb)
stop_server
rps_med=$(printf '%s\n' "${rps[@]}" | median)
p99_med=$(printf '%s\n' "${p99[@]}" | median)

# ---- Nagle's algorithm left on, for comparison (one shorter run)
start_server --db "$tmp/db" --nagle
read -r nagle_rps nagle_p99 _ < <(run_wrk 32 5 "$tmp/states.txt")
stop_server

# ---- slidedb-query once per state
head -n "$ONESHOT" "$tmp/states.txt" > "$tmp/oneshot.txt"
oneshot=()
for r in $(seq $RUNS); do
  t0=$(date +%s.%N)
  while read -r s; do
    "$B/slidedb-query" --db "$tmp/db" --format json "$s" >/dev/null
  done < "$tmp/oneshot.txt"
  t1=$(date +%s.%N)
  oneshot+=("$(awk -v n="$ONESHOT" -v a="$t0" -v b="$t1" 'BEGIN {print n / (b - a)}')")
done
oneshot_med=$(printf '%s\n' "${oneshot[@]}" | median)

# ---- a new client while 32 busy and 12 idle keep-alive connections are open
# Idle connections: each sends one request a second, so the server keeps
# it open (its keep-alive timeout is 2 s) and it holds a thread throughout.
idle_connections() {
  for k in $(seq 12); do
    (
      exec 3<>"/dev/tcp/127.0.0.1/$PORT"
      while printf 'GET /healthz HTTP/1.1\r\nHost: idle\r\n\r\n' >&3 2>/dev/null; do
        sleep 1
      done
    ) &
    pids+=("$!")
    idle+=("$!")
  done
}
new_client_ms() {  # threads -> prints "median_ms max_ms timeouts"
  start_server --db "$tmp/db" --threads "$1"
  idle=()
  idle_connections
  sleep 0.5
  wrk -t2 -c32 -d8s -s bench/wrk_solve.lua "http://127.0.0.1:$PORT" -- \
    "$tmp/states.txt" > /dev/null &
  local w=$!
  sleep 2
  : > "$tmp/new.txt"
  local timeouts=0
  for _ in $(seq 30); do
    if t=$(curl -s -o /dev/null --max-time 3 -w '%{time_total}' \
             "http://127.0.0.1:$PORT/api/solve?start=867254301"); then
      awk -v t="$t" 'BEGIN {printf "%.2f\n", t * 1000}' >> "$tmp/new.txt"
    else
      timeouts=$((timeouts + 1))
    fi
    sleep 0.1
  done
  wait "$w" || true
  for p in "${idle[@]}"; do kill "$p" 2>/dev/null || true; done
  stop_server
  if [ -s "$tmp/new.txt" ]; then
    echo "$(median < "$tmp/new.txt") $(sort -g "$tmp/new.txt" | tail -1) $timeouts"
  else
    echo "- - $timeouts"
  fi
}
read -r new_med new_max new_to < <(new_client_ms 2)
read -r small_med small_max small_to < <(new_client_ms 1)

# ---- the API's work without HTTP, against the walk
"$B/slidedb-serve-bench" --db "$tmp/db" "$tmp/states.txt" 31 > "$out/api_work.txt"
walk_ns=$(awk '/^walk_ns/ {print $2}' "$out/api_work.txt")
answer_ns=$(awk '/^answer_ns/ {print $2}' "$out/api_work.txt")
api_ns=$(awk '/^api_ns/ {print $2}' "$out/api_work.txt")
api_walk=$(awk '/^api_over_walk/ {print $2}' "$out/api_work.txt")
api_answer=$(awk '/^api_over_answer/ {print $2}' "$out/api_work.txt")

# ---- peak RSS with a 3x4 table open, under load
rss_3x4_1=-; rss_3x4_4=-; rss_3x4_all=-; rps_3x4=-
if [ "${SLIDEDB_BENCH_SKIP_3X4:-0}" != 1 ]; then
  "$B/slidedb-build" --db "$tmp/db34" --board 3x4 --quiet >/dev/null
  "$B/slidedb-query" --db "$tmp/db34" --board 3x4 --sample 1000 --seed 8 \
    > "$tmp/states34.txt"
  for threads in 1 4; do
    start_server --db "$tmp/db34" --threads "$threads"
    read -r a _ _ < <(run_wrk "$([ "$threads" = 1 ] && echo 1 || echo 32)" \
                        "$DURATION" "$tmp/states34.txt" "&board=3x4")
    if [ "$threads" = 1 ]; then rss_3x4_1=$(peak_rss_mb); else
      rss_3x4_4=$(peak_rss_mb); rps_3x4=$a
      # The worst case: a sample at a distance scans the whole table, so
      # every page is read.
      curl -s -o /dev/null --max-time 600 \
        "http://127.0.0.1:$PORT/api/sample?board=3x4&n=1&distance=53"
      rss_3x4_all=$(peak_rss_mb)
    fi
    stop_server
  done
fi

load_after=$(cut -d' ' -f1-3 /proc/loadavg)
cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
ratio=$(awk -v a="$rps_med" -v b="$oneshot_med" 'BEGIN {print a / b}')
cat <<EOF
Machine: $cpu, $(nproc) cores; load average $load_before before, $load_after after (other jobs share the machine).
wrk: 2 threads, 32 keep-alive connections, ${DURATION} s x $RUNS runs over 1000 random 3x3 states (medians).

| measure | result | floor |
| --- | --- | --- |
| GET /api/solve, 32 keep-alive connections | $rps_med answers/s (runs: ${rps[*]}) | >= 10,000 |
| p99 latency | $p99_med ms (runs: ${p99[*]}) | < 10 ms |
| errors (non-2xx, socket) | $errors | 0 |
| slidedb-query once per state | $(printf '%.0f' "$oneshot_med") answers/s | |
| server / one process per state | $(printf '%.0f' "$ratio")x | >= 50x |
| same, Nagle's algorithm on (--nagle) | $nagle_rps answers/s, p99 $nagle_p99 ms | |
| new client, 12 idle + 32 busy connections, --threads 2 | median $new_med ms, max $new_max ms, $new_to of 30 timed out (3 s) | < 100 ms |
| same, --threads 1 | median $small_med ms, max $small_max ms, $small_to of 30 timed out (3 s) | |
| work per answer: WalkToGoal / CLI per-line answer / API (no HTTP) | $(printf '%.0f' "$walk_ns") / $(printf '%.0f' "$answer_ns") / $(printf '%.0f' "$api_ns") ns | |
| API / CLI per-line answer; API / bare walk (medians of round ratios) | $(printf '%.2f' "$api_answer")x; $(printf '%.1f' "$api_walk")x | <= 2x |
| peak RSS, 3x3 database, after the load runs | $rss_3x3 MB | <= 40 MB |
| peak RSS, 3x4 table, 1 thread / 4 threads (32 connections, $rps_3x4 answers/s) | $rss_3x4_1 / $rss_3x4_4 MB | <= 300 MB |
| peak RSS, 3x4 table, every page read (/api/sample at distance 53 scans it) | $rss_3x4_all MB | <= 300 MB |
EOF
