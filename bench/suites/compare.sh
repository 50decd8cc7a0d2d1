#!/usr/bin/env bash
# The full-table builds (3x4, 2x6) and the one-shot query, side by side
# with another build of slidedb (the previous main) in one run, and printed
# as one Markdown table:
#
#   scripts/bench.sh compare BASE_BUILD_DIR [--digest] [--oneshot-only] [--builds=N]
#
# BASE_BUILD_DIR holds the other slidedb-build and slidedb-query (e.g.
# `git worktree add /tmp/base <commit>` built with scripts/build.sh). For
# 3x4 and 2x6 each builder builds the table in turn, N times (--builds=N,
# default 2), alternating:
# wall and CPU seconds (user + system), peak RSS and the builder's own
# times of its phases, medians. The one-shot query is timed with
# `hyperfine -N` on a 3x3 database built by its own builder, and its
# instructions counted with callgrind, which the load of the machine does
# not change. With --digest, the records of both builds are compared through
# the sha256 of `slidedb-query --export csv` (minutes per table). With
# --oneshot-only, only the one-shot query is measured (300 runs, not 200).
set -euo pipefail
cd "$(dirname "$0")/../.."

base=${1:?usage: scripts/bench.sh compare BASE_BUILD_DIR [--digest] [--oneshot-only] [--builds=N]}
shift
digest=
boards="3x4 2x6"
runs=200
builds=2
warmup=10
for arg in "$@"; do
  case $arg in
    --digest) digest=--digest ;;
    --oneshot-only) boards=; runs=300; warmup=20 ;;
    --builds=[1-9]) builds=${arg#--builds=} ;;
    *) echo "bench.sh compare: unknown option $arg" >&2; exit 64 ;;
  esac
done
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
for tool in hyperfine jq valgrind strace /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench.sh compare: $tool is needed" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
rows=()
. bench/suites/lib.sh  # median, row, met

for board in $boards; do
  for run in $(seq "$builds"); do
    for who in base new; do
      bin=$B/slidedb-build
      [ "$who" = base ] && bin=$base/slidedb-build
      echo "bench.sh compare: $board build $run, $who" >&2
      rm -rf "$tmp/$who-$board"
      /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" \
        "$bin" --db "$tmp/$who-$board" --board "$board" \
        >"$tmp/build.out" 2>"$tmp/build.err"
      read -r wall user sys rss <"$tmp/time"
      # The phases, from the builder's own clock: until the first level is
      # done (allocating and clearing the arrays), the search, and what
      # follows it (encoding and writing the table, the swap).
      awk '/ depth  0 / { print $NF == "s" ? $(NF - 1) : $NF }' \
        "$tmp/build.err" >>"$tmp/$who-$board.setup"
      search=$(sed -n 's/.*, search \([0-9.]*\) s\(; serves .*\)\{0,1\}$/\1/p' "$tmp/build.out")
      total=$(sed -n 's/^wrote .*, \([0-9.]*\) s$/\1/p' "$tmp/build.out")
      echo "$search" >>"$tmp/$who-$board.search"
      awk -v a="$total" -v b="$search" 'BEGIN { print a - b }' \
        >>"$tmp/$who-$board.write"
      echo "$wall" >>"$tmp/$who-$board.wall"
      awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }' >>"$tmp/$who-$board.cpu"
      echo $(( rss / 1024 )) >>"$tmp/$who-$board.rss"
    done
  done
  for who in base new; do
    for phase in setup search write; do
      eval "${who}_$phase=$(median <"$tmp/$who-$board.$phase")"
    done
    eval "${who}_wall=$(median <"$tmp/$who-$board.wall")"
    eval "${who}_cpu=$(median <"$tmp/$who-$board.cpu")"
    eval "${who}_rss=$(sort -n "$tmp/$who-$board.rss" | tail -1)"
  done
  row "\`slidedb-build --board $board\`, wall (median of $builds)" "$base_wall s" "$new_wall s" \
      "$(awk -v a="$base_wall" -v b="$new_wall" 'BEGIN { printf "%.2fx", a / b }')"
  row "same, CPU user + system (median of $builds)" "$base_cpu s" "$new_cpu s" \
      "$(awk -v a="$base_cpu" -v b="$new_cpu" 'BEGIN { printf "%.2fx", a / b }')"
  row "same, peak RSS" "$base_rss MiB" "$new_rss MiB" ""
  row "same, until level 0 is done (median)" "$base_setup s" "$new_setup s" ""
  row "same, search (median, including the above)" "$base_search s" \
      "$new_search s" ""
  row "same, after the search: write and swap (median)" "$base_write s" \
      "$new_write s" ""
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

