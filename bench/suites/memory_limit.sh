#!/usr/bin/env bash
# slidedb-serve's --memory-limit on the 15-puzzle: Korf's 100 as one POST,
# four times in a row, to a fresh server for each limit (none, then each
# LIMIT given), with the server's peak RSS:
#
#   scripts/bench.sh memory_limit DB44 [LIMIT...]     e.g. 380M 300M
#
# The first POST reads the pages; the others are warm, unless the limit
# gives pages back. The answers are compared with the first server's.
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/suites/lib.sh  # start_server, stop_server
db=${1:?usage: scripts/bench.sh memory_limit DB44 [LIMIT...]}
shift
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
[[ -x $B/slidedb-serve ]] || ./scripts/build.sh >/dev/null
tmp=$(mktemp -d)
server_pid=
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
grep -v '^#' bench/korf100.txt | awk '{print $3}' >"$tmp/korf.txt"
goal=$(seq -s, 0 15)
echo "machine: $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| slidedb-serve --db $db | Korf's 100 POSTed 4 times, s | peak RSS, MiB |"
echo "| --- | --- | --- |"
for limit in none "$@"; do
  args=(--db "$db")
  [ "$limit" = none ] || args+=(--memory-limit "$limit")
  start_server "$tmp/out" "$B/slidedb-serve" "${args[@]}"
  times=
  for run in 1 2 3 4; do
    t=$(curl -sf -o "$tmp/answers.$limit" -w '%{time_total}' \
      -H 'Content-Type: text/plain' --data-binary @"$tmp/korf.txt" \
      "http://127.0.0.1:$port/api/solve?board=4x4&goal=$goal")
    times+="$t "
    if [ "$limit" = none ]; then
      cp "$tmp/answers.$limit" "$tmp/answers.ref"
    elif ! cmp -s "$tmp/answers.$limit" "$tmp/answers.ref"; then
      echo "memory_limit: answers with --memory-limit $limit differ" >&2
      exit 1
    fi
  done
  stop_server "$tmp/rss.$limit"
  rss=$(awk '{ printf "%.0f", $1 }' "$tmp/rss.$limit")
  echo "| ${limit/none/no limit} | $times| $rss |"
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
