#!/usr/bin/env bash
# A finished build survives a power cut: slidedb-build, traced by strace,
# fsyncs the database's parent directory after the rename that swaps the
# database in (a first build renames the copy into place, a rebuild
# exchanges the two with renameat2), and fsyncs the copy's directory before.
#   tests/durability_test.sh build/slidedb-build
set -euo pipefail
build=$1
# LeakSanitizer cannot stop the world under strace (an ASan build).
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/parent"
db=$work/parent/db

# Checks the trace in $1: the line numbers of the swap, of the copy's sync
# before it and of the parent's sync after it.
check() {
  local log=$1 what=$2
  local swap sync_parent sync_copy
  swap=$(grep -nE "(renameat2|rename)\(.*\"$db\"" "$log" | head -1 | cut -d: -f1 || true)
  if [ -z "$swap" ]; then
    echo "FAIL ($what): no rename of $db in the trace" >&2; return 1
  fi
  sync_parent=$(grep -nE "fsync\([0-9]+<$work/parent>\)" "$log" \
                | awk -F: -v s="$swap" '$1 > s {print $1; exit}' || true)
  if [ -z "$sync_parent" ]; then
    echo "FAIL ($what): $work/parent is not fsynced after the rename (line $swap)" >&2
    grep -nE 'rename|fsync' "$log" | tail -5 >&2
    return 1
  fi
  sync_copy=$(grep -nE "fsync\([0-9]+<$db\.building\.[0-9]+>\)" "$log" \
              | awk -F: -v s="$swap" '$1 < s {print $1}' | tail -1 || true)
  if [ -z "$sync_copy" ]; then
    echo "FAIL ($what): the copy's directory is not fsynced before the rename" >&2
    return 1
  fi
  echo "ok ($what): rename at line $swap, the copy synced at $sync_copy, the parent at $sync_parent"
}

trace() {
  strace -f -y -qq -e trace=rename,renameat2,fsync -o "$1" \
    "$build" --db "$db" --board 2x3 --quiet >/dev/null
}
trace "$work/first.log"
check "$work/first.log" "first build"
trace "$work/again.log"
check "$work/again.log" "rebuild"
echo "2 passed, 0 failed"
