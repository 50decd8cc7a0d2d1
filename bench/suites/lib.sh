# Shared by the benchmark suites (bench/suites/*.sh), sourced after each
# has changed to the repository's top: `. bench/suites/lib.sh`.

# The median of the numbers on standard input, one a line (the mean of
# the two middle ones for an even count).
median() {
  sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

# A Markdown table's rows, gathered in `rows` (start with rows=()):
# `row FIGURE MEASURED FLOOR VERDICT`.
row() { rows+=("| $1 | $2 | $3 | $4 |"); }

# The verdict on a figure against a floor it must not exceed (met) or,
# with met_least, one it must reach.
met() { awk -v v="$1" -v f="$2" 'BEGIN { print (v <= f ? "met" : "**missed**") }'; }
met_least() { awk -v v="$1" -v f="$2" 'BEGIN { print (v >= f ? "met" : "**missed**") }'; }

# start_server OUT_FILE SLIDEDB_SERVE ARGS...: starts the server with ARGS
# on a free port of 127.0.0.1 (--port 0), its standard output in OUT_FILE
# and standard error in OUT_FILE.err; sets server_pid and port, or exits 1
# if it does not listen within 10 s.
start_server() {
  local out=$1 bin=$2
  shift 2
  "$bin" "$@" --port 0 >"$out" 2>"$out.err" &
  server_pid=$!
  port=
  for _ in $(seq 400); do
    # Whole lines only: not a port whose digits are still being written.
    port=$(head -n "$(wc -l <"$out")" "$out" |
      sed -n 's/^listening on .*:\([0-9]*\)$/\1/p')
    [ -n "$port" ] && return 0
    sleep 0.025
  done
  echo "$bin did not start: $(cat "$out.err")" >&2
  exit 1
}

# stop_server [FILE]: appends the server's peak RSS (MiB) to FILE, if
# given, then stops it (SIGTERM) and waits for it.
stop_server() {
  [ -z "${1:-}" ] || awk '/^VmHWM:/ { print $2 / 1024 }' "/proc/$server_pid/status" >>"$1"
  kill -TERM "$server_pid"
  wait "$server_pid" || true
  server_pid=
}

# python_setup: what the Python suites share. Sets B (the build), PY,
# SEED, STATES (1,000,000), load_before and tmp (removed at exit), which
# holds a 3x3 database (db) and STATES random states (states.txt).
python_setup() {
  SEED=${SLIDEDB_BENCH_SEED:-20261121}
  STATES=1000000
  B=${SLIDEDB_BENCH_BUILD_DIR:-build}
  [ "$B" = build ] && ./scripts/build.sh >/dev/null
  PY=/usr/bin/python3
  load_before=$(cut -d' ' -f1-3 /proc/loadavg)
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  "$B"/slidedb-build --db "$tmp/db" --board 3x3 --quiet >/dev/null
  "$B"/slidedb-bench --states "$STATES" --seed "$SEED" >"$tmp/states.txt"
}

# korf_median_ten QUERY DB: the ten of Korf's 100 (bench/korf100.txt)
# around the median of the search's work towards Korf's goal 0,1,...,15,
# answered by the slidedb-query QUERY from DB: "start states" a line.
korf_median_ten() {
  grep -v '^#' bench/korf100.txt | awk '{print $3}' |
    "$1" --db "$2" --board 4x4 --goal "$(seq -s, 0 15)" --format json |
    python3 -c '
import json, sys
rows = sorted((json.loads(l) for l in sys.stdin), key=lambda r: r["nodes"])
for r in rows[len(rows) // 2 - 5:len(rows) // 2 + 5]:
    print(r["start"], r["nodes"])'
}

# build_harness SOURCE NAME: compiles SOURCE (a bench/*.cc harness) against
# the static libraries of the Release build in $B (made by scripts/build.sh
# if missing, its search library brought up to date if not) into
# $B/bench/NAME, with $CXX (default g++); needs no Google Benchmark.
build_harness() {
  if [[ -f "$B/CMakeCache.txt" ]]; then
    cmake --build "$B" --target slidedb_search >/dev/null
  else
    ./scripts/build.sh >/dev/null
  fi
  mkdir -p "$B/bench"
  "${CXX:-g++}" -std=c++20 -O2 -march=x86-64-v2 -DNDEBUG -I. -Iinclude "$1" \
    "$B/lib/libslidedb_search.a" "$B/lib/libslidedb_puzzle.a" \
    "$B/lib/libslidedb_base.a" -lzstd -pthread -o "$B/bench/$2"
}

# ensure_5x5_db SLIDEDB_BUILD_DIR DB [BUILD_ARGS...]: builds the 5x5
# pattern databases into DB with BUILD_ARGS (`--pdb strong` ...) when DB
# answers no 5x5 yet (its time and peak RSS on standard output), then
# prints DB's size on disk and the 5x5 goal it answers first.
ensure_5x5_db() {
  local b=$1 db=$2
  shift 2
  if ! "$b/slidedb-query" --db "$db" --board 5x5 --tables 2>/dev/null | grep -q 5x5; then
    /usr/bin/time -f "build of $db (${*:-the default}): %e s wall, peak RSS %M KB" \
      "$b/slidedb-build" --db "$db" --board 5x5 "$@" --quiet >/dev/null
  fi
  echo "$db: $(du -sm "$db" | cut -f1) MiB on disk; $("$b/slidedb-query" --db "$db" --tables | grep -m1 5x5)"
}

# print_machine: the CPU, its cores and memory, and the load average
# before the suite's runs, two lines at the top of its output.
print_machine() {
  echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GB"
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
}
