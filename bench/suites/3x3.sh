#!/usr/bin/env bash
# 3x3: slidedb against the classic solvers (BFS, A*, IDA*) on the same
# instances, and its own floors; prints one Markdown table (BENCHMARKS.md).
#
#   scripts/bench.sh 3x3            # builds via scripts/build.sh, then measures
#
# Everything runs on 3x3 with a seeded instance set; a scratch database is
# built under a temporary directory and removed at the end. The raw Google
# Benchmark output and the per-step figures are kept in build/bench/.
set -euo pipefail
cd "$(dirname "$0")/../.."

SEED=${SLIDEDB_BENCH_SEED:-20261121}
INSTANCES=${SLIDEDB_BENCH_INSTANCES:-200}
BATCH_STATES=1000000
BUILD_RUNS=5
BATCH_RUNS=3
ONESHOT_RUNS=100

# SLIDEDB_BENCH_BUILD_DIR: measure another, already built, build directory.
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
[ "$B" = build ] && ./scripts/build.sh >/dev/null
start=$(date +%s.%N)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

for tool in hyperfine jq /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench.sh: $tool is needed" >&2; exit 1; }
done
[ -x "$B/slidedb-bench" ] || {
  echo "bench.sh: $B/slidedb-bench was not built (is libbenchmark-dev installed?)" >&2
  exit 1
}

out=$B/bench
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
db=$tmp/db

. bench/suites/lib.sh  # median
# "%e %M %U %S": wall seconds, peak RSS in KiB, user and system CPU seconds.
timed() { /usr/bin/time -f "%e %M %U %S" -o "$tmp/time" "$@"; cat "$tmp/time"; }

echo "bench.sh: full build of the 3x3 database, $BUILD_RUNS runs" >&2
: >"$out/build.txt"
for _ in $(seq "$BUILD_RUNS"); do
  rm -rf "$db"
  timed "$B"/slidedb-build --db "$db" --board 3x3 --quiet >/dev/null
  cat "$tmp/time" >>"$out/build.txt"
done
build_s=$(cut -d' ' -f1 "$out/build.txt" | median)
db_bytes=$(du -sb "$db" | cut -f1)

echo "bench.sh: in-process medians, baselines, answers checked" >&2
"$B"/slidedb-bench --compare --db "$db" --instances "$INSTANCES" --seed "$SEED" \
  >"$out/compare.txt"
get() { awk -v k="$1" '$1 == k {print $2}' "$out/compare.txt"; }
[ "$(get answers_wrong)" = 0 ] || { echo "bench.sh: wrong answers" >&2; exit 1; }

echo "bench.sh: Google Benchmark" >&2
"$B"/slidedb-bench --db "$db" --instances "$INSTANCES" --seed "$SEED" \
  --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
  >"$out/gbench.txt" 2>&1

echo "bench.sh: batch, $BATCH_STATES states, $BATCH_RUNS runs" >&2
"$B"/slidedb-bench --states "$BATCH_STATES" --seed "$SEED" >"$tmp/states.txt"
: >"$out/batch.txt"
for _ in $(seq "$BATCH_RUNS"); do
  timed "$B"/slidedb-query --db "$db" --format json <"$tmp/states.txt" >/dev/null
  cat "$tmp/time" >>"$out/batch.txt"
done
batch_s=$(cut -d' ' -f1 "$out/batch.txt" | median)
batch_rss=$(cut -d' ' -f2 "$out/batch.txt" | sort -g | tail -1)
batch_cpu_s=$(awk '{print $3 + $4}' "$out/batch.txt" | median)

echo "bench.sh: one-shot query, $ONESHOT_RUNS runs" >&2
hyperfine -N --warmup 5 --runs "$ONESHOT_RUNS" --style none \
  --export-json "$out/oneshot.json" \
  "$B/slidedb-query --db $db 867254301" >/dev/null
oneshot_ms=$(jq '.results[0].median * 1000' "$out/oneshot.json")
timed "$B"/slidedb-query --db "$db" 867254301 >/dev/null
oneshot_rss=$(cut -d' ' -f2 "$tmp/time")
rss_kib=$(( oneshot_rss > batch_rss ? oneshot_rss : batch_rss ))

load_after=$(cut -d' ' -f1-3 /proc/loadavg)
elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.0f", b - a}')

