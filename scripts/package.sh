#!/usr/bin/env bash
# Builds the Debian package: build/slidedb_<version>_amd64.deb, with the
# programs, libslidedb and its CMake package, headers, pkg-config file, man
# pages, bash completion and the Python module, installed under /usr.
# Depends are found by dpkg-shlibdeps from what the binaries link.
# Then the Python module's wheel, build/slidedb-<version>-cpXY-...whl
# (pip install build/slidedb-*.whl, on a machine with the .deb's shared
# libraries: librocksdb), built by Debian's pip, setuptools and wheel from
# the same build directory (setup.py: nothing compiled again).
#
#   scripts/package.sh          # builds via scripts/build.sh first
# Prints the .deb's path on standard output, its fields and the wheel's
# path on standard error.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh "$@" >/dev/null
cd build
cpack -G DEB >/dev/null
deb=$(ls -t slidedb_*_amd64.deb | head -1)
echo "build/$deb"
dpkg-deb --field "$deb" Package Version Architecture Depends >&2
cd ..
python=$(sed -n 's/^Python_EXECUTABLE:[A-Z]*=//p' build/CMakeCache.txt)
rm -f build/slidedb-*.whl
SLIDEDB_CMAKE_BUILD_DIR=$PWD/build "${python:-/usr/bin/python3}" -m pip wheel \
  -q --no-build-isolation --no-deps --no-index -w build . >&2
echo "wheel: $(ls build/slidedb-*.whl)" >&2
