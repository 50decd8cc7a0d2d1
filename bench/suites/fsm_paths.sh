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
# The harness, bench/fsm_paths.cc, is compiled here by build_harness
# (bench/suites/lib.sh) against the static libraries of a Release build
# (SLIDEDB_BENCH_BUILD_DIR, default build/). Output also goes to
# $B/bench/fsm_paths.txt.
#
# Environment: ON_BOARD=L counts the paths kept by the automaton found on
# the board itself, from each cell, for sequences of up to L moves
# (bench/fsm_board.h), instead of the built one; BOARD=4x4 takes the
# 15-puzzle's board (cells 0, 1 and 5).
set -euo pipefail
cd "$(dirname "$0")/../.."
DEPTH=${1:-19}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
. bench/suites/lib.sh  # build_harness
build_harness bench/fsm_paths.cc slidedb-fsm-paths
BOARD=${BOARD:-5x5}
CELLS="0 1 2 6 7 12"
[[ $BOARD == 4x4 ]] && CELLS="0 1 5"
for cell in $CELLS; do
  "$B/bench/slidedb-fsm-paths" --board "$BOARD" --cell "$cell" \
    --depth "$DEPTH" ${ON_BOARD:+--on-board "$ON_BOARD"}
done | tee "$B/bench/fsm_paths.txt"
