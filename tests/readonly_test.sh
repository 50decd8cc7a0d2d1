#!/usr/bin/env bash
# A database on a read-only file system can be queried and verified, and a
# build into it fails cleanly, leaving it as it was. Root ignores file
# modes, so the file system is made read-only for real: a read-only bind
# mount in a private mount namespace (unshare -m). Without that permission,
# a non-root user gets read-only directories and files instead; root
# without it skips (exit 77).
#
#   tests/readonly_test.sh BIN_DIR
set -euo pipefail
bin=$1
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
db=$work/db
"$bin/slidedb-build" --db "$db" --board 2x3 --quiet >/dev/null

check='
  set -euo pipefail
  touch "$db/probe" 2>/dev/null && { echo "the database is writable"; exit 1; }
  out=$("$bin/slidedb-query" --db "$db" --board 2x3 --format json 035421)
  echo "$out" | grep -q "\"solvable\":true" || { echo "no answer: $out"; exit 1; }
  "$bin/slidedb-build" --verify --db "$db" >/dev/null
  rc=0
  "$bin/slidedb-build" --db "$db" --board 2x3 --goal 12345_ --quiet \
    >/dev/null 2>"$work/err" || rc=$?
  case $rc in 73|74) ;; *) echo "build into it: exit $rc"; cat "$work/err"; exit 1;; esac
  grep -q "slidedb-build: " "$work/err"
  "$bin/slidedb-query" --db "$db" --board 2x3 035421 >/dev/null
'
export bin db work
if unshare -m true 2>/dev/null; then
  unshare -m bash -c "mount --bind '$db' '$db' && mount -o remount,bind,ro '$db' && $check"
  echo "readonly_test: queried and verified on a read-only bind mount"
elif [ "$(id -u)" -ne 0 ]; then
  chmod -R a-w "$db"
  chmod a-w "$work"
  bash -c "$check"
  echo "readonly_test: queried and verified in read-only directories"
else
  echo "readonly_test: root without unshare -m: skipped"
  exit 77
fi
