#!/usr/bin/env bash
# The bash completion (slidedb-completion.bash) of each program, sourced as
# bash-completion would: which options take a value (slidedb-build's
# --verify is a flag, slidedb-tour's takes a file), the boards and names
# offered. Usage: completion_test.sh BIN_DIR (where the programs are).
set -euo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
export PATH=$bin:$PATH
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
mkdir dbdir
touch grid.txt

# shellcheck source=/dev/null
source "$here/slidedb-completion.bash"

failed=0
# expect "WANTED" WORD... : the completions of the last word, sorted.
expect() {
  local wanted=$1
  shift
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _slidedb 2>/dev/null || true  # its status is no part of the test
  local got
  got=$(printf '%s\n' "${COMPREPLY[@]}" | sort | paste -sd ' ')
  if [ "$got" != "$wanted" ]; then
    echo "FAIL: '$*' completed to '$got', not '$wanted'" >&2
    failed=1
  fi
}

# slidedb-build --verify is a flag: the next word is an option.
expect "--board" slidedb-build --verify --boa
expect "--board" slidedb-build --verify --format text --boa
# slidedb-query --verify takes MOVES, the user's own.
expect "" slidedb-query --verify --boa
# slidedb-tour --verify takes a FILE.
expect "grid.txt" slidedb-tour --verify gr
expect "dbdir" slidedb-build --db d
expect "dbdir" slidedb-serve --db d
# Every board the tools take (at most 25 cells), none they refuse.
expect "4x2 4x3 4x4 4x5 4x6" slidedb-build --board 4x
expect "5x2 5x3 5x4 5x5" slidedb-query --board 5x
expect "2x10 2x11 2x12" slidedb-build --board 2x1
expect "" slidedb-build --board 6x5
expect "json text" slidedb-build --verify --format ""
expect "csv json text" slidedb-query --format ""
expect "mtm stm" slidedb-build --metric ""
expect "byte two-bit" slidedb-build --records ""
expect "--version" slidedb-tour --vers

[ $failed = 0 ] && echo "completion: ok"
exit $failed
