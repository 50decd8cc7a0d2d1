#!/usr/bin/env bash
# The first 15-puzzle answer on every face, side by side with another build
# of slidedb (the previous main) in one run, printed as one Markdown table
# (issue 34's floors for "pattern databases read on demand on every face"):
#
#   scripts/bench.sh first_answer BASE_BUILD_DIR [RUNS]
#
#   - slidedb-serve: the first answer after start, on each of Korf's ten
#     median instances (as pdb_oneshot picks them), a fresh server each,
#     page cache warm: the median and the largest of the ten;
#   - slidedb-serve: Korf's 100 as the first POST after start, then again
#     (warm): answers/s, medians of RUNS (default 3); the server's peak RSS
#     (VmHWM) over them, the largest;
#   - the C++ API (a program linked to each build's libslidedb.so) and the
#     Python module (when the build has one): the first 4x4 answer after
#     Db::Open / slidedb.open, each of the ten in a fresh process: median;
#   - slidedb-query one-shot: each of Korf's 100 in a fresh process, the
#     largest peak RSS (and its instance).
#
# Both read $DB15 (default /tmp/slidedb-bench15; built by this build with
# the default 8-7 pattern databases if missing), or the base build reads
# $DB15_BASE when set (the same pattern databases in a format the base
# build reads); Korf's goal is 0,1,...,15.
set -euo pipefail
cd "$(dirname "$0")/../.."

base=${1:?usage: scripts/bench.sh first_answer BASE_BUILD_DIR [RUNS]}
runs=${2:-3}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
DB15=${DB15:-/tmp/slidedb-bench15}
for tool in curl /usr/bin/time g++; do
  command -v "$tool" >/dev/null || { echo "bench.sh first_answer: $tool is needed" >&2; exit 1; }
done
tmp=$(mktemp -d)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
. bench/suites/lib.sh  # median, start_server, stop_server, korf_median_ten

if ! "$B"/slidedb-query --db "$DB15" --board 4x4 --tables 2>/dev/null | grep -q 4x4; then
  echo "bench.sh first_answer: building the 15-puzzle's pattern databases in $DB15" >&2
  "$B"/slidedb-build --db "$DB15" --board 4x4 --threads 2 --quiet >&2
fi
goal=$(seq -s, 0 15)
grep -v '^#' bench/korf100.txt | awk '{print $3}' >"$tmp/korf.txt"
grep -v '^#' bench/korf100.txt | awk '{print $2}' >"$tmp/korf.len"
# The ten instances around the median of the search's work.
korf_median_ten "$B/slidedb-query" "$DB15" | cut -d' ' -f1 >"$tmp/median.txt"

bin_of() { [ "$1" = new ] && echo "$B" || echo "$base"; }
db_of() { [ "$1" = new ] && echo "$DB15" || echo "${DB15_BASE:-$DB15}"; }

post_korf() {  # -> seconds; checks every length
  curl -sf -o "$tmp/korf.out" -w '%{time_total}\n' -H 'Content-Type: text/plain' \
    --data-binary @"$tmp/korf.txt" "http://127.0.0.1:$port/api/solve?board=4x4&goal=$goal"
  python3 -c '
import json, sys
got = [json.loads(l)["distance"] for l in open(sys.argv[1])]
want = [int(l) for l in open(sys.argv[2])]
sys.exit(0 if got == want else "Korf lengths differ")' "$tmp/korf.out" "$tmp/korf.len"
}

# The C++ API's first answer: a program per build, linked to its library.
cat >"$tmp/first.cc" <<'CC'
#include <chrono>
#include <cstdio>
#include <memory>
#include "slidedb/slidedb.h"
int main(int argc, char** argv) {
  std::unique_ptr<slidedb::Db> db;
  if (!slidedb::Db::Open(argv[1], &db).ok()) return 1;
  slidedb::Options o;
  o.board = "4x4";
  o.goal = argv[2];
  slidedb::Solution s;
  const auto t0 = std::chrono::steady_clock::now();
  if (!db->Solve(argv[3], o, &s).ok()) return 1;
  const std::chrono::duration<double, std::milli> ms =
      std::chrono::steady_clock::now() - t0;
  std::printf("%.1f\n", ms.count());
  return 0;
}
CC
for name in base new; do
  dir=$(bin_of $name)
  g++ -std=c++20 -O2 -Iinclude "$tmp/first.cc" -o "$tmp/first_$name" \
    -L"$dir/api" -lslidedb -Wl,-rpath,"$(cd "$dir/api" && pwd)"
