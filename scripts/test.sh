#!/usr/bin/env bash
# Installs what is needed, builds everything and runs the whole test suite.
#
#   scripts/test.sh                      Release build in build/, every test
#   scripts/test.sh --sanitize=address   ASan + UBSan build in build-asan/,
#                                        every test
#   scripts/test.sh --sanitize=thread    TSan build in build-tsan/, the tests
#                                        that run threads (the search, --verify,
#                                        the shared tables, slidedb-serve)
#
# Sanitizer builds link the shared librocksdb (Debian's, not instrumented);
# see README.md, "Checking a database and the code".
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  "")
    ./scripts/build.sh
    ./scripts/install_browser_deps.sh  # chromium and playwright-core for tests/browser
    (cd build && ctest -j "$(nproc)" --output-on-failure --timeout 600)
    # The Debian package, installed as a user installs it (apt-get as root).
    ./tests/scripts/test_package.sh "$(./scripts/package.sh)"
    ;;
  --sanitize=address|--sanitize=thread)
    kind=${1#--sanitize=}
    dir=build-asan
    [ "$kind" = thread ] && dir=build-tsan
    # With line tables only (-g1): reports name files and lines, and the
    # build compiles and links much faster than with -g. The address
    # sanitizer's build at -O1, as its documentation advises (half the
    # compile time of -O3 here); the thread sanitizer's at -O3, as its tests'
    # searches are the long part of its stage.
    # Everything as a unity build, eight files a compiler run: a template
    # the files share is compiled once for eight, so the address
    # sanitizer's build takes half the CPU time. (Not the plain build's
    # libraries and programs: they are what users run and benchmarks
    # measure.) A name two files of one library define in their unnamed
    # namespaces is then an error here: give one a name of its own.
    flags=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS=-g1 -DCMAKE_UNITY_BUILD=ON)
    [ "$kind" = address ] && flags+=(-DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG")
    # The thread sanitizer's tests need these targets only.
    targets=()
    [ "$kind" = thread ] && targets=(--target slidedb_tests slidedb_serve_tests
                                     slidedb-build slidedb-query slidedb-serve)
    # The move automaton and multi-tile tables a plain build made (the
    # same bytes), rather than a minute of making them again
    # (lib/CMakeLists.txt).
    [ -e build/lib/generated/mtm_prepared.bin ] &&
      [ -e build/lib/generated/move_fsm.bin ] &&
      flags+=(-DSLIDEDB_PREPARED_FROM="$PWD/build/lib/generated")
    # Neither the benchmarks nor the Python module, whose tests cannot run
    # in a sanitizer's build (below).
    ./scripts/install_deps.sh
    cmake -S . -B "$dir" "${flags[@]}" \
      -DSLIDEDB_SANITIZE="$kind" -DSLIDEDB_STATIC_ROCKSDB=OFF \
      -DSLIDEDB_BUILD_BENCH=OFF -DSLIDEDB_BUILD_PYTHON=OFF \
      ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER} \
      >/dev/null
    cmake --build "$dir" -j "$(nproc)" "${targets[@]}"
    root=$PWD
    cd "$dir"
    # Any report fails the test that caused it.
    export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
    export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
    # tests/tsan.supp: reports from inside Debian's uninstrumented
    # cpp-httplib and RocksDB, which TSan cannot judge (the file says why).
    export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:suppressions=$root/tests/tsan.supp}
    if [ "$kind" = address ]; then
      # Not the tests that load the library into programs built without
      # the sanitizer (Python's three, not built here, and an example linked
      # through pkg-config): the ASan runtime must come first in a process. Nor
      # the page's tests in a browser (tests/browser): what they check is
      # the page's script, the same in any build, and the server's answers
      # to them are the API's, which the server's tests run here. Nor the
      # distributed runs on four ranks: the same code as on two, which run
      # here, and a minute of the stage's test time (four processes
      # oversubscribing two cores); the plain build runs them.
      ctest -j "$(nproc)" --output-on-failure --timeout 1800 \
        -E '^(python_module|python_install|faces|install_and_example|browser_.*|mpi_.*_np4)$'
    else
      # This build holds only the tests of the threaded parts (the search,
      # --verify, the query's batches on several threads, the server's API
      # and the server with its concurrent clients, SIGHUP reloads and the
      # attacks of tests/serve/attack_test.py): tests/CMakeLists.txt.
      # Not the checks that run on one thread over every state (the plain
      # and address sanitizer stages run them).
      ctest -j "$(nproc)" --output-on-failure --timeout 1800 \
        -R 'make_test_db|BfsTest|TwoBit|MtmSearch|IdaDriver|StoredTableTest|CheckTest|ConcurrencyTest|ParallelAnswersTest|PageBudget|SearchedPaths|Api|Server|serve_attacks' \
        -E 'MtmSearchTest\.(HeuristicIsAdmissibleAndWalkingDistanceConsistent|PreparedOrderedTablesGiveTheKnownDistances)|TwoBitWalkTest\.FindsOptimalPathsFromEvery3x3State'
    fi
    ;;
  *)
    echo "usage: scripts/test.sh [--sanitize=address|--sanitize=thread]" >&2
    exit 64
    ;;
esac
