#!/usr/bin/env bash
# pip install --no-build-isolation of the source tree into a fresh virtual
# environment, then the module's tests against the installed module.
# Usage: pip_install_test.sh PYTHON SOURCE_DIR BUILD_DIR
set -euo pipefail
python=$1 src=$2 build=$3
venv=$(mktemp -d /tmp/slidedb-venv.XXXXXX)
trap 'rm -rf "$venv"' EXIT
"$python" -m venv --system-site-packages "$venv"
SLIDEDB_CMAKE_BUILD_DIR=$build "$venv/bin/pip" install -q --no-build-isolation \
  --no-index --no-deps "$src"
cd "$venv"  # not the source or build tree: the installed module only
"$venv/bin/python" -c "import slidedb, sys; assert slidedb.__file__.startswith(sys.prefix), slidedb.__file__"
PYTHONPATH= "$venv/bin/python" -m pytest -q -p no:cacheprovider "$src/python/tests"