done
py_first() {  # BUILD_DIR START DB -> ms, or nothing without the module
  [ -d "$1/python" ] || return 0
  PYTHONPATH="$1/python" /usr/bin/python3 -c '
import sys, time, slidedb
db = slidedb.open(sys.argv[1])
t0 = time.perf_counter()
db.solve(sys.argv[3], board="4x4", goal=sys.argv[2])
print("%.1f" % ((time.perf_counter() - t0) * 1000))' "$3" "$goal" "$2"
}

for name in base new; do
  for f in first api py korf_first korf_warm rss oneshot_rss; do : >"$tmp/$name.$f"; done
done
while read -r start; do
  echo "bench.sh first_answer: first answers, $start" >&2
  for name in base new; do
    dir=$(bin_of $name)
    start_server "$tmp/server.out" "$dir/slidedb-serve" --db "$(db_of $name)"
    curl -sf -o /dev/null -w '%{time_total}\n' \
      "http://127.0.0.1:$port/api/solve?board=4x4&goal=$goal&start=$start" |
      awk '{ print $1 * 1000 }' >>"$tmp/$name.first"
    stop_server "$tmp/$name.rss"
    "$tmp/first_$name" "$(db_of $name)" "$goal" "$start" >>"$tmp/$name.api"
    py_first "$dir" "$start" "$(db_of $name)" >>"$tmp/$name.py"
  done
done <"$tmp/median.txt"

for run in $(seq "$runs"); do
  for name in base new; do
    echo "bench.sh first_answer: Korf's 100 POSTed, run $run, $name" >&2
    start_server "$tmp/server.out" "$(bin_of $name)/slidedb-serve" --db "$(db_of $name)"
    post_korf >>"$tmp/$name.korf_first"
    post_korf >>"$tmp/$name.korf_warm"
    stop_server "$tmp/$name.rss"
  done
done

n=0
while read -r start; do
  n=$((n + 1))
  for name in base new; do
    /usr/bin/time -f "%M" -o "$tmp/t" "$(bin_of $name)/slidedb-query" --db "$(db_of $name)" \
      --board 4x4 --goal "$goal" "$start" >/dev/null
    echo "$(( $(cat "$tmp/t") / 1024 )) $n" >>"$tmp/$name.oneshot_rss"
  done
done <"$tmp/korf.txt"

cell() {  # NAME SUFFIX FORMAT: the median, or "-"
  if [ -s "$tmp/$1.$2" ]; then median <"$tmp/$1.$2" | xargs printf "$3"; else echo "-"; fi
}
rate() { median <"$tmp/$1.$2" | awk '{ printf "%.0f", 100 / $1 }'; }
largest() { sort -g "$tmp/$1.$2" | tail -1 | awk '{ printf "%.0f", $1 }'; }
echo "| 15-puzzle, first answers ($DB15) | base | new | floor |"
echo "| --- | --- | --- | --- |"
echo "| server: first answer after start, median of Korf's ten median instances, ms | $(cell base first %.0f) | $(cell new first %.0f) | 100 |"
echo "| the same, the slowest of the ten, ms | $(largest base first) | $(largest new first) | 100 |"
echo "| server: Korf's 100 as the first POST after start, answers/s (median of $runs) | $(rate base korf_first) | $(rate new korf_first) | 150 |"
echo "| server: Korf's 100 POSTed again (warm), answers/s | $(rate base korf_warm) | $(rate new korf_warm) | 250 |"
echo "| server: peak RSS, the largest of its runs, MiB | $(largest base rss) | $(largest new rss) | 400 |"
echo "| C++ API: first answer after Db::Open, median of the ten, ms | $(cell base api %.1f) | $(cell new api %.1f) | 100 |"
echo "| Python: first answer after slidedb.open, median of the ten, ms | $(cell base py %.1f) | $(cell new py %.1f) | 100 |"
echo "| slidedb-query one-shot: the largest peak RSS over Korf's 100, MiB (instance) | $(sort -g "$tmp/base.oneshot_rss" | tail -1 | awk '{ printf "%s (#%s)", $1, $2 }') | $(sort -g "$tmp/new.oneshot_rss" | tail -1 | awk '{ printf "%s (#%s)", $1, $2 }') | 100 |"
echo
echo "The one-shot CLI's time on the ten median instances: scripts/bench.sh pdb_oneshot BASE."
echo "Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg). $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs."
