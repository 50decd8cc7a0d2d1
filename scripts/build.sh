#!/usr/bin/env bash
# Configures and builds slidedb into build/ (Release). Extra arguments go to
# cmake's configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
"./scripts/install_deps.sh"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build build -j "$(nproc)"
