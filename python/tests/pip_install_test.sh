#!/usr/bin/env bash
# pip install --no-build-isolation of the source tree into a fresh virtual
# environment, then the module's tests against the installed module; then
# the wheel scripts/package.sh builds (pip wheel) installed into another
# fresh environment, imported and asked about arrays.
# Usage: pip_install_test.sh PYTHON SOURCE_DIR BUILD_DIR
set -euo pipefail
python=$1 src=$2 build=$3
venv=$(mktemp -d /tmp/slidedb-venv.XXXXXX)
wheel_venv=$(mktemp -d /tmp/slidedb-wheel-venv.XXXXXX)
wheels=$(mktemp -d /tmp/slidedb-wheels.XXXXXX)
trap 'rm -rf "$venv" "$wheel_venv" "$wheels"' EXIT
"$python" -m venv --system-site-packages "$venv"
SLIDEDB_CMAKE_BUILD_DIR=$build "$venv/bin/pip" install -q --no-build-isolation \
  --no-index --no-deps "$src"
cd "$venv"  # not the source or build tree: the installed module only
"$venv/bin/python" -c "import slidedb, sys; assert slidedb.__file__.startswith(sys.prefix), slidedb.__file__"
PYTHONPATH= "$venv/bin/python" -m pytest -q -p no:cacheprovider "$src/python/tests"

# The wheel, as scripts/package.sh builds it.
(cd "$src" && SLIDEDB_CMAKE_BUILD_DIR=$build "$python" -m pip wheel -q \
  --no-build-isolation --no-deps --no-index -w "$wheels" .)
wheel=$(ls "$wheels"/slidedb-*.whl)
"$python" -m venv --system-site-packages "$wheel_venv"
"$wheel_venv/bin/pip" install -q --no-index --no-deps "$wheel"
cd "$wheel_venv"
PYTHONPATH= "$wheel_venv/bin/python" - "$SLIDEDB_TEST_DB" <<'PY'
import sys
import numpy as np
import slidedb
assert slidedb.__file__.startswith(sys.prefix), slidedb.__file__
db = slidedb.open(sys.argv[1])
rows = np.array([[8, 6, 7, 2, 5, 4, 3, 0, 1], [1, 2, 3, 4, 5, 6, 8, 7, 0]],
                np.uint8)
assert db.distances(rows).tolist() == [31, -1]
assert db.distance("867254301") == 31
PY
echo "pip install and the wheel $(basename "$wheel"): installed and imported"
