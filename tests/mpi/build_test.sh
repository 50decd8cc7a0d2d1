#!/usr/bin/env bash
# tests/mpi/build_test.sh NP SLIDEDB_BUILD COMPARE DIR: slidedb-build under
# mpirun on NP ranks writes the database the plain slidedb-build writes, table
# for table and record for record (3x3's three tables, 2x5's one; 2x5 again
# with --records two-bit), and it passes --verify. Exits 77 (skipped)
# without mpirun.
set -euo pipefail
np=$1 build=$2 compare=$3 dir=$4
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$dir" && mkdir -p "$dir"
for board in 3x3 2x5; do
  "$build" --quiet --board "$board" --db "$dir/one" >/dev/null
  set +e
  bash "$here/mpirun.sh" "$np" "$build" --quiet --board "$board" \
    --db "$dir/mpi" >"$dir/out.txt" 2>&1
  code=$?
  set -e
  [ "$code" -eq 77 ] && { cat "$dir/out.txt"; exit 77; }
  if [ "$code" -ne 0 ]; then
    cat "$dir/out.txt"
    echo "FAIL: mpirun -np $np slidedb-build --board $board exited $code"
    exit 1
  fi
  grep -q "on $np ranks" "$dir/out.txt" || {
    cat "$dir/out.txt"
    echo "FAIL: the build did not run on $np ranks"
    exit 1
  }
done
"$compare" "$dir/one" "$dir/mpi"
"$build" --verify --db "$dir/mpi" | tail -1
# With --records two-bit the pages go in as the search left them: the same
# residues as the plain two-bit build's.
"$build" --quiet --board 2x5 --records two-bit --db "$dir/one-2bit" >/dev/null
bash "$here/mpirun.sh" "$np" "$build" --quiet --board 2x5 --records two-bit \
  --db "$dir/mpi-2bit" >"$dir/out.txt" 2>&1 || {
  cat "$dir/out.txt"
  echo "FAIL: mpirun -np $np slidedb-build --records two-bit failed"
  exit 1
}
"$compare" "$dir/one-2bit" "$dir/mpi-2bit"
"$build" --verify --db "$dir/mpi-2bit" | tail -1
# An option a distributed build does not take is refused, and the database
# is left alone.
set +e
bash "$here/mpirun.sh" "$np" "$build" --board 3x3 --metric mtm \
  --db "$dir/mpi" >"$dir/out.txt" 2>&1
code=$?
set -e
grep -q "single-tile tables only" "$dir/out.txt" && [ "$code" -eq 64 ] || {
  cat "$dir/out.txt"
  echo "FAIL: --metric mtm under mpirun exited $code"
  exit 1
}
"$compare" "$dir/one" "$dir/mpi" >/dev/null
echo "ok: mpirun -np $np slidedb-build wrote the plain build's database"
