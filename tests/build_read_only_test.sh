#!/usr/bin/env bash
# slidedb-build leaves a database whose folder its owner made read-only as
# it is (73, saying so), where it once swapped the folder out and left the
# old one beside it for good (its files could not be removed); such a copy
# left by an older build is removed by the next. A folder holding the
# database that cannot be written is 73 too, said so. Permissions bind only a
# user other than root: run as root (CI), the builds run as `nobody`.
#
#   tests/build_read_only_test.sh BIN_DIR
set -euo pipefail
bin=$1
work=$(mktemp -d)
errors=$(mktemp)
trap 'chmod -R u+w "$work"; rm -rf "$work" "$errors"' EXIT
chmod 755 "$work"
as_user=()
if [ "$(id -u)" = 0 ]; then
  if ! id nobody >/dev/null 2>&1 || ! command -v setpriv >/dev/null; then
    echo "skipped: no user nobody or no setpriv to run as"
    exit 77
  fi
  chown nobody "$work"
  as_user=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups)
fi
build() { "${as_user[@]}" "$bin/slidedb-build" --db "$work/db" --quiet "$@"; }

build --board 2x3
chmod 555 "$work/db"
rc=0
build --board 2x2 2>"$work/err" || rc=$?
[ "$rc" = 73 ] || { echo "a read-only database: exit $rc, not 73"; exit 1; }
grep -q "is read-only" "$work/err" || { cat "$work/err"; exit 1; }
# Nothing beside it, and it still answers.
if ls "$work" | grep -q building; then ls -la "$work"; exit 1; fi
"$bin/slidedb-query" --db "$work/db" --board 2x3 12345_ >/dev/null

# A folder holding the database that cannot be written: 73, said so,
# whether or not a lock an older version left is beside it (74 once,
# with it).
chmod 755 "$work/db"
for lock in left none; do
  if [ "$lock" = left ]; then touch "$work/db.lock"; else rm -f "$work/db.lock"; fi
  chmod 555 "$work"
  rc=0
  build --board 2x2 2>"$errors" || rc=$?
  chmod 755 "$work"
  [ "$rc" = 73 ] || { echo "a read-only folder, lock $lock: exit $rc"; cat "$errors"; exit 1; }
  grep -q "cannot be written" "$errors" || { cat "$errors"; exit 1; }
done

# A read-only copy an older build left beside it is removed by the next.
chmod 755 "$work/db"
mkdir "$work/db.building.1"
touch "$work/db.building.1/000008.sst"
chmod 555 "$work/db.building.1"
if [ ${#as_user[@]} -gt 0 ]; then chown -R nobody "$work/db.building.1"; fi
build --board 2x2
[ ! -e "$work/db.building.1" ] || { ls -la "$work"; exit 1; }
"$bin/slidedb-query" --db "$work/db" --board 2x2 123_ >/dev/null
echo "a read-only database left as it was; a read-only copy removed"
