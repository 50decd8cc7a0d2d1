#!/usr/bin/env bash
# Installs what is needed, builds everything and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
./scripts/install_browser_deps.sh  # chromium and playwright-core for tests/browser
(cd build && ctest -j "$(nproc)" --output-on-failure --timeout 600)
# The Debian package, installed as a user installs it (apt-get as root).
./scripts/test_package.sh "$(./scripts/package.sh)"
