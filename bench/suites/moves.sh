#!/usr/bin/env bash
# Every legal move and the distance it leads to (`slidedb-query --moves`,
# /api/moves, the page's Hint and Moves) on the 15-puzzle, side by side
# with another build of slidedb in one run, one fresh process a question,
# printed as one Markdown table:
#
#   scripts/bench.sh moves BASE_BUILD_DIR DB [N]
#
#   - single-tile: the ten of Korf's 100 around the median of the search's
#     work, for Korf's goal (0,1,...,15);
#   - multi-tile: N (default 8) random positions (seed 7), for the goal
#     with the blank last;
#   - single-tile in a warm server: /api/moves of Korf's 100, both builds'
#     slidedb-serve side by side (bench/moves_serve.py).
# Both builds take turns on each state; their answers must be the same
# byte for byte (the suite fails otherwise). DB holds the 4x4 pattern
# databases (slidedb-build --board 4x4).
set -euo pipefail
cd "$(dirname "$0")/../.."

base=${1:?usage: scripts/bench.sh moves BASE_BUILD_DIR DB [N]}
db=${2:?usage: scripts/bench.sh moves BASE_BUILD_DIR DB [N]}
n=${3:-8}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
. bench/suites/lib.sh  # median, korf_median_ten

korf=$(seq -s, 0 15)
korf_median_ten "$B/slidedb-query" "$db" | cut -d' ' -f1 >"$tmp/stm.txt"
python3 -c '
import random, sys
rng, n, out = random.Random(7), int(sys.argv[1]), []
while len(out) < n:
    p = list(range(16))
    rng.shuffle(p)
    inv = sum(1 for i in range(16) for j in range(i + 1, 16) if p[i] and p[j] and p[i] > p[j])
    if (inv + 3 - p.index(0) // 4) % 2 == 0:
        out.append(",".join(map(str, p)))
print("\n".join(out))' "$n" >"$tmp/mtm.txt"

time_moves() {  # NAME BIN STATE ARGS... -> appends seconds to $tmp/NAME
  local name=$1 bin=$2 state=$3
  shift 3
  /usr/bin/time -f "%e" -o "$tmp/t" "$bin/slidedb-query" --db "$db" --board 4x4 "$@" \
    --moves "$state" >"$tmp/$name.out"
  cat "$tmp/t" >>"$tmp/$name"
}
for metric in stm mtm; do
  for name in base new; do : >"$tmp/$metric.$name"; done
  args=(--goal "$korf")
  [ $metric = mtm ] && args=(--metric mtm)
  while read -r state; do
    echo "bench.sh moves: $metric $state" >&2
    time_moves "$metric.base" "$base" "$state" "${args[@]}"
    time_moves "$metric.new" "$B" "$state" "${args[@]}"
    cmp -s "$tmp/$metric.base.out" "$tmp/$metric.new.out" || {
      echo "bench.sh moves: the builds answer $state differently" >&2
      diff "$tmp/$metric.base.out" "$tmp/$metric.new.out" >&2
      exit 1
    }
  done <"$tmp/$metric.txt"
done

sum() { awk '{ s += $1 } END { printf "%.2f", s }' "$1"; }
line() {  # FILES_STEM LABEL
  local b n
  b=$(median <"$1.base")
  n=$(median <"$1.new")
  printf "| %s | %s / %s | %s / %s | %s |\n" "$2" "$b" "$(sum "$1.base")" \
    "$n" "$(sum "$1.new")" \
    "$(awk -v b="$b" -v n="$n" 'BEGIN { if (b > 0) printf "%.2fx", n / b }')"
}
echo "| \`slidedb-query --moves\`, 4x4, a fresh process each | previous: median / sum, s | this build: median / sum, s | median ratio |"
echo "| --- | --- | --- | --- |"
line "$tmp/stm" "single-tile, Korf's ten median instances, goal 0,1,...,15"
line "$tmp/mtm" "multi-tile, $n random positions"
echo
echo "| in a warm server | median s |"
echo "| --- | --- |"
python3 bench/moves_serve.py "$base/slidedb-serve" "$B/slidedb-serve" "$db"
echo
echo "Answers identical byte for byte. Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg). $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs."
