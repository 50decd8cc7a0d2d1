#!/usr/bin/env bash
# One table of roads (issue 34): every face on every board family, the first
# answer in a fresh process and the warm rate, with peak memory, printed as
# one Markdown table for BENCHMARKS.md:
#
#   scripts/bench.sh roads [--build DIR] [--db33 DIR] [--db34 DIR]
#                          [--db27 DIR] [--db44 DIR] [--db55 DIR]
#                          [--timeout S] [--runs N] [--small]
#                          [--families 3x3,3x4,2x7,4x4,5x5,4x4 MTM]
#
# Faces (bench/roads.py measures each; bench/roads_api.cc is the C++ API's):
#   CLI one-shot   `slidedb-query ... STATE`, a fresh process: its wall time
#   CLI batch      the warm states on standard input: the time to the first
#                  line out; states / the process's wall time
#   server, first  a fresh `slidedb-serve --port 0`: GET /api/solve of one
#                  state once it says it listens; the rate of the warm
#                  states as the first POST after start
#   server, warm   the same POST again; a GET of the first state then
#   C++ API        Db::Open + the first Solve; SolveMany of the warm states
#   Python         slidedb.open(db) + db.solve; db.solve_many of the warm
#                  states (the import is not counted)
# The first answer is a median over the first states, each in a fresh
# process or server, repeated --runs times (the one-shot on every family
# but 5x5 and 4x4 MTM; the other faces on 3x3, 3x4 and 2x7). The warm rate
# is measured once, in the first process (the server's on a fresh server
# of its own). Peak RSS is the largest of the processes' (wait4's
# ru_maxrss; the server's VmHWM). The server runs with --work-timeout S.
#
# Families, their states and their databases:
#   3x3, 3x4, 2x7  default goal; first: 3 random states (random walks);
#                  warm: 10,000 (a POST's limit)
#   4x4            Korf's goal 0,1,...,15; first: the ten of Korf's 100
#                  around the median of the search's work; warm: Korf's 100.
#                  The one-shot's peak RSS is over all of Korf's 100.
#   5x5            Korf and Felner's goal 0,1,...,24; first and warm: their
#                  instance #40 (bench/korf24.txt)
#   4x4 MTM        --metric mtm, default goal; first: a random position;
#                  warm: it and two positions a few moves from the goal
# --db33 DIR serves 3x3 (and 3x4 unless --db34); without them both are built
# in a temporary directory (seconds). 4x4 and 5x5 default to $DB15 and $DB24
# (scripts/bench.sh 15 and 24 build them there) when those hold them. A
# family whose database is missing is a row saying how to build it; 2x7
# (15 min, 17 GB) is never built here.
#
# Each measurement is given --timeout S seconds (default 120; 60 with
# --small); past them the cell says "over S s". --runs N (default 3; 2 with
# --small) repeats the first answers as said above. --small measures 3x3 and
# 3x4 only, on 1,000 warm states (ctest runs it: tests/CMakeLists.txt);
# --families measures those named (the others' rows say so). The
# build is --build DIR, else $SLIDEDB_BENCH_BUILD_DIR or $B, else build/.
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/suites/lib.sh  # median, row, met, met_least

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
B=${SLIDEDB_BENCH_BUILD_DIR:-${B:-build}}
small=0 only= timeout_s= runs= db33= db34= db27= db44= db55=
while [ $# -gt 0 ]; do
  case $1 in
    --build) B=$2; shift ;;
    --db33) db33=$2; shift ;;
    --db34) db34=$2; shift ;;
    --db27) db27=$2; shift ;;
    --db44) db44=$2; shift ;;
    --db55) db55=$2; shift ;;
    --timeout) timeout_s=$2; shift ;;
    --runs) runs=$2; shift ;;
    --small) small=1 ;;
    --families) only=",$2,"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "bench.sh roads: unknown argument '$1'" >&2; usage >&2; exit 64 ;;
  esac
  shift
done
if [ "$small" = 1 ]; then
  timeout_s=${timeout_s:-60} runs=${runs:-2} nwarm=1000
else
  timeout_s=${timeout_s:-120} runs=${runs:-3} nwarm=10000
