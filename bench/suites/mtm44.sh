#!/usr/bin/env bash
# The multi-tile metric on 4x4: MtmSearch (lib/search/mtm_search.h) on 30
# seeded random solvable positions, each solved MTM-optimally; one line per
# position (MTM length, the heuristic at the start, nodes, seconds, the
# tiles) and a summary (total, median and max seconds, nodes).
#
#   bench/suites/mtm44.sh [--threads T] [--count N] [--seed S]
#                         [--goal-blank B] [--heuristic ordered|plain]
#                         [--heuristics N]
#
# The search uses the ordered walking distance unless --heuristic plain
# (4x4's tables are prepared at build time, lib/search/mtm_prepared.h:
# unpacking them takes a fraction of a second; the line "tables made in"
# says). --heuristics N first compares the heuristics on N random
# states (with the ordered tables; --count 0: no search after).
#
# The harness, bench/mtm44.cc, is compiled here against the static
# libraries of a Release build (SLIDEDB_BENCH_BUILD_DIR, default build/;
# made by scripts/build.sh if missing, its search library brought up to
# date if not), so it needs no Google Benchmark. Output also goes to
# $B/bench/mtm44.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."

B=${SLIDEDB_BENCH_BUILD_DIR:-build}
. bench/suites/lib.sh  # build_harness
build_harness bench/mtm44.cc slidedb-mtm44

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$B/bench/slidedb-mtm44" "$@" | tee "$B/bench/mtm44.txt"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
