#!/usr/bin/env bash
# slidedb-tour against its floors (BENCHMARKS.md) and prints one
# Markdown table (BENCHMARKS.md).
#
#   scripts/bench.sh tour       # builds via scripts/build.sh, then measures
#
# 1. Every start of every board from 5x5 to 50x50 (42,895 starts, 32,499
#    with a tour), each answered and verified by FindTour, per rule, in one
#    process (build/slidedb-tour-bench); RUNS runs each, medians.
# 2. One 1000x1000 (and 999x999) tour, a fresh slidedb-tour process writing
#    the whole grid to /dev/null, median of hyperfine runs; each grid is
#    also checked once with --verify.
set -euo pipefail
cd "$(dirname "$0")/../.."

RUNS=${SLIDEDB_BENCH_RUNS:-3}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
[ "$B" = build ] && ./scripts/build.sh >/dev/null
for tool in hyperfine jq /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench.sh tour: $tool is needed" >&2; exit 1; }
done
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
start=$(date +%s.%N)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. bench/suites/lib.sh  # median

echo "| figure | measured (median) | CPU (median) | floor | ratio to the floor (1 or more: met) | |"
echo "| --- | --- | --- | --- | --- | --- |"
for rule in xiao warnsdorff alternate; do
  : >"$tmp/wall"; : >"$tmp/cpu"
  for _ in $(seq "$RUNS"); do
    echo "bench.sh tour: every start 5..50, rule $rule" >&2
    /usr/bin/time -f "%U %S" -o "$tmp/time" "$B/slidedb-tour-bench" 5 50 "$rule" >"$tmp/out"
    jq -r .seconds "$tmp/out" >>"$tmp/wall"
    awk '{print $1 + $2}' "$tmp/time" >>"$tmp/cpu"
  done
  wall=$(median <"$tmp/wall"); cpu=$(median <"$tmp/cpu")
  made=$(jq -r '.methods | to_entries | map("\(.value) by \(.key)") | join(", ")' "$tmp/out")
  awk -v r="$rule" -v w="$wall" -v c="$cpu" -v m="$made" 'BEGIN {
    printf "| every start of 5x5..50x50, --rule %s (%s) | %.2f s | %.2f s | 10 s | %.2fx | %s |\n",
      r, m, w, c, 10 / w, (w <= 10 ? "met" : "NOT met") }'
done

for args in "--size 1000 --start 1,1" "--size 1000 --start 500,500" \
            "--size 1000 --start 1,1 --closed" "--size 999 --start 500,500"; do
  echo "bench.sh tour: slidedb-tour $args" >&2
  # shellcheck disable=SC2086
  "$B/slidedb-tour" $args >"$tmp/grid"
  method=$(tail -1 "$tmp/grid" | sed 's/.*: //; s/ (.*//')
  closed=""; case "$args" in *--closed*) closed=--closed ;; esac
  "$B/slidedb-tour" --verify "$tmp/grid" $closed >/dev/null || {
    echo "bench.sh tour: the tour of '$args' does not verify" >&2; exit 1; }
  # shellcheck disable=SC2086
  hyperfine -N --warmup 2 --runs 10 --style none --export-json "$tmp/h.json" \
    "$B/slidedb-tour $args --quiet" >/dev/null 2>&1 </dev/null
  # hyperfine discards the program's output: the whole grid is still written.
  wall=$(jq -r '.results[0].median' "$tmp/h.json")
  cpu=$(jq -r '.results[0] | (.user + .system)' "$tmp/h.json")
  awk -v a="$args" -v w="$wall" -v c="$cpu" -v m="$method" 'BEGIN {
    printf "| `slidedb-tour %s`, fresh process, grid written (%s) | %.3f s | %.3f s | 1 s | %.2fx | %s |\n",
      a, m, w, c, 1 / w, (w <= 1 ? "met" : "NOT met") }'
done

end=$(date +%s.%N)
echo
echo "Measured in $(awk -v s="$start" -v e="$end" 'BEGIN {printf "%.0f", e - s}') s. Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)."
