#!/usr/bin/env bash
# Kills slidedb-build with SIGKILL at KILLS random moments (default 100) and
# checks after each that the database is exactly the old one (every file
# unchanged) or exactly the new one (the old tables plus the ones the build
# made, every one of them proven right by --verify), that it answers
# queries, and that no more than the killed build's copy is left beside it;
# at the end, after one more build, no copy at all.
#
#   scripts/crash_test.sh [KILLS]     programs from $SLIDEDB_BIN (default build/)
#
# The builds rotate between the 3 tables of 3x3 (serving its 9 goal
# blanks), the 2 of 2x4, the one of 3x3 with the blank last and the 2 of
# 2x3, and each is killed after a
# random delay from 0 to 1.2 times the time a full 3x3 build takes: during
# the search, the writing, the swap, or after it finished.
set -euo pipefail
kills=${1:-100}
bin=${SLIDEDB_BIN:-$(dirname "$0")/../build}
build=$bin/slidedb-build
query=$bin/slidedb-query
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db=$work/db

digest() {
  (cd "$db" && find . -type f ! -name 'LOG*' ! -name LOCK -print0 | sort -z |
    xargs -0 sha256sum) | sha256sum | cut -c1-16
}
tables() {
  "$build" --verify --db "$db" --format json | jq -r '.tables[].table' | sort
}
ids() {  # ids BOARD CELL...: the table ids of those blank cells
  local board=$1
  shift
  for c in "$@"; do echo "$board/b$c"; done
}
fail() {
  echo "crash_test: round $round: $*" >&2
  exit 1
}
now_ms() { echo $(($(date +%s%N) / 1000000)); }

"$build" --db "$db" --board 2x3 --quiet >/dev/null
ref=$("$query" --db "$db" --board 2x3 --format json 035421)
t0=$(now_ms)
"$build" --db "$db" --board 3x3 --quiet >/dev/null
full_ms=$(($(now_ms) - t0))
targets=("--board 3x3" "--board 2x4" "--board 3x3 --goal 123456780"
         "--board 2x3")
# The stored goal blanks only (docs/FORMAT.md, "Goals served by symmetry").
made=("$(ids 3x3 4 7 8)" "$(ids 2x4 6 7)" "3x3/b8" "$(ids 2x3 4 5)")
old_n=0 new_n=0 finished_n=0
for ((round = 1; round <= kills; round++)); do
  k=$((RANDOM % ${#targets[@]}))
  before=$(digest)
  before_tables=$(tables)
  delay=$(((RANDOM * 32768 + RANDOM) % (full_ms * 12 / 10 + 1)))
  # shellcheck disable=SC2086
  "$build" --db "$db" ${targets[$k]} --quiet >/dev/null 2>&1 &
  pid=$!
  sleep "$((delay / 1000)).$(printf %03d $((delay % 1000)))"
  kill -KILL "$pid" 2>/dev/null || true
  rc=0
  { wait "$pid"; } 2>/dev/null || rc=$?
  after=$(digest)
  if [ "$after" = "$before" ]; then
    [ "$rc" -ne 0 ] || fail "the build finished but changed nothing"
    old_n=$((old_n + 1))
  else
    expected=$(printf '%s\n%s\n' "$before_tables" "${made[$k]}" | sort -u)
    [ "$(tables)" = "$expected" ] || fail "the tables are neither the old nor the new set"
    if [ "$rc" -eq 0 ]; then finished_n=$((finished_n + 1)); else new_n=$((new_n + 1)); fi
  fi
  "$build" --verify --db "$db" >/dev/null || fail "--verify failed"
  [ "$("$query" --db "$db" --board 2x3 --format json 035421)" = "$ref" ] ||
    fail "the 2x3 answer changed"
  if "$query" --db "$db" --format json 867254301 >"$work/q" 2>/dev/null; then
    jq -e '.distance == 31' "$work/q" >/dev/null || fail "wrong 3x3 answer"
  fi
  copies=$(find "$work" -maxdepth 1 -name 'db.building.*' | wc -l)
  [ "$copies" -le 1 ] || fail "$copies build copies accumulated"
done
round=final
"$build" --db "$db" --board 2x2 --quiet >/dev/null
[ -z "$(find "$work" -maxdepth 1 -name 'db.building.*')" ] ||
  fail "a killed build's copy was not removed by the next build"
"$build" --verify --db "$db" >/dev/null || fail "--verify failed"
echo "crash_test: $kills kills (3x3 build ${full_ms} ms): database unchanged" \
  "$old_n times, new database in place $new_n times (killed after the swap)," \
  "build finished first $finished_n times; every time it verified and answered"
