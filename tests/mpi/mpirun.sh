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
# Under AddressSanitizer (scripts/test.sh --sanitize=address), no leak
# report: Open MPI's libraries leave memory allocated at exit, some of it
# from plugins already unloaded when LeakSanitizer reports, whose frames no
# suppression can name. Every other ASan check stays on.
if [ -n "${ASAN_OPTIONS:-}" ]; then
  export ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"
fi
args=(--oversubscribe -np "$np")
if [ "$(id -u)" -eq 0 ]; then args+=(--allow-run-as-root); fi
exec mpirun "${args[@]}" "$@"
