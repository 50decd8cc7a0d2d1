#!/usr/bin/env bash
# One 15-puzzle question per process, side by side with another build of
# slidedb (the previous main) in one run, printed as one Markdown table
# (issue 25's floors):
#
#   scripts/bench.sh pdb_oneshot BASE_BUILD_DIR [RUNS]
#
#   - `slidedb-query --board 4x4 --goal 0,1,...,15 START`, a fresh process
#     each, on the ten of Korf's 100 instances around the median of the
#     search's work (states generated, from this build's batch answer),
#     page cache warm: hyperfine's mean of RUNS (default 10) for each, both
#     builds taking turns; the median over the ten and the largest; peak
#     RSS (the largest of the ten);
#   - the first such query after the page cache is dropped, when this
#     process may drop it (root), else said;
#   - Korf's 100 as one batch on standard input (both cores), 3 runs each.
#
# Both read the same database: $DB15 (default /tmp/slidedb-bench15, with
# the default 8-7 pattern databases; built by this build if missing).
set -euo pipefail
cd "$(dirname "$0")/../.."

base=${1:?usage: scripts/bench.sh pdb_oneshot BASE_BUILD_DIR [RUNS]}
runs=${2:-10}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
DB15=${DB15:-/tmp/slidedb-bench15}
for tool in hyperfine /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench.sh pdb_oneshot: $tool is needed" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
. bench/suites/lib.sh  # median, korf_median_ten

if ! "$B"/slidedb-query --db "$DB15" --board 4x4 --tables 2>/dev/null | grep -q 4x4; then
  echo "bench.sh pdb_oneshot: building the 15-puzzle's pattern databases in $DB15" >&2
  "$B"/slidedb-build --db "$DB15" --board 4x4 --threads 2 --quiet >&2
fi
goal=$(seq -s, 0 15)
grep -v '^#' bench/korf100.txt | awk '{print $3}' >"$tmp/korf.txt"

# The ten instances around the median of the search's work.
korf_median_ten "$B/slidedb-query" "$DB15" >"$tmp/median.txt"

for name in base new; do : >"$tmp/$name.ms"; : >"$tmp/$name.rss"; done
while read -r start nodes; do
  echo "bench.sh pdb_oneshot: $start ($nodes states)" >&2
  hyperfine -N -w 1 -r "$runs" --export-json "$tmp/h.json" \
    "$base/slidedb-query --db $DB15 --board 4x4 --goal $goal $start" \
    "$B/slidedb-query --db $DB15 --board 4x4 --goal $goal $start" >/dev/null
  python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"]
print(r[0]["mean"] * 1000, file=open(sys.argv[2], "a"))
print(r[1]["mean"] * 1000, file=open(sys.argv[3], "a"))' "$tmp/h.json" "$tmp/base.ms" "$tmp/new.ms"
  for name in base new; do
    bin="$base/slidedb-query"; [ "$name" = new ] && bin="$B/slidedb-query"
    /usr/bin/time -f "%M" -o "$tmp/t" "$bin" --db "$DB15" --board 4x4 --goal "$goal" "$start" >/dev/null
    echo $(( $(cat "$tmp/t") / 1024 )) >>"$tmp/$name.rss"
  done
done <"$tmp/median.txt"

# The first question with a cold page cache.
cold() {  # BIN -> seconds, or "not measured"
  if [ "$(id -u)" = 0 ] && sync && echo 3 >/proc/sys/vm/drop_caches 2>/dev/null; then
    read -r start _ <"$tmp/median.txt"
    /usr/bin/time -f "%e" -o "$tmp/t" "$1" --db "$DB15" --board 4x4 --goal "$goal" "$start" >/dev/null
    echo "$(cat "$tmp/t") s"
  else
    echo "not measured (dropping the page cache needs root)"
  fi
}
cold_base=$(cold "$base/slidedb-query")
cold_new=$(cold "$B/slidedb-query")

for name in base new; do : >"$tmp/$name.batch"; done
for run in 1 2 3; do
  for name in base new; do
    bin="$base/slidedb-query"; [ "$name" = new ] && bin="$B/slidedb-query"
    /usr/bin/time -f "%e" -o "$tmp/t" "$bin" --db "$DB15" --board 4x4 --goal "$goal" \
      --threads 2 --format json <"$tmp/korf.txt" >/dev/null
    cat "$tmp/t" >>"$tmp/$name.batch"
  done
done

row() {  # LABEL BASE NEW
  printf "| %s | %s | %s | %s |\n" "$1" "$2" "$3" \
    "$(awk -v b="$2" -v n="$3" 'BEGIN { if (b + 0 > 0) printf "%.2fx", n / b }')"
}
echo "| one 15-puzzle question per process ($DB15) | previous | this build | ratio |"
echo "| --- | --- | --- | --- |"
row "median of the ten median instances, ms (hyperfine mean of $runs each)" \
  "$(median <"$tmp/base.ms" | xargs printf '%.1f')" "$(median <"$tmp/new.ms" | xargs printf '%.1f')"
row "the slowest of the ten, ms" \
  "$(sort -g "$tmp/base.ms" | tail -1 | xargs printf '%.1f')" "$(sort -g "$tmp/new.ms" | tail -1 | xargs printf '%.1f')"
row "peak RSS, the largest of the ten, MiB" \
  "$(sort -g "$tmp/base.rss" | tail -1)" "$(sort -g "$tmp/new.rss" | tail -1)"
echo "| first question after the page cache is dropped | $cold_base | $cold_new | |"
row "Korf's 100 as one batch, 2 threads, s (median of 3)" \
  "$(median <"$tmp/base.batch")" "$(median <"$tmp/new.batch")"
echo
echo "The ten instances (start, states generated): $(awk '{printf "%s%s (%s)", (NR > 1 ? "; " : ""), $1, $2}' "$tmp/median.txt")."
echo "Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg). $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs."
