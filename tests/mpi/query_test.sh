#!/usr/bin/env bash
# tests/mpi/query_test.sh NP SLIDEDB_QUERY DB: one state's search over NP
# MPI ranks (query/mpi_query.h) against the same search in one process:
# the same answer byte for byte (path, length and count of states), the
# ranks sharing the iterations' subtrees, for
# single-tile moves on one thread and on two a rank and for the multi-tile
# metric; a batch under mpirun is refused with exit 64 and one message.
# Exits 77 (skipped) without mpirun.
set -euo pipefail
np=$1 query=$2 db=$3
here=$(dirname "$0")
if ! command -v mpirun >/dev/null 2>&1; then
  echo "mpirun not found (Debian's openmpi-bin): skipped"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
goal=$(seq -s, 0 15)
# Korf's instances 1, 3 and 7: 0.6, 5.1 and 1.5 million states with the
# test database's 5-5-5 groups, iterations split into subtrees.
starts=$(grep -v '^#' "$here/../../bench/korf100.txt" | awk 'NR == 1 || NR == 3 || NR == 7 {print $3}')
check() {  # NAME ARGS...: the plain run and the run over NP ranks agree
  local name=$1
  shift
  "$query" --db "$db" --board 4x4 --goal "$goal" --format json "$@" >"$tmp/one"
  bash "$here/mpirun.sh" "$np" "$query" --db "$db" --board 4x4 --goal "$goal" \
    --format json "$@" >"$tmp/ranks" 2>"$tmp/err"
  if ! cmp -s "$tmp/one" "$tmp/ranks"; then
    echo "FAIL $name: one process and $np ranks differ"
    diff "$tmp/one" "$tmp/ranks" | head -5
    exit 1
  fi
  grep -q '"optimal":true' "$tmp/ranks" || { echo "FAIL $name: no answer"; exit 1; }
  # The ranks shared the iterations' subtrees (how many each took depends
  # on the machine's load: not asserted).
  if ! grep -q "^slidedb-query: $np ranks searched [0-9]* states.*% on rank $((np - 1))\$" "$tmp/err"; then
    echo "FAIL $name: the ranks did not share the search: $(cat "$tmp/err")"
    exit 1
  fi
  echo "ok $name"
}
for start in $starts; do
  check "$start, one thread a rank" --threads 1 "$start"
  check "$start, two threads a rank" --threads 2 "$start"
done
# --threads 0: each rank's share of the CPUs it may run on (cli/mpirun.h).
check "$(printf '%s\n' $starts | head -n 1), threads by default" \
  "$(printf '%s\n' $starts | head -n 1)"
check "multi-tile" --metric mtm "$(grep -v '^#' "$here/../../bench/korf100.txt" | awk 'NR == 12 {print $3}')"
# A batch is not what the ranks share: refused, said once.
status=0
printf '%s\n' $starts |
  bash "$here/mpirun.sh" "$np" "$query" --db "$db" --board 4x4 \
    --goal "$goal" >"$tmp/out" 2>"$tmp/err" || status=$?
[ "$status" -ne 0 ] || { echo "FAIL: a batch under mpirun was not refused"; exit 1; }
count=$(grep -c 'under mpirun with more than one rank' "$tmp/err" || true)
[ "$count" -eq 1 ] || { echo "FAIL: the refusal was said $count times"; cat "$tmp/err"; exit 1; }
echo "ok batch refused"
# Ranks bound to a core each and asked for more threads than that: rank 0
# says so, once (mpirun binds ranks by default); unbound, nothing is said.
first=$(printf '%s\n' $starts | head -n 1)
bash "$here/mpirun.sh" "$np" --bind-to core:overload-allowed "$query" \
  --db "$db" --board 4x4 --goal "$goal" --threads 2 "$first" \
  >"$tmp/out" 2>"$tmp/err"
count=$(grep -c '^slidedb-query: 2 threads a rank, but rank 0 may run on 1 CPU: .*--bind-to none' "$tmp/err" || true)
[ "$count" -eq 1 ] || { echo "FAIL: ranks bound to a core were told $count times"; cat "$tmp/err"; exit 1; }
bash "$here/mpirun.sh" "$np" --bind-to none "$query" \
  --db "$db" --board 4x4 --goal "$goal" --threads 1 "$first" \
  >"$tmp/out" 2>"$tmp/err"
if grep -q 'threads a rank' "$tmp/err"; then
  echo "FAIL: unbound ranks of one thread were told: $(cat "$tmp/err")"
  exit 1
fi
echo "ok a rank bound to fewer CPUs than its threads is told"
