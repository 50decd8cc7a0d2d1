#!/usr/bin/env bash
# Builds what is needed, builds the 3x3 database in data/slidedb if it is
# missing, and starts slidedb-serve: open http://127.0.0.1:8080/ (or the
# address it prints). Arguments go to slidedb-serve (--port, --bind, --db ...).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x build/slidedb-serve ] || [ ! -x build/slidedb-build ]; then
  ./scripts/build.sh
else
  cmake --build build -j "$(nproc)" --target slidedb-serve slidedb-build >/dev/null
fi
db="${SLIDEDB_DB:-data/slidedb}"
for ((i = 1; i <= $#; i++)); do
  if [ "${!i}" = "--db" ]; then j=$((i + 1)); db="${!j}"; fi
  case "${!i}" in --db=*) db="${!i#--db=}" ;; esac
done
if [ ! -e "$db/CURRENT" ]; then
  echo "building the 3x3 database in $db (a few seconds)" >&2
  ./build/slidedb-build --db "$db" --board 3x3 --quiet >&2
fi
exec ./build/slidedb-serve --db "$db" "$@"
