#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer into build-fuzz/, and runs each for SECONDS
# (default 60). Each starts from its seeds in tests/fuzz/corpus/<target> and
# grows a working corpus in build-fuzz/corpus/<target>. An input that
# crashes, leaks, hangs (10 s) or trips a sanitizer is copied to
# tests/fuzz/crashes/<target>/, where ctest replays it from then on, and the
# script exits 1. With FUZZ_RUNS=N in the environment each target stops
# after N inputs too (whichever comes first).
#
#   tests/scripts/fuzz.sh [SECONDS] [TARGET...]   targets: fuzz_board fuzz_notation
#                                           fuzz_query_line fuzz_solution
#                                           fuzz_api fuzz_query_args
#                                           fuzz_params fuzz_options
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_board fuzz_notation fuzz_query_line fuzz_solution fuzz_api fuzz_query_args fuzz_params fuzz_options)

./scripts/install_deps.sh --fuzz
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++-14 -DSLIDEDB_FUZZ=ON \
  -DSLIDEDB_SANITIZE=address -DSLIDEDB_STATIC_ROCKSDB=OFF \
  -DSLIDEDB_BUILD_BENCH=OFF ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER} >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target "${targets[@]}"

status=0
for t in "${targets[@]}"; do
  corpus=build-fuzz/corpus/$t
  found=build-fuzz/found/$t
  mkdir -p "$corpus" "$found"
  echo "== $t: $seconds s" >&2
  if ! build-fuzz/$t "$corpus" tests/fuzz/corpus/$t \
      -max_total_time="$seconds" ${FUZZ_RUNS:+-runs=$FUZZ_RUNS} \
      -timeout=10 -rss_limit_mb=2048 \
      -max_len=1100 -print_final_stats=1 -artifact_prefix="$found/" \
      2> "build-fuzz/$t.log"; then
    status=1
    echo "$t: FAILED; see build-fuzz/$t.log" >&2
    mkdir -p "tests/fuzz/crashes/$t"
    cp "$found"/* "tests/fuzz/crashes/$t/" 2>/dev/null || true
  fi
  grep -E "^stat::number_of_executed_units|^stat::average_exec_per_sec|^stat::peak_rss_mb" \
    "build-fuzz/$t.log" | sed "s/^/$t /" >&2 || true
done
exit $status