fi
[ "$B" = build ] && [ ! -x build/slidedb-query ] && ./scripts/build.sh >/dev/null
B=$(cd "$B" && pwd)
for tool in jq timeout python3; do
  command -v "$tool" >/dev/null || { echo "bench.sh roads: $tool is needed" >&2; exit 1; }
done
for prog in slidedb-query slidedb-serve slidedb-build; do
  [ -x "$B/$prog" ] || { echo "bench.sh roads: no $B/$prog" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
roads() { python3 bench/roads.py "$@"; }

# The C++ API's program, against this build's libslidedb.so and the
# header of the sources it was built from.
src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$B/CMakeCache.txt" 2>/dev/null)
api=$tmp/slidedb-roads-api
api_missing=
if [ ! -f "$B/api/libslidedb.so" ]; then
  api_missing="not built (cmake --build $B --target slidedb_shared)"
elif ! "${CXX:-g++}" -std=c++20 -O2 -I"${src:-.}/include" bench/roads_api.cc \
    "$B/api/libslidedb.so" -Wl,-rpath,"$B/api" -o "$api" >"$tmp/api.log" 2>&1; then
  api_missing="failed to compile bench/roads_api.cc ($(head -c 200 "$tmp/api.log"))"
fi
py_missing=
compgen -G "$B/python/slidedb*.so" >/dev/null ||
  py_missing="not built (cmake --build $B --target slidedb_python)"

# has DB BOARD: whether DB holds BOARD's tables or pattern databases.
has() { [ -n "$1" ] && "$B/slidedb-query" --db "$1" --board "$2" --tables 2>/dev/null | grep -q "$2"; }
built_here=
build_small() {  # BOARD -> a database built in $tmp
  echo "bench.sh roads: building $1 in $tmp/db-$1" >&2
  "$B/slidedb-build" --db "$tmp/db-$1" --board "$1" --quiet >/dev/null
  echo "$tmp/db-$1"
}
wanted() { [ -z "$only" ] || [[ $only == *",$1,"* ]]; }
if [ -z "$db33" ] && wanted 3x3; then db33=$(build_small 3x3); built_here="3x3"; fi
if [ -z "$db34" ] && wanted 3x4; then
  if has "$db33" 3x4; then db34=$db33; else
    db34=$(build_small 3x4); built_here="$built_here 3x4"
  fi
fi
DB15=${DB15:-/tmp/slidedb-bench15} DB24=${DB24:-/tmp/slidedb-bench24}
[ -z "$db44" ] && has "$DB15" 4x4 && db44=$DB15
[ -z "$db55" ] && has "$DB24" 5x5 && db55=$DB24

families=("3x3" "3x4" "2x7" "4x4" "5x5" "4x4 MTM")
faces=("CLI one-shot" "CLI batch (stdin)" "server, first after start"
       "server, warm" "C++ API" "Python")
declare -A DB BOARD GOAL METRIC MISSING
goal16=$(seq -s, 0 15) goal25=$(seq -s, 0 24)
DB[3x3]=$db33 BOARD[3x3]=3x3
DB[3x4]=$db34 BOARD[3x4]=3x4
DB[2x7]=$db27 BOARD[2x7]=2x7
DB[4x4]=$db44 BOARD[4x4]=4x4 GOAL[4x4]=$goal16
DB[5x5]=$db55 BOARD[5x5]=5x5 GOAL[5x5]=$goal25
DB[4x4 MTM]=$db44 BOARD[4x4 MTM]=4x4 METRIC[4x4 MTM]=mtm
build_cmd() {  # FAMILY -> how to build its database
  case $1 in
    2x7) echo "slidedb-build --db DIR --board 2x7: 15 min, 17 GB; then --db27 DIR" ;;
    4x4*) echo "slidedb-build --db DIR --board 4x4; then --db44 DIR" ;;
    5x5) echo "slidedb-build --db DIR --board 5x5; then --db55 DIR" ;;
    *) echo "slidedb-build --db DIR --board $1; then --db${1/x/} DIR" ;;
  esac
}
for fam in "${families[@]}"; do
  if [ "$small" = 1 ] && [ "$fam" != 3x3 ] && [ "$fam" != 3x4 ]; then
    MISSING[$fam]="not measured (--small)"
  elif [ -n "$only" ] && [[ $only != *",$fam,"* ]]; then
    MISSING[$fam]="not measured (--families)"
  elif ! has "${DB[$fam]}" "${BOARD[$fam]}"; then
    MISSING[$fam]="not built ($(build_cmd "$fam"))"
  fi
