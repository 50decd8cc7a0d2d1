#!/usr/bin/env bash
# A batch of searched states (issue 34): the easiest 24-puzzle instances as
# one batch on standard input against one process each, and optionally
# Korf's 100 15-puzzle instances as one batch beside another build:
#
#   scripts/bench.sh batch24 [COUNT] [RUNS] [BASE_BUILD_DIR]
#
#   - the COUNT easiest (default 10) of Korf and Felner's 50 instances
#     (bench/korf24.txt, by their published node counts), goal
#     0,1,...,24: each as one `slidedb-query --board 5x5 --goal ... STATE`
#     process on every core, and all of them as one process reading them on
#     standard input. The two ways take turns, RUNS times each (default 1:
#     the ten take about five minutes a way on 2 cores); printed: the median
#     wall of each way and their ratio, batch / sum of the processes (the
#     floor: at most 1.05). The answers are compared byte for byte.
#   - with BASE_BUILD_DIR (a build of the previous main): Korf's 100
#     (bench/korf100.txt, goal 0,1,...,15) as one batch on standard input,
#     this build and the base taking turns, 5 runs each; the median walls,
#     their ratio, and the answers compared byte for byte.
#
# Environment: DB55 (default /tmp/slidedb-bench24; built with the default
# 6-6-6-6 if it has no 5x5 pattern databases, about 3 min), DB44 (default
# /tmp/slidedb-bench15; built if missing), OUT (default
# /tmp/slidedb-batch24-out).
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-10}
runs=${2:-1}
base=${3:-}
DB55=${DB55:-/tmp/slidedb-bench24}
DB44=${DB44:-/tmp/slidedb-bench15}
OUT=${OUT:-/tmp/slidedb-batch24-out}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
mkdir -p "$OUT"
command -v python3 >/dev/null || { echo "bench.sh batch24: needs python3" >&2; exit 1; }
[[ -x $B/slidedb-query ]] || ./scripts/build.sh >/dev/null
. bench/suites/lib.sh  # median

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
if ! "$B/slidedb-query" --db "$DB55" --board 5x5 --histogram >/dev/null 2>&1; then
  "$B/slidedb-build" --db "$DB55" --board 5x5 --quiet > "$OUT/build55.out"
fi

goal24=$(seq -s, 0 24)
grep -v '^#' bench/korf24.txt | awk 'NF' | sort -k3,3n | head -n "$count" |
  awk '{print $4}' > "$OUT/states24.txt"
now() { date +%s.%N; }
singles=() batches=()
for ((r = 0; r < runs; r++)); do
  t0=$(now)
  : > "$OUT/singles.out"
  while read -r state; do
    "$B/slidedb-query" --db "$DB55" --board 5x5 --goal "$goal24" \
      --format json "$state" >> "$OUT/singles.out"
  done < "$OUT/states24.txt"
  t1=$(now)
  "$B/slidedb-query" --db "$DB55" --board 5x5 --goal "$goal24" \
    --format json < "$OUT/states24.txt" > "$OUT/batch.out"
  t2=$(now)
  singles+=("$(echo "$t1 - $t0" | bc)")
  batches+=("$(echo "$t2 - $t1" | bc)")
  echo "run $((r + 1)): one process each $(echo "${singles[-1]}" | xargs printf '%.1f') s, one batch $(echo "${batches[-1]}" | xargs printf '%.1f') s" >&2
  cmp -s "$OUT/singles.out" "$OUT/batch.out" ||
    { echo "bench.sh batch24: the batch's answers differ from one at a time" >&2; exit 1; }
done
s=$(printf '%s\n' "${singles[@]}" | median)
b=$(printf '%s\n' "${batches[@]}" | median)
ratio=$(echo "$b / $s" | bc -l)
rows=()
row "the $count easiest 5x5 (Korf & Felner), one process each on every core: sum of walls, median of $runs" "$(printf '%.1f s' "$s")" "" ""
row "the same $count as one batch on standard input, median of $runs" "$(printf '%.1f s' "$b")" "" ""
row "batch / one process each" "$(printf '%.3f' "$ratio")" "at most 1.05" "$(met "$ratio" 1.05)"

if [[ -n $base ]]; then
  if ! "$B/slidedb-query" --db "$DB44" --board 4x4 --histogram >/dev/null 2>&1; then
    "$B/slidedb-build" --db "$DB44" --board 4x4 --quiet > "$OUT/build44.out"
  fi
  goal15=$(seq -s, 0 15)
  grep -v '^#' bench/korf100.txt | awk '{print $3}' > "$OUT/states15.txt"
  ours=() theirs=()
  for ((r = 0; r < 5; r++)); do
    for who in base ours; do
      bin=$B; [[ $who == base ]] && bin=$base
      t0=$(now)
      "$bin/slidedb-query" --db "$DB44" --board 4x4 --goal "$goal15" \
        --format json < "$OUT/states15.txt" > "$OUT/korf100.$who"
      t1=$(now)
      if [[ $who == base ]]; then theirs+=("$(echo "$t1 - $t0" | bc)"); else ours+=("$(echo "$t1 - $t0" | bc)"); fi
    done
  done
  cmp -s "$OUT/korf100.base" "$OUT/korf100.ours" ||
    { echo "bench.sh batch24: Korf's 100 answers differ from the base's" >&2; exit 1; }
  o=$(printf '%s\n' "${ours[@]}" | median)
  t=$(printf '%s\n' "${theirs[@]}" | median)
  r44=$(echo "$o / $t" | bc -l)
  row "Korf's 100 (4x4) as one batch, base build, median of 5" "$(printf '%.2f s' "$t")" "" ""
  row "Korf's 100 (4x4) as one batch, this build, median of 5" "$(printf '%.2f s' "$o")" "" ""
  row "Korf's 100 batch, this build / base" "$(printf '%.3f' "$r44")" "at most 1 (noise aside)" "$(met "$r44" 1.02)"
fi

echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| figure | measured | floor | verdict |"
echo "| --- | --- | --- | --- |"
printf '%s\n' "${rows[@]}"
