#!/usr/bin/env bash
# slidedb-query under a memory limit (ulimit -v) too tight for it says so
# and exits 69, at whatever point memory runs out: RocksDB's mmap of a table
# file, its allocations (std::bad_alloc), the table read whole, a thread
# that cannot start, a search's memory on a thread of its own. It once aborted (134) or blamed the database (66). Limits from too little to load
# the program up to enough to answer; each run must answer (0) or say it
# ran out (69).
#
#   tests/memory_limit_test.sh BIN_DIR
set -euo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db=$work/db
"$bin/slidedb-build" --db "$db" --board 2x5 --quiet >/dev/null
"$bin/slidedb-build" --db "$db" --board 4x4 --pdb 4-4-4-3 --quiet >/dev/null
# shellcheck source=tests/memory_limit_lib.sh
. "$(dirname "$0")/memory_limit_lib.sh"
least=$(least_limit "$bin/slidedb-query")
# The multi-tile 15-puzzle: its tables unpacked on threads, made on one
# of their own.
near15=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15
# Densely where memory runs out, then up to plenty.
for limit in $(seq "$least" 1000 $((least + 30000))) \
  $(seq $((least + 40000)) 20000 $((least + 300000))); do
  for args in "--board 2x5 --at-distance 20" "--board 2x5 --sample 100" \
    "--board 2x5 --histogram" "--board 2x5 1,2,3,4,5,6,7,8,9,0" \
    "--board 4x4 --metric mtm $near15"; do
    rc=0
    # shellcheck disable=SC2086
    (ulimit -v "$limit"; exec "$bin/slidedb-query" --db "$db" $args) \
      >/dev/null 2>"$work/err" || rc=$?
    tally "$rc" "$work/err" slidedb-query "ulimit -v $limit, slidedb-query $args"
  done
done
# A 15-puzzle search within a budget on two threads: its weighted search
# takes hundreds of MB, which ran out on a thread of its own (it aborted).
far15=0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1
for limit in $(seq $((least + 20000)) 10000 $((least + 180000))); do
  rc=0
  (ulimit -v "$limit"; exec "$bin/slidedb-query" --db "$db" --board 4x4 \
    --threads 2 --max-seconds 0.5 "$far15") >/dev/null 2>"$work/err" || rc=$?
  tally "$rc" "$work/err" slidedb-query "ulimit -v $limit, slidedb-query 4x4"
done
echo "answered $worked, out of memory $refused"
# The sweep reached both sides.
[ "$worked" -gt 0 ] && [ "$refused" -gt 0 ]