done

# Each family's states: $tmp/FAMILY.first (one per fresh process) and
# $tmp/FAMILY.warm (one process's batch).
# The ten of Korf's 100 around the median of the search's work (states
# generated by slidedb-query --format json's "nodes" over the default 8-7
# pattern databases, as bench/suites/pdb_oneshot.sh picks them; nodes
# 73,463 to 87,004 at e830149).
korf_median="7 14 21 50 59 71 73 78 83 90"
korf() { grep -v '^#' bench/korf100.txt; }
for fam in 3x3 3x4 2x7; do
  f=$tmp/$fam
  roads states --board "$fam" --count $(( small ? 2 : 3 )) --walk 400 --seed 1 >"$f.first"
  roads states --board "$fam" --count "$nwarm" --walk 400 --seed 2 >"$f.warm"
done
korf | awk -v want=" $korf_median " 'index(want, " " $1 " ") { print $3 }' >"$tmp/4x4.first"
korf | awk '{ print $3 }' >"$tmp/4x4.warm"
awk '$1 == 40 { print $4 }' bench/korf24.txt >"$tmp/5x5.first"
cp "$tmp/5x5.first" "$tmp/5x5.warm"
roads states --board 4x4 --count 1 --walk 400 --seed 3 >"$tmp/4x4 MTM.first"
{ cat "$tmp/4x4 MTM.first"; roads states --board 4x4 --count 2 --walk 12 --seed 4; } >"$tmp/4x4 MTM.warm"

# measure OUT FACE FAMILY STATE [ARGS]: appends the face's JSON line to
# OUT, or a line {"cell": "..."} saying why there is none.
measure() {
  local out=$1 face=$2 fam=$3 state=$4 code=0
  shift 4
  echo "bench.sh roads: $fam, $face, ${state:0:40}" >&2
  timeout -k 5 "$timeout_s" python3 bench/roads.py "$face" --build "$B" \
    --db "${DB[$fam]}" --board "${BOARD[$fam]}" --goal "${GOAL[$fam]:-}" \
    --metric "${METRIC[$fam]:-}" --first "$state" --api "$api" \
    --timeout "$timeout_s" "$@" >"$tmp/m.json" 2>"$tmp/m.err" || code=$?
  case $code in
    0) cat "$tmp/m.json" >>"$out" ;;
    124|137) echo "{\"cell\": \"over $timeout_s s\"}" >>"$out" ;;
    2) jq -c '{cell: "HTTP \(.status) after \(.after_s * 10 | round / 10) s"}' "$tmp/m.json" >>"$out" ;;
    *) jq -nc --arg e "$(tail -c 300 "$tmp/m.json" "$tmp/m.err" | tr '\n' ' ')" \
         '{cell: ("failed: " + $e)}' >>"$out" ;;
  esac
}

# Runs every face of FAMILY into $tmp/FAMILY.FACE (JSON lines).
# The one-shot is repeated --runs times but on 5x5 and 4x4 MTM; the
# other faces but on the small boards are measured once a state.
run_family() {
  local fam=$1 f=$tmp/$1 reps=$runs oneshot_reps=$runs state
  case $fam in 4x4) reps=1 ;; 4x4*|5x5) reps=1 oneshot_reps=1 ;; esac
  for _ in $(seq "$oneshot_reps"); do
    while read -r state; do
      measure "$f.oneshot" oneshot "$fam" "$state"
    done <"$f.first"
  done
  for _ in $(seq "$reps"); do
    while read -r state; do
      measure "$f.serve-first" serve-first "$fam" "$state"
      [ -z "$api_missing" ] && measure "$f.api" api "$fam" "$state"
      [ -z "$py_missing" ] && measure "$f.python" python "$fam" "$state"
    done <"$f.first"
  done
  # The warm rates, each in a process of its own (after its first answer).
  read -r state <"$f.first"
  [ -z "$api_missing" ] && measure "$f.api-warm" api "$fam" "$state" --warm "$f.warm"
  [ -z "$py_missing" ] && measure "$f.python-warm" python "$fam" "$state" --warm "$f.warm"
  measure "$f.batch" batch "$fam" "$state" --warm "$f.warm"
  measure "$f.serve-warm" serve-warm "$fam" "$state" --warm "$f.warm"
  if [ "$fam" = 4x4 ] && [ "$small" = 0 ]; then  # the one-shot's RSS, every one
    while read -r state; do
      measure "$f.oneshot-all" oneshot "$fam" "$state"
    done <"$f.warm"
  fi
}
for fam in "${families[@]}"; do
  if [ -z "${MISSING[$fam]:-}" ]; then run_family "$fam"; fi
