#!/usr/bin/env bash
# Issue 35's floor: CI three times in a row on clean clones of COMMIT while
# another build runs on the same machine (a loop of full Release builds of
# a further clone, `make -j1`, a new build directory each time).
#
#   .ci/beside_build.sh COMMIT [WORKDIR]     (default WORKDIR /tmp/ci-beside)
#
# WORKDIR/summary.log: each run's start, status and seconds; runI.log its
# output; load.log when each beside build ended. Stops at the first red
# run. Takes about 30 minutes a run on 2 cores (BENCHMARKS.md).
set -u
commit=${1:?usage: .ci/beside_build.sh COMMIT [WORKDIR]}
work=${2:-/tmp/ci-beside}
repo=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"
cd "$work"
rm -f stop
rm -rf load && git clone -q "$repo" load && (cd load && git checkout -q "$commit")
( while [ ! -f "$work/stop" ]; do
    rm -rf load/b && cmake -S load -B load/b -DCMAKE_BUILD_TYPE=Release >/dev/null 2>&1 &&
      make -C load/b -j1 >/dev/null 2>&1
    echo "load build done $(date -u +%T)" >> load.log
  done ) &
loader=$!
rc=0
for i in 1 2 3; do
  rm -rf "run$i" && git clone -q "$repo" "run$i" && (cd "run$i" && git checkout -q "$commit")
  start=$(date +%s)
  echo "run $i start $(date -u +%T)" >> summary.log
  (cd "run$i" && CI=true bash .ci/run) > "run$i.log" 2>&1
  rc=$?
  echo "run $i rc=$rc $(( $(date +%s) - start )) s end $(date -u +%T)" >> summary.log
  [ "$rc" -ne 0 ] && break
  rm -rf "run$i"/build*  # keep the log, free the disk
done
touch stop
wait "$loader"
exit "$rc"
