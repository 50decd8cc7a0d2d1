#!/usr/bin/env bash
# Builds what is needed, builds the 3x3 database in data/slidedb if it is
# missing, and starts slidedb-serve: open http://127.0.0.1:8080/ (or the
# address it prints).
#
#   ./scripts/serve.sh [--with BOARD]... [slidedb-serve options]
#
# --with BOARD also builds BOARD into the database if it is not there yet,
# once: --with 4x4 builds the 15-puzzle's 8-7 pattern databases (about 5
# minutes on 2 cores, 282 s in BENCHMARKS.md; 2 GB of memory while building,
# 200 MB on disk), --with 3x4 a full table (seconds). Other arguments go to
# slidedb-serve (--port, --bind, --db ...).
set -euo pipefail
cd "$(dirname "$0")/.."
db="${SLIDEDB_DB:-data/slidedb}"
boards=()
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --with) boards+=("${2:?serve.sh: --with needs a board, such as 4x4}"); shift 2; continue ;;
    --with=*) boards+=("${1#--with=}") ;;
    --db) db="${2:?serve.sh: --db needs a directory}"; shift 2; continue ;;
    --db=*) db="${1#--db=}" ;;
    *) args+=("$1") ;;
  esac
  shift
done
for board in ${boards[@]+"${boards[@]}"}; do
  if [[ ! $board =~ ^[0-9]+x[0-9]+$ ]]; then
    echo "serve.sh: --with takes a board such as 4x4 or 3x4, not '$board'" >&2
    exit 64
  fi
done
if [ ! -x build/slidedb-serve ] || [ ! -x build/slidedb-build ]; then
  ./scripts/build.sh
else
  cmake --build build -j "$(nproc)" --target slidedb-serve slidedb-build slidedb-query >/dev/null
fi
if [ ! -e "$db/CURRENT" ]; then
  echo "building the 3x3 database in $db (a few seconds)" >&2
  ./build/slidedb-build --db "$db" --board 3x3 --quiet >&2
fi
# The page's multi-tile menu on 3x3 (0.03 s, once).
if ! ./build/slidedb-query --db "$db" --tables | grep -q 'table mtm/3x3/'; then
  ./build/slidedb-build --db "$db" --board 3x3 --metric mtm --quiet >&2
fi
for board in ${boards[@]+"${boards[@]}"}; do
  if ./build/slidedb-query --db "$db" --tables | awk '{print $1}' | grep -qx "$board"; then
    continue
  fi
  if [ "$board" = 4x4 ]; then
    echo "building the 15-puzzle's pattern databases into $db (about 5 minutes on 2 cores, once)" >&2
  else
    echo "building $board into $db" >&2
  fi
  ./build/slidedb-build --db "$db" --board "$board" >&2
done
exec ./build/slidedb-serve --db "$db" ${args[@]+"${args[@]}"}
