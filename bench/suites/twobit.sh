#!/usr/bin/env bash
# Issue 23's floors: the full table of 2x7 (or 7x2) in two bits a state.
# Prints one Markdown table (the one in BENCHMARKS.md):
#
#   scripts/bench.sh twobit [--board 2x7|7x2] [--db DIR] [--queries N]
#                           [--batch N]...
#
# Without --db it builds the table into a temporary database (about 17 GB
# of memory and 11 GB of disk for 2x7: the builder checks both first) and
# removes it at the end; with --db it measures a database built before
# (its build line then says so). Then:
#   - the histogram against the published one (bench/data/2x7-stm-histogram.txt,
#     the same for 7x2);
#   - one-shot queries: a fresh `slidedb-query` process per state, N seeded
#     random states (default 20), each run once to warm the page cache and
#     once timed, median wall time (the walk reads only the pages it
#     touches);
#   - batches: N seeded random states on standard input (default 200,000,
#     1,000,000 and 3,000,000; --batch N for one size), answers to
#     /dev/null, states per second, with the table files in the page cache
#     (read once before: a batch touches every page). A fresh process reads
#     and checksums the whole table once (10.9 GB) whatever the batch's
#     size; the marginal rate between the smallest and the largest batch is
#     the rate without it;
#   - in-process walks (slidedb-bench --large): first walk and warm walks.
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/suites/lib.sh  # median, row, met

board=2x7
db=
queries=20
batches=()
while [ $# -gt 0 ]; do
  case "$1" in
    --board) board=$2; shift 2 ;;
    --db) db=$2; shift 2 ;;
    --queries) queries=$2; shift 2 ;;
    --batch) batches+=("$2"); shift 2 ;;
    *) echo "bench.sh twobit: unknown option $1" >&2; exit 64 ;;
  esac
done
case "$board" in 2x7|7x2) ;; *) echo "bench.sh twobit: --board 2x7 or 7x2" >&2; exit 64 ;; esac
[ ${#batches[@]} -gt 0 ] || batches=(200000 1000000 3000000)

B=${SLIDEDB_BENCH_BUILD_DIR:-build}
[ "$B" = build ] && ./scripts/build.sh >/dev/null
for tool in jq /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench.sh twobit: $tool is needed" >&2; exit 1; }
done
SEED=${SLIDEDB_BENCH_SEED:-20261125}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
rows=()

if [ -z "$db" ]; then
  db=$tmp/db
  echo "bench.sh twobit: building $board (progress below)" >&2
  /usr/bin/time -f "%e %M" -o "$tmp/time" \
    "$B"/slidedb-build --db "$db" --board "$board" >"$tmp/summary"
  read -r wall rss_kib <"$tmp/time"
  bytes=$(du -sb "$db" | cut -f1)
  row "\`slidedb-build --board $board\` ($(head -1 "$tmp/summary" | sed 's/.*: //'))" \
      "$wall s wall, $(awk -v k="$rss_kib" 'BEGIN { printf "%.1f GB", k * 1024 / 1e9 }') peak RSS" \
      "900 s, 20 GB" "$(met "$wall" 900), $(met "$rss_kib" 19531250)"
  row "database on disk, $board" "$(awk -v b="$bytes" 'BEGIN { printf "%.2f GB", b / 1e9 }')" \
      "12 GB" "$(met "$bytes" 12000000000)"
else
  row "\`slidedb-build --board $board\`" "built before (--db $db)" "900 s, 20 GB" "not measured here"
fi

# The histogram, stored at build time, against the published one.
"$B"/slidedb-query --db "$db" --board "$board" --histogram --format json >"$tmp/hist.json"
jq -r '.counts[]' "$tmp/hist.json" >"$tmp/hist.txt"
grep -v '^#' bench/data/2x7-stm-histogram.txt >"$tmp/published.txt"
if cmp -s "$tmp/hist.txt" "$tmp/published.txt"; then
  verdict=met
else
  verdict="**missed**"
fi
row "histogram of $board against the published one (radius 108, one antipode)" \
    "distances 0 to $(($(wc -l <"$tmp/hist.txt") - 1)), $(tail -1 "$tmp/hist.txt") state(s) at the last" \
    "equal, line by line" "$verdict"

# One-shot queries: a fresh process each.
"$B"/slidedb-bench --states "$queries" --large "$board" --seed "$SEED" >"$tmp/one.txt"
# (Timed with date's nanoseconds: /usr/bin/time counts hundredths.)
while read -r state; do
  "$B"/slidedb-query --db "$db" --board "$board" "$state" >/dev/null  # warm-up
  start=$(date +%s%N)
  "$B"/slidedb-query --db "$db" --board "$board" "$state" >/dev/null
  echo $(( $(date +%s%N) - start ))
done <"$tmp/one.txt" | awk '{ print $1 / 1e9 }' >"$tmp/one_times"
ms=$(median <"$tmp/one_times" | awk '{ printf "%.1f", $1 * 1000 }')
row "one-shot \`slidedb-query --board $board STATE\`, $queries random states, median wall" \
    "$ms ms" "10 ms" "$(met "$ms" 10)"

# Batches on standard input, the table files read into the page cache first.
cat "$db"/*.sst >/dev/null
first_n= first_s= last_n= last_s=
for batch in "${batches[@]}"; do
  "$B"/slidedb-bench --states "$batch" --large "$board" --seed "$((SEED + 1))" >"$tmp/batch.txt"
  /usr/bin/time -f "%e" -o "$tmp/t" "$B"/slidedb-query --db "$db" --board "$board" \
    --format json <"$tmp/batch.txt" >/dev/null
  secs=$(cat "$tmp/t")
  rate=$(awk -v n="$batch" -v s="$secs" 'BEGIN { printf "%d", n / s }')
  row "batch of $batch random states on standard input, \`--format json\` (paths), a fresh process" \
      "$rate states/s ($secs s)" "200,000/s" "$(met_least "$rate" 200000)"
  [ -n "$first_n" ] || { first_n=$batch; first_s=$secs; }
  last_n=$batch last_s=$secs
done
if [ "$last_n" != "$first_n" ]; then
  rate=$(awk -v n="$((last_n - first_n))" -v s="$last_s" -v f="$first_s" 'BEGIN { printf "%d", n / (s - f) }')
  row "marginal rate from $first_n to $last_n states (the table read once is not in it)" \
      "$rate states/s" "200,000/s" "$(met_least "$rate" 200000)"
fi

"$B"/slidedb-bench --large "$board" --db "$db" --instances 200 --seed "$SEED" >"$tmp/large"
get() { awk -v k="$1" '$1 == k {print $2}' "$tmp/large"; }
row "in-process walk, $board, 200 random states (mean distance $(get mean_distance)), median" \
    "$(get warm_path_median_ns) ns warm, $(get cold_path_median_us) µs first" "(none)" ""

echo "The $board full table in two bits a state; machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores."
echo
echo "| figure | measured | floor | |"
echo "| --- | --- | --- | --- |"
printf '%s\n' "${rows[@]}"
echo
echo "Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)."
