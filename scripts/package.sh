#!/usr/bin/env bash
# Builds the Debian package: build/slidedb_<version>_amd64.deb, with the
# programs, libslidedb and its CMake package, headers, pkg-config file, man
# pages, bash completion and the Python module, installed under /usr.
# Depends are found by dpkg-shlibdeps from what the binaries link.
#
#   scripts/package.sh          # builds via scripts/build.sh first
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh "$@" >/dev/null
cd build
cpack -G DEB >/dev/null
deb=$(ls -t slidedb_*_amd64.deb | head -1)
echo "build/$deb"
dpkg-deb --field "$deb" Package Version Architecture Depends >&2