# Each query reads a database of its own builder: how the file is laid out
# is part of what is compared.
"$base"/slidedb-build --db "$tmp/db33base" --board 3x3 --quiet >/dev/null
"$B"/slidedb-build --db "$tmp/db33" --board 3x3 --quiet >/dev/null
query="--db $tmp/db33 867254301"
hyperfine -N --warmup "$warmup" --runs "$runs" --style none --export-json "$tmp/oneshot.json" \
  "$base/slidedb-query --db $tmp/db33base 867254301" \
  "$B/slidedb-query $query" >/dev/null
ms() { jq ".results[$1].median * 1000" "$tmp/oneshot.json"; }
mean_ms() { jq ".results[$1].mean * 1000" "$tmp/oneshot.json"; }
cpu() { jq "(.results[$1].user + .results[$1].system) * 1000" "$tmp/oneshot.json"; }
row "one-shot \`slidedb-query $query\`, median wall (hyperfine -N, $runs runs)" \
    "$(printf '%.2f ms' "$(ms 0)")" "$(printf '%.2f ms' "$(ms 1)")" \
    "$(awk -v a="$(ms 0)" -v b="$(ms 1)" 'BEGIN { printf "%.2fx", a / b }')"
row "same, mean wall" \
    "$(printf '%.2f ms' "$(mean_ms 0)")" "$(printf '%.2f ms' "$(mean_ms 1)")" \
    "$(awk -v a="$(mean_ms 0)" -v b="$(mean_ms 1)" 'BEGIN { printf "%.2fx", a / b }')"
row "same, mean CPU user + system" "$(printf '%.2f ms' "$(cpu 0)")" \
    "$(printf '%.2f ms' "$(cpu 1)")" \
    "$(awk -v a="$(cpu 0)" -v b="$(cpu 1)" 'BEGIN { printf "%.2fx", a / b }')"
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$@" 2>&1 >/dev/null |
    awk '/Collected/ { print $4 }'
}
ib=$(instructions "$base/slidedb-query" --db "$tmp/db33base" 867254301)
in=$(instructions "$B/slidedb-query" --db "$tmp/db33" 867254301)
row "same, instructions (callgrind, whole process)" "$ib" "$in" \
    "$(awk -v a="$ib" -v b="$in" 'BEGIN { printf "%.2fx", a / b }')"
syscalls() {
  strace -f -c -o "$tmp/strace" "$@" >/dev/null
  awk '/total/ { print $4 }' "$tmp/strace"
}
sb=$(syscalls "$base/slidedb-query" --db "$tmp/db33base" 867254301)
sn=$(syscalls "$B/slidedb-query" $query)
row "same, system calls (strace -c)" "$sb" "$sn" ""
row "table files (.sst) in the 3x3 database" \
    "$(ls "$tmp"/db33base/*.sst | wc -l)" "$(ls "$tmp"/db33/*.sst | wc -l)" ""

echo "Issue 13, side by side: base $base, new $B."
echo
echo "| figure | base | new | base / new |"
echo "| --- | --- | --- | --- |"
printf '%s\n' "${rows[@]}"
echo
echo "Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)."
