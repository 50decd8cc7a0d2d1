#!/usr/bin/env bash
# slidedb-serve kept busy (issue 38's floors): slow multi-tile requests and
# 64 far 4x4 searches at once, with cheap 3x3 questions meanwhile
# (bench/busy.py says what it measures):
#
#   scripts/bench.sh busy DB33 DB44 [--work-timeout S] [--memory-limit SIZE]
#                    [--clients N]
#
# DB33 holds the 3x3 tables, DB44 the 15-puzzle's pattern databases; one
# server serves both (--db DB33 --db DB44).
set -euo pipefail
cd "$(dirname "$0")/../.."
db33=${1:?usage: scripts/bench.sh busy DB33 DB44 [OPTIONS]}
db44=${2:?usage: scripts/bench.sh busy DB33 DB44 [OPTIONS]}
shift 2
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
[[ -x $B/slidedb-serve ]] || ./scripts/build.sh >/dev/null
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
python3 bench/busy.py --server "$B/slidedb-serve" --db33 "$db33" --db44 "$db44" "$@"
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