done

# Figures out of the JSON lines. fig FILE KEY median|max: over the lines
# that have KEY; empty when none has.
fig() {
  [ -f "$1" ] || return 0
  local v
  v=$(jq -r --arg k "$2" 'select(.[$k] != null) | .[$k]' "$1")
  [ -z "$v" ] && return 0
  if [ "$3" = median ]; then median <<<"$v"; else sort -g <<<"$v" | tail -1; fi
}
why() { [ ! -f "$1" ] || jq -r 'select(.cell) | .cell' "$1" | head -1; }
# short FILE: "; K of N over 120 s" (the first reason) when some of the
# measurements in FILE gave no figure.
short() {
  [ -f "$1" ] || return 0
  jq -rs 'map(select(.cell)) as $c | select($c | length > 0) |
          "; \($c | length) of \(length): \($c[0].cell)"' "$1"
}
ms() { [ -z "$1" ] || awk -v v="$1" 'BEGIN { printf (v < 10 ? "%.2f ms" : "%.0f ms"), v }'; }
rate() { [ -z "$1" ] || awk -v v="$1" 'BEGIN { printf (v < 10 ? "%.2f/s" : "%.0f/s"), v }' |
  sed ':a; s/\B\([0-9]\{3\}\)\([,/]\)/,\1\2/; ta'; }