# One row: figure, measured, floor, how it compares, met?
awk -v path="$(get path_median_ns)" -v dist="$(get distance_median_ns)" \
    -v ida="$(get idastar_median_ns)" -v astar="$(get astar_median_ns)" \
    -v bfsq="$(get bfs_query_median_ns)" \
    -v ida_mean="$(get idastar_mean_ns)" -v path_mean="$(get path_mean_ns)" \
    -v bfs1="$(get runbfs_t1_median_ms)" -v bfs2="$(get runbfs_t2_median_ms)" \
    -v bfs1cpu="$(get runbfs_t1_cpu_median_ms)" -v bfs2cpu="$(get runbfs_t2_cpu_median_ms)" \
    -v batch_cpu="$batch_cpu_s" -v load_before="$load_before" -v load_after="$load_after" \
    -v batch_s="$batch_s" -v n="$BATCH_STATES" -v oneshot="$oneshot_ms" \
    -v build_s="$build_s" -v bytes="$db_bytes" -v rss="$rss_kib" \
    -v inst="$(get instances)" -v dmean="$(get mean_distance)" \
    -v seed="$SEED" -v elapsed="$elapsed" '
function row(name, value, floor, cmp, ok) {
  printf "| %s | %s | %s | %s | %s |\n", name, value, floor, cmp, ok ? "met" : "**missed**"
}
BEGIN {
  printf "3x3, %d seeded random solvable instances (seed %s, mean distance %.2f); every baseline answer checked against the database.\n\n", inst, seed, dmean
  print "| figure | measured | floor | ratio to the floor (1 or more: met), or vs baseline | |"
  print "| --- | --- | --- | --- | --- |"
  row("in-process path (WalkToGoal, moves + tiles), median", sprintf("%.0f ns", path), "1 us", sprintf("%.2fx", 1000 / path), path <= 1000)
  row("in-process distance (DistanceToGoal), median", sprintf("%.1f ns", dist), "100 ns", sprintf("%.2fx", 100 / dist), dist <= 100)
  row("IDA* (Manhattan + linear conflict), median", sprintf("%.1f us", ida / 1000), "-", sprintf("path is %.0fx faster (mean %.0fx)", ida / path, ida_mean / path_mean), 1)
  row("speed-up over IDA*", sprintf("%.0fx", ida / path), "30x", sprintf("%.2fx", ida / path / 30), ida / path >= 30)
  row("A* (Manhattan), median", sprintf("%.1f us", astar / 1000), "-", sprintf("path is %.0fx faster", astar / path), 1)
  row("BFS per query, median", sprintf("%.2f ms", bfsq / 1e6), "-", sprintf("path is %.0fx faster", bfsq / path), 1)
  rate = n / batch_s
  row(sprintf("batch `slidedb-query --format json`, %d states, stdin to /dev/null", n), sprintf("%.0f states/s (%.2f s wall, %.2f s CPU: %.0f states/CPU-s)", rate, batch_s, batch_cpu, n / batch_cpu), "500,000 states/s", sprintf("%.2fx", rate / 500000), rate >= 500000)
  row("one-shot `slidedb-query 867254301`, fresh process, median wall", sprintf("%.2f ms", oneshot), "10 ms", sprintf("%.2fx", 10 / oneshot), oneshot <= 10)
  row("BFS of one 3x3 table (RunBfs, 1 thread), median", sprintf("%.2f ms (CPU %.2f ms)", bfs1, bfs1cpu), "10 ms", sprintf("%.2fx", 10 / bfs1), bfs1 <= 10)
  row("BFS of one 3x3 table (RunBfs, 2 threads), median", sprintf("%.2f ms (CPU %.2f ms, both threads)", bfs2, bfs2cpu), "10 ms", sprintf("%.2fx", 10 / bfs2), bfs2 <= 10)
  row("`slidedb-build` all 9 canonical 3x3 goals, database written, median wall", sprintf("%.3f s", build_s), "0.5 s", sprintf("%.2fx", 0.5 / build_s), build_s <= 0.5)
  row("database on disk, all 9 goals", sprintf("%.2f MB (%d bytes)", bytes / 1e6, bytes), "4 MB", sprintf("%.2fx", 4e6 / bytes), bytes <= 4e6)
  row("query peak RSS (max of one-shot and batch)", sprintf("%.1f MB", rss * 1024 / 1e6), "30 MB", sprintf("%.2fx", 30e6 / (rss * 1024)), rss * 1024 <= 30e6)
  printf "\nMeasured in %s s after the build (raw figures in the build directory, bench/). Load average before: %s; after: %s.\n", elapsed, load_before, load_after
}'
