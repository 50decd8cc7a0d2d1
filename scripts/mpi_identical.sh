#!/usr/bin/env bash
# scripts/mpi_identical.sh [BOARD...]: slidedb-build under mpirun writes the
# database the plain slidedb-build writes, record for record, on the
# 12-cell boards (default 3x4 and 2x6, 239,500,800 states each) at -np 2 and
# -np 4: each board is built once plainly and once at each -np, and
# build/slidedb_compare_tables (tests/mpi/compare_tables.cc) compares every
# table's metadata and records. The suite's tests (tests/mpi/) do the same on
# small boards; these take minutes on 2 cores. Needs about 1.5 GB of memory and
# 1 GB of disk under $TMPDIR. Exits 0 when every build agrees.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${SLIDEDB_BUILD_DIR:-build}
./scripts/install_deps.sh
[ -f "$B/CMakeCache.txt" ] || cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$B" -j 2 --target slidedb-build slidedb_compare_tables >/dev/null
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(3x4 2x6)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "$(date -u +%F) $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)," \
  "$(mpirun --version | head -1)"
failed=0
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
for board in "${boards[@]}"; do
  start=$(date +%s.%N)
  "$B/slidedb-build" --quiet --board "$board" --db "$tmp/one" >/dev/null
  echo "$board plain: $(since "$start") s"
  for np in 2 4; do
    start=$(date +%s.%N)
    bash tests/mpi/mpirun.sh "$np" "$B/slidedb-build" --quiet --board "$board" \
      --db "$tmp/np$np" >"$tmp/out" 2>&1 || { cat "$tmp/out"; exit 1; }
    echo "$board -np $np: $(since "$start") s;" \
      "$(grep -o 'search [0-9.]* s on [0-9]* ranks' "$tmp/out")"
    if "$B/slidedb_compare_tables" "$tmp/one" "$tmp/np$np"; then
      echo "$board -np $np: identical to the plain build"
    else
      echo "$board -np $np: DIFFERS from the plain build"
      failed=1
    fi
    rm -rf "$tmp/np$np"
  done
  rm -rf "$tmp/one"
done
exit $failed