mib() { [ -z "$1" ] || awk -v v="$1" 'BEGIN { printf "%.0f MiB", v }'; }
or_why() { if [ -n "$1" ]; then echo "$1"; else echo "${2:-—}"; fi; }
# verdict V F [met|met_least] ...: "met" when every figure V meets its
# floor F, else "**missed**"; "no figure" when one is missing.
verdict() {
  local out=met v f how
  while [ $# -gt 0 ]; do
    v=$1 f=$2 how=$3; shift 3
    if [ -z "$v" ]; then out="no figure"; break; fi
    [ "$("$how" "$v" "$f")" = met ] || out="**missed**"
  done
  echo "$out"
}

rows=()
for fam in "${families[@]}"; do
  f=$tmp/$fam
  for face in "${faces[@]}"; do
    if [ -n "${MISSING[$fam]:-}" ]; then
      row "$face" "$fam" "${MISSING[$fam]} | | " " | "; continue
    fi
    first= warm= rss= post= why_= rss_note= first_note= floor="—" met_="—"
    case $face in
      "CLI one-shot") k=oneshot
        first=$(fig "$f.oneshot" first_ms median); rss=$(fig "$f.oneshot" rss_mb max)
        if [ -f "$f.oneshot-all" ]; then
          cat "$f.oneshot" "$f.oneshot-all" >"$f.oneshot-both"
          rss=$(fig "$f.oneshot-both" rss_mb max)
          rss_note=$(short "$f.oneshot-all")
        fi
        warm="1 a process" ;;
      "CLI batch (stdin)") k=batch
        first=$(fig "$f.batch" first_ms median); warm=$(rate "$(fig "$f.batch" warm_rate max)")
        rss=$(fig "$f.batch" rss_mb max) ;;
      "server, first after start") k=serve-first
        first=$(fig "$f.serve-first" first_ms median); rss=$(fig "$f.serve-first" rss_mb max)
        post=$(fig "$f.serve-warm" post_rate max)
        warm=$(or_why "$(rate "$post")" "$(why "$f.serve-warm")")
        [ -n "$post" ] && warm="$warm (first POST)" ;;
      "server, warm") k=serve-warm
        first=$(fig "$f.serve-warm" again_ms median); warm=$(rate "$(fig "$f.serve-warm" warm_rate max)")
        rss=$(fig "$f.serve-warm" rss_mb max) ;;
      "C++ API") k=api; why_=$api_missing ;;
      "Python") k=python; why_=$py_missing ;;
    esac
    if [ "$k" = api ] || [ "$k" = python ]; then
      first=$(fig "$f.$k" first_ms median); rss=$(fig "$f.$k" rss_mb max)
      warm=$(or_why "$(rate "$(fig "$f.$k-warm" warm_rate max)")" "$(why "$f.$k-warm")")
    fi
    why_=${why_:-$(why "$f.$k")}
    first_note=$(short "$f.$k")
    first_max=$(fig "$f.$k" first_ms max)
    case "$fam|$k" in
      "4x4|oneshot") floor="median ≤ 30 ms; each of Korf's 100 ≤ 100 MB"
        met_=$(verdict "$first" 30 met "$rss" 100 met) ;;
      "4x4|serve-first") floor="each ≤ 100 ms; Korf's 100 as the first POST ≥ 150/s; ≤ 400 MB"
        met_=$(verdict "$first_max" 100 met "$post" 150 met_least "$rss" 400 met) ;;
      "4x4|serve-warm") floor="≥ 250/s; ≤ 400 MB"
        met_=$(verdict "$(fig "$f.serve-warm" warm_rate max)" 250 met_least "$rss" 400 met) ;;
      "4x4|api"|"4x4|python") floor="first after open ≤ 100 ms"
        met_=$(verdict "$first_max" 100 met) ;;
      "4x4 MTM|"*)
        # The same search in a warm process: its own, else the C++ API's.
        again=$(fig "$f.$k" again_ms median)
        [ "$k" = serve-first ] && again=$(fig "$f.serve-warm" again_ms median)
        [ -z "$again" ] && again=$(fig "$f.api" again_ms median)
        if [ "$k" != serve-warm ] && [ "$k" != batch ]; then
          floor="≤ the same search warm + 2 s"
          [ -n "$again" ] && floor="$floor ($(ms "$again") + 2 s)"
          met_=$(verdict "$first" "$(awk -v a="${again:-0}" 'BEGIN { print a + 2000 }')" met)
          [ -z "$again" ] && met_="no figure"
        fi ;;
      "3x3|serve-"*|"4x4|batch"|"3x4|oneshot"|"2x7|oneshot")
        floor="no slower than today's (side by side)" ;;
    esac
    first_ms=$(ms "$first")
    [ -z "$first_max" ] || [ "$(ms "$first_max")" = "$first_ms" ] ||
      first_ms="$first_ms (max $(ms "$first_max"))"
    [ -z "$first_ms" ] || first_ms="$first_ms$first_note"
    rss=$(mib "$rss")
    [ -z "$rss" ] || rss="$rss$rss_note"
    row "$face" "$fam" "$(or_why "$first_ms" "$why_") | $(or_why "$warm" "$why_") | $(or_why "$rss")" \
      "$floor | $met_"
  done
done

echo "Build: $B. $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs; each measurement at most $timeout_s s."
echo
echo "| face | family | first answer (median) | warm rate | peak RSS | floor (issue 34) | met? |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
printf '%s\n' "${rows[@]}"
echo
echo "First answer: in a fresh process (the server: a GET once it listens), but"
echo "on \"server, warm\": a GET after two POSTs. Warm rate: a batch of the warm"
echo "states in one process (the server: POSTs; \"server, first\": its first"
echo "POST). bench/suites/roads.sh says which states each family takes."
echo
echo "Databases: 3x3 ${db33:-none}, 3x4 ${db34:-none}, 2x7 ${db27:-none}, 4x4 ${db44:-none}, 5x5 ${db55:-none}${built_here:+ (built here:$built_here)}."
echo "Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)."
