#!/usr/bin/env bash
# Tests the Debian package of scripts/package.sh as a user gets it. As
# root, `apt-get install ./build/slidedb_*.deb` (which also installs its
# Depends) and afterwards removes it again; otherwise `dpkg-deb -x` into a
# temporary directory. Then the installed programs answer from a fresh
# database, the Python module imports with Debian's python3, and the
# package's CMake package builds examples/.
#
#   tests/scripts/test_package.sh [build/slidedb_X_amd64.deb]
set -euo pipefail
cd "$(dirname "$0")/../.."
deb=${1:-$(ls -t build/slidedb_*_amd64.deb | head -1)}
tmp=$(mktemp -d)
fail() { echo "test_package: $*" >&2; exit 1; }

if [ "$(id -u)" = 0 ]; then
  # One install at a time on this machine (several worktrees may test).
  exec 9>/tmp/slidedb-test-package.lock
  flock 9
  dpkg-query -W -f='${Status}' slidedb 2>/dev/null | grep -q "install ok installed" && fail "slidedb is installed already; remove it first"
  trap 'DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq slidedb >/dev/null; rm -rf "$tmp"' EXIT
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=120 --no-install-recommends "./$deb" >/dev/null
  root=""
  bin=/usr/bin
  [ "$(command -v slidedb-query)" = /usr/bin/slidedb-query ] || fail "slidedb-query is not on the PATH"
else
  trap 'rm -rf "$tmp"' EXIT
  dpkg-deb -x "$deb" "$tmp/root"
  root=$tmp/root
  bin=$root/usr/bin
  export LD_LIBRARY_PATH=$root/usr/lib
fi

# Every file the package lists is where it says.
dpkg-deb -c "$deb" | awk '{print $NF}' | grep -q '^./usr/share/man/man1/slidedb-query.1' ||
  fail "no man page in the package"

"$bin/slidedb-build" --db "$tmp/db" --board 3x3 --quiet >/dev/null
out=$("$bin/slidedb-query" --db "$tmp/db" 867254301)
echo "$out" | grep -q '^867254301 -> 123456780: 31 moves' || fail "slidedb-query: $out"

# Built with MPI, the package carries what slidedb-query runs under mpirun,
# and its libraries are there (Depends).
if [ -e build/slidedb-query-mpi ]; then
  "$bin/slidedb-query-mpi" --version >/dev/null || fail "slidedb-query-mpi does not run"
fi

site=$root/usr/lib/python3/dist-packages
[ "$(PYTHONPATH=$site /usr/bin/python3 -c 'import slidedb, sys; print(slidedb.open(sys.argv[1]).solve("867254301")["distance"])' "$tmp/db")" = 31 ] ||
  fail "the Python module"

# The CMake package of the .deb, from an outside project.
cmake -S examples -B "$tmp/example" ${root:+-DCMAKE_PREFIX_PATH="$root/usr"} >/dev/null
cmake --build "$tmp/example" >/dev/null
"$tmp/example/solve" "$tmp/db" 867254301 | grep -q ': 31 moves ' || fail "examples/ against the package"
echo "test_package: ok ($deb$( [ -z "$root" ] && echo ", installed with apt-get" || echo ", unpacked with dpkg-deb"))"
