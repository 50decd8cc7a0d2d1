#!/usr/bin/env bash
# slidedb-build under a memory limit (ulimit -v) builds or says it ran out
# (69), never aborts: a search's thread that ran out of memory once ended
# the process (134), and so did a RocksDB thread that could not allocate,
# each malloc arena of a thread reserving 64 MiB of the limit. A 3x4 build
# then failed under 450 MB; it needs about 350 (a table of 240 MB).
#
#   tests/memory_limit_build_test.sh BIN_DIR
set -euo pipefail
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=tests/memory_limit_lib.sh
. "$(dirname "$0")/memory_limit_lib.sh"
least=$(least_limit "$bin/slidedb-build")
# Densely where memory runs out (where it ran out moved from run to run):
# 3x3's three tables, searched side by side (two runs a limit), and 2x5's
# one on six threads (of which the system may start only some).
for limit in $(seq "$least" 2000 $((least + 100000))); do
  for args in "--board 3x3 --threads 2" "--board 3x3 --threads 2" \
    "--board 2x5 --threads 6"; do
    rm -rf "$work/db"
    rc=0
    # shellcheck disable=SC2086
    (ulimit -v "$limit"; exec "$bin/slidedb-build" --db "$work/db" $args \
      --quiet) >/dev/null 2>"$work/err" || rc=$?
    tally "$rc" "$work/err" slidedb-build \
      "ulimit -v $limit, slidedb-build $args"
  done
done
echo "3x3 and 2x5: built $worked, out of memory $refused"
[ "$worked" -gt 0 ] && [ "$refused" -gt 0 ]
# 3x4 within 120 MB of what it needs.
rm -rf "$work/db"
(ulimit -v 400000; exec "$bin/slidedb-build" --db "$work/db" --board 3x4 \
  --threads 2 --quiet) >/dev/null
echo "3x4 built under ulimit -v 400000"
