#!/usr/bin/env bash
# tests/mpi/mpirun.sh NP PROGRAM [ARGS]: runs PROGRAM under mpirun on NP
# ranks (oversubscribed: more ranks than cores is fine for tests; as root,
# with --allow-run-as-root). Exits 77, which ctest counts as skipped, when
# there is no mpirun (scripts/install_deps.sh installs openmpi-bin).
set -euo pipefail
np=$1
shift
if ! command -v mpirun >/dev/null 2>&1; then
  echo "mpirun not found (Debian's openmpi-bin): skipped"
  exit 77
fi
args=(--oversubscribe -np "$np")
if [ "$(id -u)" -eq 0 ]; then args+=(--allow-run-as-root); fi
exec mpirun "${args[@]}" "$@"
