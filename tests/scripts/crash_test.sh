#!/usr/bin/env bash
# Kills slidedb-build with SIGKILL at KILLS random moments (default 100) and
# checks after each that the database is exactly the old one (every file
# unchanged) or exactly the new one (the old tables plus the ones the build
# made, every one of them proven right by --verify), that it answers
# queries, and that no more than the killed build's copy is left beside it;
# at the end, after one more build, no copy at all.
#
# Programs from $SLIDEDB_BIN (default build/).
#
# The builds rotate between the 3 tables of 3x3 (serving its 9 goal
# blanks), the 2 of 2x4, the one of 3x3 with the blank last and the 2 of
# 2x3, and each is killed after a
# random delay from 0 to 1.2 times the time a full 3x3 build takes: during
# the search, the writing, the swap, or after it finished.
#
# Then, since a random kill almost never lands in the swap (a few
# milliseconds), the builder is killed deterministically at system calls
# (strace -e inject=SYSCALL:signal=KILL:when=N, which kills a thread as it
# enters its Nth such call, before the call runs; nothing in slidedb is
# built for this). SYSCALLS says which:
#   all   (default) every rename, renameat2, fsync, fdatasync, unlink,
#         unlinkat, rmdir and exit_group of any thread: the writing (RocksDB
#         syncing, renaming and deleting its files), the swap and the removal
#         of the old database
#   swap  only the main thread's calls from the swap (the rename or
#         renameat2 of the copy) to the exit
#   none  no strace phase
# in three cases: the first build into no database (a rename), a build that
# adds tables (a renameat2 exchange) and one that replaces tables (with a
# compaction). After each: the same checks, then the next build must finish,
# leave no copy and verify.
#
#   tests/scripts/crash_test.sh [KILLS [SYSCALLS]]
set -euo pipefail
kills=${1:-100}
syscalls=${2:-all}
bin=${SLIDEDB_BIN:-$(dirname "$0")/../../build}
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
[ "$syscalls" != none ] || exit 0

# Kills at system calls. A case is a database to start from (a snapshot, or
# none), the build to kill and the tables it makes.
command -v strace >/dev/null || { echo "crash_test: strace is missing" >&2; exit 1; }
traced=rename,renameat,renameat2,fsync,fdatasync,unlink,unlinkat,rmdir,exit_group
# LeakSanitizer cannot run under ptrace (an ASan build, --sanitize=address).
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
rm -rf "$db" "$db".building.* "$db.lock"
mkdir -p "$work/empty"
"$build" --db "$work/with2x3" --board 2x3 --quiet >/dev/null
"$build" --db "$work/with2x3" --board 2x2 --quiet >/dev/null
"$build" --db "$work/only2x3" --board 2x3 --quiet >/dev/null
cases=("empty --board 2x2" "only2x3 --board 2x2" "with2x3 --board 2x3")
restore() {  # restore SNAPSHOT: $db becomes a copy of it (empty: none)
  rm -rf "$db" "$db".building.* "$db.lock"
  [ "$1" = empty ] || cp -a "$work/$1" "$db"
}
state() {  # the tables in place, or "none"
  if [ -e "$db/CURRENT" ]; then tables; else echo none; fi
}
points=0 old_n=0 new_n=0 finished_n=0
for c in "${cases[@]}"; do
  read -r snap args <<<"$c"
  round="$snap $args, traced"
  restore "$snap"
  # shellcheck disable=SC2086
  strace -f -qq -o "$work/trace" -e trace="$traced" "$build" --db "$db" $args \
    --quiet >/dev/null
  # (syscall, N) pairs to kill at: N up to the most calls any one thread
  # made (strace counts per thread), or the main thread's from the swap on.
  if [ "$syscalls" = swap ]; then
    awk 'NR == 1 { main = $1 }
         $1 == main && match($2, /^[a-z0-9_]+\(/) {
           name = substr($2, 1, RLENGTH - 1); n[name]++
           if (name ~ /^rename/ && $0 ~ /\.building\.[0-9]+",/) swap = 1
           if (swap) print name, n[name] }' "$work/trace" >"$work/points"
  else
    awk 'match($2, /^[a-z0-9_]+\(/) {
           name = substr($2, 1, RLENGTH - 1); k = $1 " " name
           if (++n[k] > most[name]) most[name] = n[k] }
         END { for (name in most) for (i = 1; i <= most[name]; i++)
                 print name, i }' "$work/trace" | sort >"$work/points"
  fi
  [ -s "$work/points" ] || fail "strace saw none of $traced"
  restore "$snap"
  before_state=$(state)
  [ "$snap" = empty ] || before=$(digest)
  restore with2x3
  after_tables=$(tables)
  # shellcheck disable=SC2086
  made_tables=$(printf '%s\n' "$after_tables" | grep "^${args##* }/")
  while read -r call n; do
    round="$snap $args, killed at $call #$n"
    restore "$snap"
    rc=0
    # shellcheck disable=SC2086
    (strace -f -qq -o /dev/null -e trace="$call" \
       -e inject="$call":signal=KILL:when="$n" \
       "$build" --db "$db" $args --quiet >/dev/null 2>&1
     exit $?) 2>/dev/null || rc=$?  # not exec'd: "Killed" goes to /dev/null
    [ "$rc" -eq 0 ] || [ "$rc" -eq 137 ] || fail "the build exited with $rc"
    points=$((points + 1))
    now=$(state)
    if [ "$now" = "$before_state" ] &&
       { [ "$snap" = empty ] || [ "$(digest)" = "$before" ]; }; then
      [ "$rc" -ne 0 ] || fail "the build finished but changed nothing"
      old_n=$((old_n + 1))
    else
      expected=$(printf '%s\n%s\n' "$before_state" "$made_tables" |
                 grep -v '^none$' | sort -u)
      [ "$now" = "$expected" ] || fail "the tables are neither the old nor the new set"
      if [ "$rc" -eq 0 ]; then finished_n=$((finished_n + 1)); else new_n=$((new_n + 1)); fi
    fi
    if [ "$now" != none ]; then
      "$build" --verify --db "$db" >/dev/null || fail "--verify failed"
      if grep -q '^2x3/' <<<"$now"; then
        [ "$("$query" --db "$db" --board 2x3 --format json 035421)" = "$ref" ] ||
          fail "the 2x3 answer changed"
      fi
    fi
    copies=$(find "$work" -maxdepth 1 -name 'db.building.*' | wc -l)
    [ "$copies" -le 1 ] || fail "$copies build copies accumulated"
    # The next build cleans up what the killed one left.
    # shellcheck disable=SC2086
    "$build" --db "$db" $args --quiet >/dev/null || fail "the next build failed"
    [ -z "$(find "$work" -maxdepth 1 -name 'db.building.*')" ] ||
      fail "a killed build's copy was not removed by the next build"
    "$build" --verify --db "$db" >/dev/null || fail "--verify failed after the next build"
  done <"$work/points"
done
echo "crash_test: $points kills at system calls ($syscalls: $traced):" \
  "database unchanged $old_n times, new database in place $new_n times," \
  "build finished first $finished_n times; every time it verified and" \
  "answered, and the next build left no copy"
