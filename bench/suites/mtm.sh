#!/usr/bin/env bash
# The multi-tile metric's tables (issue 24): the builds of 3x3, 2x5, 3x4 and
# 2x6 with --metric mtm (wall time, peak RSS, size on disk, radius), a
# one-shot query of a farthest state on a fresh process, and an --analyse of
# that state's optimal solution with a detour; prints one Markdown table.
#
#   scripts/bench.sh mtm        # builds via scripts/build.sh, then measures
#
# Needs about 300 MB of memory and 600 MB of disk under $TMPDIR; about a
# minute on 2 cores. The databases are removed at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."

B=${SLIDEDB_BENCH_BUILD_DIR:-build}
[ "$B" = build ] && ./scripts/build.sh >/dev/null
for tool in hyperfine jq /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench.sh mtm: $tool is needed" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

rows=()
row() { rows+=("| $1 | $2 |"); }

for board in 3x3 2x5 3x4 2x6; do
  db=$tmp/$board
  echo "bench.sh mtm: building $board" >&2
  /usr/bin/time -f "%e %M" -o "$tmp/time" \
    "$B"/slidedb-build --db "$db" --board "$board" --metric mtm --quiet >"$tmp/summary"
  read -r wall rss_kib <"$tmp/time"
  bytes=$(du -sb "$db" | cut -f1)
  summary=$(grep -m1 'states' "$tmp/summary" | sed 's/.*: //; s/, search.*//')
  row "\`slidedb-build --board $board --metric mtm\` ($summary)" \
      "$wall s wall, $(( rss_kib / 1024 )) MiB peak RSS, $(awk -v b="$bytes" 'BEGIN { printf "%.1f MB", b / 1e6 }') on disk"
  q=("$B/slidedb-query" --db "$db" --board "$board" --metric mtm)
  radius=$("${q[@]}" --histogram --format json | jq .max_distance)
  state=$("${q[@]}" --at-distance "$radius" | head -1)
  hyperfine -N --warmup 3 --runs 30 --style none --export-json "$tmp/oneshot.json" \
    "${q[*]} $state" >/dev/null
  ms=$(jq '.results[0].median * 1000' "$tmp/oneshot.json")
  row "one-shot \`slidedb-query --metric mtm\` on $board, $state at the radius $radius, median wall" \
      "$(printf '%.1f ms' "$ms")"
  # A solve: an optimal one after the worst move and back.
  moves=$("${q[@]}" --format json "$state" | jq -r .moves)
  detour=$("${q[@]}" --moves --format json "$state" |
    jq -r '.moves | sort_by(.distance) | last | .move')
  back=$(echo "$detour" | tr UDLR DURL)
  solve="$detour $back $moves"
  hyperfine -N --warmup 3 --runs 30 --style none --export-json "$tmp/analyse.json" \
    "${q[*]} --analyse --start $state --moves '$solve'" >/dev/null
  ms=$(jq '.results[0].median * 1000' "$tmp/analyse.json")
  lost=$("${q[@]}" --analyse --start "$state" --moves "$solve" --format json | jq .lost)
  row "one-shot \`--analyse\` of that state's solve with a detour ($lost lost), median wall" \
      "$(printf '%.1f ms' "$ms")"
done

echo "The multi-tile metric; databases built fresh in a temporary directory on $(nproc) threads."
echo
echo "| figure | measured |"
echo "| --- | --- |"
printf '%s\n' "${rows[@]}"
echo
echo "Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)."
