#!/usr/bin/env bash
# The larger boards against their floors (BENCHMARKS.md); prints one
# Markdown table (the one in BENCHMARKS.md): the builds of 2x5, 3x4 and 2x6
# (wall time, peak RSS, size on disk), a one-shot query on a fresh process
# for the hardest 3x4 and 2x6 states, and in-process walks after warm-up.
#
#   scripts/bench.sh large      # builds via scripts/build.sh, then measures
#
# Needs about 300 MB of memory and 500 MB of disk under $TMPDIR; takes about
# a minute on 2 cores. Databases are built in a temporary directory and
# removed at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/suites/lib.sh  # row, met

SEED=${SLIDEDB_BENCH_SEED:-20261121}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
[ "$B" = build ] && ./scripts/build.sh >/dev/null
for tool in hyperfine jq /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench.sh large: $tool is needed" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

# The states furthest from the default goal (slidedb-query --at-distance).
declare -A hardest=([3x4]="0,3,2,1,8,7,6,5,4,11,10,9" [2x6]="0,11,4,3,2,1,6,5,10,9,8,7")
declare -A build_floor=([2x5]=1 [3x4]=30 [2x6]=30)

rows=()

for board in 2x5 3x4 2x6; do
  db=$tmp/$board
  echo "bench.sh large: building $board" >&2
  /usr/bin/time -f "%e %M" -o "$tmp/time" \
    "$B"/slidedb-build --db "$db" --board "$board" --quiet >"$tmp/summary"
  read -r wall rss_kib <"$tmp/time"
  bytes=$(du -sb "$db" | cut -f1)
  summary=$(head -1 "$tmp/summary" | sed 's/.*: //')
  floor=${build_floor[$board]}
  row "\`slidedb-build --board $board\` ($summary)" "$wall s wall, $(( rss_kib / 1024 )) MiB peak RSS" \
      "$floor s, 1 GB" "$(met "$wall" "$floor"), $(met "$rss_kib" 1000000)"
  row "database on disk, $board default goal" "$(awk -v b="$bytes" 'BEGIN { printf "%.1f MB", b / 1e6 }')" \
      "300 MB" "$(met "$bytes" 300000000)"
  [ "$board" = 2x5 ] && continue

  state=${hardest[$board]}
  distance=$("$B"/slidedb-query --db "$db" --board "$board" --format json "$state" | jq .distance)
  hyperfine -N --warmup 3 --runs 30 --style none --export-json "$tmp/oneshot.json" \
    "$B/slidedb-query --db $db --board $board $state" >/dev/null
  ms=$(jq '.results[0].median * 1000' "$tmp/oneshot.json")
  row "one-shot \`slidedb-query --board $board\`, a state $distance moves out, median wall" \
      "$(printf '%.1f ms' "$ms")" "50 ms" "$(met "$ms" 50)"

  "$B"/slidedb-bench --large "$board" --db "$db" --instances 200 --seed "$SEED" >"$tmp/large"
  get() { awk -v k="$1" '$1 == k {print $2}' "$tmp/large"; }
  row "in-process walk, $board, 200 random states (mean distance $(get mean_distance)), after warm-up, median" \
      "$(get warm_path_median_ns) ns (first walk, pages read: $(get cold_path_median_us) µs)" "10 µs" \
      "$(met "$(get warm_path_median_ns)" 10000)"
done

echo "Larger boards; databases built fresh in a temporary directory, page cache warm for the one-shot queries."
echo
echo "| figure | measured | floor | |"
echo "| --- | --- | --- | --- |"
printf '%s\n' "${rows[@]}"
echo
echo "Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)."
