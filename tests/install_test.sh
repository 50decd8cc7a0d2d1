#!/usr/bin/env bash
# `cmake --install` into a temporary prefix, then use what it installed as
# a user would: the programs, their man pages (every option of --help is
# in the page), bash completion, pkg-config, the CMake package (examples/
# configured and built as an outside project) and the Python module.
#
#   tests/install_test.sh BUILD_DIR EXAMPLES_DIR TEST_DB "prog1;prog2"
set -euo pipefail
build=$1 examples=$2 db=$3
IFS=';' read -ra programs <<<"$4"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
fail() { echo "install_test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >/dev/null
export PATH=$prefix/bin:$PATH

[ ${#programs[@]} -ge 2 ] || fail "no programs listed"
for p in "${programs[@]}"; do
  [ "$(command -v "$p")" = "$prefix/bin/$p" ] || fail "$p is not installed"
  "$p" --version | grep -q "^$p " || fail "$p --version"
  page=$prefix/share/man/man1/$p.1
  [ -s "$page" ] || fail "no man page $page"
  # roff writes a dash as \-
  sed 's/\\-/-/g' "$page" >"$tmp/page"
  for opt in $("$p" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
    grep -qF -- "$opt" "$tmp/page" || fail "$p: $opt is in --help but not in $p.1"
  done
  if "$p" --help | grep -q '^Exit status'; then
    grep -qi 'exit status' "$tmp/page" || fail "$p.1 does not give the exit statuses"
  fi
  # Completion: options completed from the program's --help.
  comp=$prefix/share/bash-completion/completions/$p
  [ -f "$comp" ] || fail "no bash completion for $p"
  words=$(bash -c 'source "$1"; COMP_WORDS=("$2" --vers); COMP_CWORD=1; _slidedb; echo "${COMPREPLY[*]}"' \
    _ "$comp" "$p")
  [ "$words" = --version ] || fail "completion of '$p --vers' gave '$words'"
done

# The tools answer from the suite's database.
slidedb-query --db "$db" --format json 867254301 | grep -q '"distance":31' ||
  fail "installed slidedb-query"

# pkg-config, relocated with the prefix.
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
[ "$(pkg-config --modversion slidedb)" = "$(slidedb-query --version | cut -d' ' -f2)" ] ||
  fail "pkg-config --modversion slidedb"
# shellcheck disable=SC2046
c++ -std=c++17 -o "$tmp/solve-pc" "$examples/solve.cc" $(pkg-config --cflags --libs slidedb)
LD_LIBRARY_PATH=$prefix/lib "$tmp/solve-pc" "$db" 867254301 >"$tmp/pc.out"
grep -q '^867254301 -> 123456780: 31 moves ' "$tmp/pc.out" || fail "pkg-config build: $(cat "$tmp/pc.out")"

# The CMake package, from a project that knows only the prefix.
cmake -S "$examples" -B "$tmp/example" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$tmp/example" >/dev/null
"$tmp/example/solve" "$db" 867254301 123456870 >"$tmp/example.out"
expected="867254301 -> 123456780: 31 moves $(slidedb-query --db "$db" --format json 867254301 |
  sed 's/.*"moves":"\([UDLR]*\)".*/\1/')
123456870: unsolvable"
[ "$(cat "$tmp/example.out")" = "$expected" ] || fail "example: $(cat "$tmp/example.out")"
set +e
"$tmp/example/solve" "$db" 12345 2>"$tmp/example.err"
rc=$?
set -e
[ $rc = 65 ] && grep -q "invalid argument: '12345'" "$tmp/example.err" || fail "example, malformed: $rc"

# The Python module, from the prefix's site directory.
site=$(find "$prefix" -name 'slidedb*.so' -path '*-packages/*' -printf '%h\n')
[ -n "$site" ] || fail "the Python module is not installed"
[ "$(PYTHONPATH=$site /usr/bin/python3 -c 'import slidedb, sys; print(slidedb.open(sys.argv[1]).distance("867254301"))' "$db")" = 31 ] ||
  fail "installed Python module"
echo "install_test: ok ($prefix: ${programs[*]})"
