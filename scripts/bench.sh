#!/usr/bin/env bash
# The one entry point of the benchmarks: scripts/bench.sh SUITE [ARGS].
# Each suite is a script in bench/suites/ that builds what it needs (through
# scripts/build.sh), measures, and prints a Markdown table for
# BENCHMARKS.md. `scripts/bench.sh --help` lists them.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  cat <<'TEXT'
Usage: scripts/bench.sh SUITE [ARGS]

Suites (bench/suites/SUITE.sh; BENCHMARKS.md has their latest figures):
  3x3                  slidedb against BFS, A* and IDA* on 3x3 (about 20 s)
  large                the 2x5, 3x4 and 2x6 builds, one-shot queries, walks
  mtm                  the multi-tile tables: 3x3, 2x5, 3x4, 2x6 builds, one-shot
                       queries and --analyse
  mtm44 [--threads T] [--count N] ...
                       the multi-tile search on 4x4: 30 seeded random positions
                       solved MTM-optimally, a line each and a summary
  twobit [--db DIR]    the 2x7 (or 7x2) two-bit table: build (15 minutes, 17 GB),
                       histogram against the published one, one-shot queries,
                       a batch of 200,000 random states
  15                   Korf's 100 15-puzzle instances, optionally beside a peer
  24 [PEER PEER_PDBS]  the ten easiest of Korf and Felner's 24-puzzle instances
                       beside clausecker/24puzzle, and 100 positions in 1 s
  24strong [DB DB_STRONG [PEER PEER_PDBS]]
                       the same ten on the 6-6-6-6 databases by placement and
                       by blank region (--pdb strong), side by side, and the
                       peer's parsearch -j 2 (FIRST=11: the next ten; with
                       both, PEER_FSM=FILE gives the peer its automaton, -m)
  24words [DB_WORDS DB_NO_WORDS [PEER PEER_PDBS]]
                       the same ten on --pdb strong with successor words and
                       without (--no-words), state on stdin and on the
                       command line, one fresh process each, and the peer's
                       pdbsearch (one thread) and parsearch -j 2 (FIRST=11,
                       PEER_FSM=FILE as for 24strong)
  cold24 [DB_WORDS]    the first three of those ten from a cold page cache and a
                       warm one, --pdb strong with successor words, this build
                       beside BASE_BUILD_DIR=DIR (COUNT=N, REPS=N)
  fsm_paths [DEPTH]    the automaton of skipped move sequences against no
                       duplicates: on 5x5, states d moves away against the
                       paths of d moves kept, d up to DEPTH (default 19)
  goals DB55 DB55_FIRST DB44 DB44_MIDDLE [N]
                       pattern databases built for another goal (blank first
                       on 5x5, on cell 5 on 4x4) beside the default ones
  pdb_oneshot BASE     one 15-puzzle question per process beside BASE (pages of
                       the pattern databases read on demand), and the batch
  moves BASE DB44 [N]  every move's distance (--moves) on 4x4, single-tile on
                       Korf's ten median instances and multi-tile on N random
                       positions, beside BASE; answers compared byte for byte
  first_answer BASE    the first 15-puzzle answer on every face (server, C++ API,
                       Python, one-shot CLI memory) beside BASE
  memory_limit DB44 [LIMIT...]
                       slidedb-serve --memory-limit: Korf's 100 POSTed four times
                       to a fresh server for each limit, and its peak memory
  serve                slidedb-serve under wrk on the loopback, and its memory
  busy DB33 DB44       slidedb-serve kept busy: slow multi-tile requests and 64
                       far 4x4 searches at once, 3x3 latency meanwhile
  serve_compare BASE   slidedb-serve side by side with BASE: wrk on 3x3, Korf's
                       100 as one POST on 4x4, peak memory
  python               the Python module: solve_many, solve, distance
  python_numpy [--db44 DIR]
                       the Python module's NumPy arrays: distances of 1,000,000
                       3x3 states as an array beside a list; Korf's 100 as an
                       array against the CLI
  batch BASE_DIR       batches on standard input, side by side with BASE_DIR
  batch24 [N] [RUNS] [BASE_DIR]
                       the N easiest 5x5 instances as one batch against one
                       process each (the ratio); Korf's 100 batch beside BASE_DIR
  compare BASE_DIR     the 3x4/2x6 builds and the one-shot query, side by side
                       with another build's binaries in BASE_DIR
  symmetry BASE_DIR    every 3x3 goal built and stored, side by side
  tour                 slidedb-tour over a range of boards
  mpi [BOARD]          the search under mpirun -np 2 and 4 beside RunTwoBitBfs:
                       states/s per rank, bytes exchanged, peak memory
  roads [--build DIR] [--db44 DIR] [--db55 DIR] [--small] ...
                       every face (CLI one-shot and batch, server first and
                       warm, C++ API, Python) on every board family (3x3, 3x4,
                       2x7, 4x4, 5x5, 4x4 MTM): the first answer in a fresh
                       process, the warm rate, peak memory, issue 34's floors

ARGS go to the suite; `scripts/bench.sh SUITE --help` where a suite has one.
TEXT
}

case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  "") usage >&2; exit 64 ;;
esac
suite=$1
shift
if [ ! -f "bench/suites/$suite.sh" ]; then
  echo "scripts/bench.sh: no suite '$suite'" >&2
  usage >&2
  exit 64
fi
exec bash "bench/suites/$suite.sh" "$@"
