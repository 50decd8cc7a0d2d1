#!/usr/bin/env bash
# Issue 13 (the full-table build and the one-shot query), side by side with
# another build of slidedb (the previous main) in one run, and printed as
# one Markdown table:
#
#   scripts/bench_issue13.sh BASE_BUILD_DIR [--digest]
#
# BASE_BUILD_DIR holds the other slidedb-build and slidedb-query (e.g.
# `git worktree add /tmp/base <commit>` built with scripts/build.sh). For
# 3x4 and 2x6 each builder builds the table in turn, twice, alternating:
# wall and CPU seconds (user + system) and peak RSS, medians. The one-shot
# query is timed with `hyperfine -N` on a 3x3 database, and its
# instructions counted with callgrind, which the load of the machine does
# not change. With --digest, the records of both builds are compared through
# the sha256 of `slidedb-query --export csv` (minutes per table).
set -euo pipefail
cd "$(dirname "$0")/.."

base=${1:?usage: scripts/bench_issue13.sh BASE_BUILD_DIR [--digest]}
digest=${2:-}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
for tool in hyperfine jq valgrind strace /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench_issue13.sh: $tool is needed" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
rows=()
row() { rows+=("| $1 | $2 | $3 | $4 |"); }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

for board in 3x4 2x6; do
  for run in 1 2; do
    for who in base new; do
      bin=$B/slidedb-build
      [ "$who" = base ] && bin=$base/slidedb-build
      echo "bench_issue13.sh: $board build $run, $who" >&2
      rm -rf "$tmp/$who-$board"
      /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" \
        "$bin" --db "$tmp/$who-$board" --board "$board" --quiet >/dev/null
      read -r wall user sys rss <"$tmp/time"
      echo "$wall" >>"$tmp/$who-$board.wall"
      awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }' >>"$tmp/$who-$board.cpu"
      echo $(( rss / 1024 )) >>"$tmp/$who-$board.rss"
    done
  done
  for who in base new; do
    eval "${who}_wall=$(median <"$tmp/$who-$board.wall")"
    eval "${who}_cpu=$(median <"$tmp/$who-$board.cpu")"
    eval "${who}_rss=$(sort -n "$tmp/$who-$board.rss" | tail -1)"
  done
  row "\`slidedb-build --board $board\`, wall (median of 2)" "$base_wall s" "$new_wall s" \
      "$(awk -v a="$base_wall" -v b="$new_wall" 'BEGIN { printf "%.2fx", a / b }')"
  row "same, CPU user + system (median of 2)" "$base_cpu s" "$new_cpu s" \
      "$(awk -v a="$base_cpu" -v b="$new_cpu" 'BEGIN { printf "%.2fx", a / b }')"
  row "same, peak RSS" "$base_rss MiB" "$new_rss MiB" ""
  if [ "$digest" = --digest ]; then
    for who in base new; do
      "$B"/slidedb-query --db "$tmp/$who-$board" --board "$board" --export csv |
        sha256sum | cut -c1-16 >"$tmp/$who-$board.sha"
    done
    same=different
    cmp -s "$tmp/base-$board.sha" "$tmp/new-$board.sha" && same=identical
    row "records of $board (sha256 of \`--export csv\`, first 16 digits)" \
        "$(cat "$tmp/base-$board.sha")" "$(cat "$tmp/new-$board.sha")" "$same"
  fi
  rm -rf "$tmp/base-$board" "$tmp/new-$board"
done

"$B"/slidedb-build --db "$tmp/db33" --board 3x3 --quiet >/dev/null
query="--db $tmp/db33 867254301"
hyperfine -N --warmup 10 --runs 200 --style none --export-json "$tmp/oneshot.json" \
  "$base/slidedb-query $query" "$B/slidedb-query $query" >/dev/null
ms() { jq ".results[$1].median * 1000" "$tmp/oneshot.json"; }
cpu() { jq "(.results[$1].user + .results[$1].system) * 1000" "$tmp/oneshot.json"; }
row "one-shot \`slidedb-query $query\`, median wall (hyperfine -N, 200 runs)" \
    "$(printf '%.2f ms' "$(ms 0)")" "$(printf '%.2f ms' "$(ms 1)")" \
    "$(awk -v a="$(ms 0)" -v b="$(ms 1)" 'BEGIN { printf "%.2fx", a / b }')"
row "same, mean CPU user + system" "$(printf '%.2f ms' "$(cpu 0)")" \
    "$(printf '%.2f ms' "$(cpu 1)")" \
    "$(awk -v a="$(cpu 0)" -v b="$(cpu 1)" 'BEGIN { printf "%.2fx", a / b }')"
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$@" 2>&1 >/dev/null |
    awk '/Collected/ { print $4 }'
}
ib=$(instructions "$base/slidedb-query" --db "$tmp/db33" 867254301)
in=$(instructions "$B/slidedb-query" --db "$tmp/db33" 867254301)
row "same, instructions (callgrind, whole process)" "$ib" "$in" \
    "$(awk -v a="$ib" -v b="$in" 'BEGIN { printf "%.2fx", a / b }')"
syscalls() {
  strace -f -c -o "$tmp/strace" "$@" >/dev/null
  awk '/total/ { print $4 }' "$tmp/strace"
}
sb=$(syscalls "$base/slidedb-query" $query)
sn=$(syscalls "$B/slidedb-query" $query)
row "same, system calls (strace -c)" "$sb" "$sn" ""

echo "Issue 13, side by side: base $base, new $B."
echo
echo "| figure | base | new | base / new |"
echo "| --- | --- | --- | --- |"
printf '%s\n' "${rows[@]}"
echo
echo "Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)."
