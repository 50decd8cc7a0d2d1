#!/usr/bin/env bash
# The main job: install what is needed, build the programs, build the 3x3
# database in data/slidedb (both metrics), then solve an example and print
# its histogram.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
./build/slidedb-build --db data/slidedb --board 3x3 --quiet
./build/slidedb-build --db data/slidedb --board 3x3 --metric mtm --quiet
echo
./build/slidedb-query --db data/slidedb 867254301
echo
./build/slidedb-query --db data/slidedb --format json --goal 123/8_4/765 283164705
echo
./build/slidedb-query --db data/slidedb --histogram
