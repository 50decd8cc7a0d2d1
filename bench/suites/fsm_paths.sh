#!/usr/bin/env bash
# The automaton of skipped move sequences against no duplicates at all:
# from the blank on each kind of cell of 5x5 (0, 1, 2, 6, 7, 12; the others
# are their images), the states d moves away against the paths of d moves
# the automaton keeps, for d up to DEPTH (default 19; the last depth needs
# about 1 GB and 30 s a cell). What an automaton per blank cell, or a longer
# one, could still prune is the gap between the two.
#
#   scripts/bench.sh fsm_paths [DEPTH]
#
# The harness, bench/fsm_paths.cc, is compiled here against the static
# libraries of a Release build (SLIDEDB_BENCH_BUILD_DIR, default build/),
# as bench/suites/mtm44.sh does. Output also goes to $B/bench/fsm_paths.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
DEPTH=${1:-19}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
if [[ -f "$B/CMakeCache.txt" ]]; then
  cmake --build "$B" --target slidedb_search >/dev/null  # brought up to date
else
  ./scripts/build.sh >/dev/null
fi
mkdir -p "$B/bench"
CXX=${CXX:-g++}
"$CXX" -std=c++20 -O2 -DNDEBUG -I. -Iinclude bench/fsm_paths.cc \
  "$B/lib/libslidedb_search.a" "$B/lib/libslidedb_puzzle.a" \
  "$B/lib/libslidedb_base.a" -lzstd -pthread -o "$B/bench/slidedb-fsm-paths"
for cell in 0 1 2 6 7 12; do
  "$B/bench/slidedb-fsm-paths" --board 5x5 --cell "$cell" --depth "$DEPTH"
done | tee "$B/bench/fsm_paths.txt"
