#!/usr/bin/env bash
# tests/mpi/killed_rank_test.sh SLIDEDB_BUILD COMPARE DIR: a distributed build
# (mpirun -np 2) of 3x4 over a database is killed midway, one rank by
# SIGKILL, once rank 1 and once rank 0: mpirun ends every rank and exits
# non-zero, no rank is left running, and the database in place reads
# exactly as before (and the next build is free to take its lock). Exits 77
# (skipped) without mpirun.
set -euo pipefail
build=$1 compare=$2 dir=$3
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/wait_lib.sh
. "$here/../wait_lib.sh"
command -v mpirun >/dev/null 2>&1 || { echo "mpirun not found: skipped"; exit 77; }
rm -rf "$dir" && mkdir -p "$dir"
"$build" --quiet --board 2x5 --db "$dir/db" >/dev/null
cp -a "$dir/db" "$dir/before"

# The processes under `pid`, and theirs.
descendants() {
  local c
  for c in $(ps -o pid= --ppid "$1"); do
    echo "$c"
    descendants "$c"
  done
}

for victim in 1 0; do
  log="$dir/build-$victim.txt"
  bash "$here/mpirun.sh" 2 "$build" --board 3x4 --db "$dir/db" >"$log" 2>&1 &
  launcher=$!
  # Midway: once the search is past depth 20 of 3x4's 53.
  wait_for "depth 2[0-9]" "$log" "$launcher" 600 0.1 ||
    { cat "$log"; echo "FAIL: no depth 20"; exit 1; }
  target=""
  for p in $(descendants "$launcher"); do
    if [ "$(cat /proc/$p/comm 2>/dev/null)" = slidedb-build ] &&
       tr '\0' '\n' </proc/$p/environ 2>/dev/null |
         grep -qx "OMPI_COMM_WORLD_RANK=$victim"; then
      target=$p
    fi
  done
  [ -n "$target" ] || { echo "FAIL: rank $victim not found"; exit 1; }
  kill -KILL "$target"
  set +e
  timeout 120 tail --pid="$launcher" -f /dev/null
  wait "$launcher"
  code=$?
  set -e
  tail -3 "$log"
  if [ "$code" -eq 0 ]; then echo "FAIL: exit 0 with rank $victim killed"; exit 1; fi
  left=$(descendants "$launcher" | wc -l)
  [ "$left" -eq 0 ] || { echo "FAIL: $left processes left"; exit 1; }
  "$compare" "$dir/before" "$dir/db"
  echo "ok: rank $victim killed, exit $code, the database as before"
done
"$build" --verify --db "$dir/db" | tail -1
# The lock is free: a build goes through.
"$build" --quiet --board 2x3 --db "$dir/db" >/dev/null
echo "ok: the next build took the lock"
