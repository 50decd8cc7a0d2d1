#!/usr/bin/env bash
# slidedb-serve under a memory limit (ulimit -v) serves, or says it ran out
# and exits 69, never aborts: its work threads, a Boost.Asio pool made
# before any of its code could say so, once ended the process (134) where
# the system would not start them all, and so did a thread of its loops.
# Limits from too little to load the program up to enough to answer a
# 15-puzzle question from databases read whole (--preload); a server that
# listens is asked one, then stopped (SIGTERM: exit 0). A server that
# listens runs every thread it needs; one whose handler ran out of memory
# went on serving (its request refused, or dropped and logged).
#
#   tests/memory_limit_serve_test.sh BIN_DIR
set -euo pipefail
bin=$1
work=$(mktemp -d)
pid=
trap '[ -z "$pid" ] || kill -9 "$pid" 2>/dev/null; rm -rf "$work"' EXIT
db=$work/db
"$bin/slidedb-build" --db "$db" --board 4x4 --pdb 4-4-4-3 --quiet >/dev/null
# shellcheck source=tests/memory_limit_lib.sh
. "$(dirname "$0")/memory_limit_lib.sh"
# shellcheck source=tests/wait_lib.sh
. "$(dirname "$0")/wait_lib.sh"
least=$(least_limit "$bin/slidedb-serve")
near15=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15
dropped="connection closed unanswered: the server ran out of memory"
# One run under `ulimit -v LIMIT`; sets `code`, the answer's HTTP status
# (none: it never listened; 000: no answer).
try_limit() {
  local limit=$1
  # Threads as on two cores, whatever this machine's: each reserves its
  # stack and its malloc arena in the limit.
  (ulimit -v "$limit"; exec "$bin/slidedb-serve" --db "$db" --port 0 \
    --threads 2 --work-threads 2 --preload) >"$work/out" 2>"$work/err" &
  pid=$!
  code=none
  curl_rc=0
  : >"$work/curl"
  # Until it listens or ends (10 s at the most).
  if wait_for '^listening on ' "$work/out" "$pid" 200 0.05; then
    url=$(sed -n 's/^listening on //p' "$work/out")
    code=$(curl -sS -o /dev/null -w '%{http_code}' --max-time 30 \
      "$url/api/solve?board=4x4&start=$near15" 2>"$work/curl") ||
      curl_rc=$?
    kill -TERM "$pid" 2>/dev/null || true
  elif kill -0 "$pid" 2>/dev/null; then
    echo "ulimit -v $limit: the server neither listened nor ended in 10 s"
    cat "$work/err"
    exit 1
  fi
  rc=0
  wait "$pid" || rc=$?
  pid=
  # Served: the question answered, or refused as out of memory (503), or,
  # with no memory even for a refusal, its connection closed (curl: an
  # empty reply, 52, or a reset, 56; not a wait past --max-time) and the
  # log saying so.
  if [ "$rc" = 0 ] && [ "$code" != 200 ] && [ "$code" != 503 ] &&
    ! { { [ "$curl_rc" = 52 ] || [ "$curl_rc" = 56 ]; } &&
      grep -q "$dropped" "$work/err"; }; then
    echo "ulimit -v $limit: the server stayed up but answered $code"
    cat "$work/curl" "$work/err"
    exit 1
  fi
  tally "$rc" "$work/err" slidedb-serve "ulimit -v $limit, slidedb-serve"
}
answered=
for limit in $(seq "$least" 5000 $((least + 150000))); do
  try_limit "$limit"
  [ -n "$answered" ] || [ "$code" != 200 ] || answered=$limit
done
[ -n "$answered" ] || { echo "no limit up to $limit answered"; exit 1; }
# Just short of enough to answer, each allocation on the way may be the
# one that fails: a fine sweep there, up to the first answer.
for limit in $(seq $((answered - 5000 > least ? answered - 5000 : least)) \
  100 "$answered"); do
  try_limit "$limit"
  [ "$code" != 200 ] || break
done
# Denser still in the last 300 KiB: a server that listened but could never
# accept (its first accept out of memory, every retry too) hung there at
# a few limits in 70 KiB, which steps of 100 KiB crossed by chance.
for limit in $(seq $((limit - 300)) 10 "$limit"); do
  try_limit "$limit"
done
echo "served $worked, out of memory $refused"
# The sweep reached both sides.
[ "$worked" -gt 0 ] && [ "$refused" -gt 0 ]
