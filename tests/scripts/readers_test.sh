#!/usr/bin/env bash
# Readers during builds: READERS processes (default 16) each answer QUERIES
# random 3x3 queries (default 100,000), in runs of 1,000 by fresh
# slidedb-query processes so that databases are opened throughout, while
# BUILDS builds (default 20) swap a new database in. Every query must be
# answered (exit 0, nothing on standard error) and every answer must be
# right: its distance the one the database gave before the builds (proven
# by --verify), as many moves as that, and the moves legal and reaching the
# goal.
#
#   tests/scripts/readers_test.sh [READERS] [QUERIES] [BUILDS]   programs from
#                                                          $SLIDEDB_BIN
set -euo pipefail
readers=${1:-16}
queries=${2:-100000}
builds=${3:-20}
bin=${SLIDEDB_BIN:-$(dirname "$0")/../../build}
build=$bin/slidedb-build
query=$bin/slidedb-query
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db=$work/db

"$build" --db "$db" --board 3x3 --quiet >/dev/null
"$build" --verify --db "$db" >/dev/null
for ((r = 1; r <= readers; r++)); do
  "$query" --db "$db" --sample "$queries" --seed "$r" --format json >"$work/ref$r"
  jq -r .state "$work/ref$r" | split -l 1000 - "$work/in$r."
done

start=$(date +%s)
(
  for ((b = 1; b <= builds; b++)); do
    "$build" --db "$db" --board 3x3 --quiet >/dev/null 2>"$work/build.err" ||
      { echo "build $b failed: $(cat "$work/build.err")" >>"$work/failures"; }
  done
  date +%s >"$work/builds_done"
) &
builder=$!
for ((r = 1; r <= readers; r++)); do
  (
    for chunk in "$work/in$r".*; do
      "$query" --db "$db" --format json <"$chunk" >>"$work/out$r" \
        2>>"$work/err$r" || echo "reader $r: exit $?" >>"$work/failures"
    done
  ) &
done
wait
end=$(date +%s)

# Each line: the reference {"state", "distance"} and the answer; prints the
# wrong ones (start, distance, number of moves, and the moves played out
# must reach the goal).
check='
function field(s, name,   re) {
  re = "\"" name "\":\"?[^\",}]*"
  if (!match(s, re)) return "?"
  v = substr(s, RSTART + length(name) + 3, RLENGTH - length(name) - 3)
  sub(/^"/, "", v)
  return v
}
{
  split($0, parts, "} {")
  ref = parts[1]; ans = parts[2]
  state = field(ref, "state"); dist = field(ref, "distance")
  start = field(ans, "start"); d = field(ans, "distance"); moves = field(ans, "moves")
  ok = (start == state) && (d == dist) && (length(moves) == d + 0)
  s = start
  for (k = 1; ok && k <= length(moves); k++) {
    b = index(s, "0") - 1
    m = substr(moves, k, 1)
    t = (m == "U") ? b - 3 : (m == "D") ? b + 3 : (m == "L") ? b - 1 : (m == "R") ? b + 1 : -9
    if (t < 0 || t > 8 || ((m == "L" || m == "R") && int(t / 3) != int(b / 3))) { ok = 0; break }
    c = substr(s, t + 1, 1)
    s = substr(s, 1, b) c substr(s, b + 2)
    s = substr(s, 1, t) "0" substr(s, t + 2)
  }
  if (!ok || s != "123456780") print "wrong: " $0
}
'
errors=0
[ -f "$work/failures" ] && errors=$(wc -l <"$work/failures")
wrong=0
for ((r = 1; r <= readers; r++)); do
  [ -s "$work/err$r" ] && errors=$((errors + $(wc -l <"$work/err$r")))
  n=$(wc -l <"$work/out$r")
  [ "$n" -eq "$queries" ] || errors=$((errors + 1))
  bad=$(paste -d ' ' "$work/ref$r" "$work/out$r" | awk "$check" | wc -l)
  wrong=$((wrong + bad))
done
[ -f "$work/failures" ] && head -5 "$work/failures" >&2
echo "readers_test: $readers readers x $queries queries, $builds builds swapped in" \
  "(builds done at +$(($(cat "$work/builds_done") - start)) s, readers at" \
  "+$((end - start)) s): $errors errors, $wrong wrong answers"
[ "$errors" -eq 0 ] && [ "$wrong" -eq 0 ]
