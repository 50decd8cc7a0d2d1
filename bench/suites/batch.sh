#!/usr/bin/env bash
# Batches of states on standard input, side by side with another build of
# slidedb (the previous main) in one run, printed as one Markdown table:
#
#   scripts/bench.sh batch BASE_BUILD_DIR [STATES] [RUNS]
#
# `slidedb-query --format json` answers STATES (default 2,000,000) seeded
# random 3x3 states on standard input, output to /dev/null, on one thread
# (--threads 1) and on every core (--threads 2 for the base, whose default
# is one thread; the default for the new build). The commands take turns,
# RUNS times each (default 5); the table gives the median wall time, the
# states per second it makes, CPU seconds, and the ratio to the base. The
# answers of both builds are compared byte for byte first.
set -euo pipefail
cd "$(dirname "$0")/../.."

base=${1:?usage: scripts/bench.sh batch BASE_BUILD_DIR [STATES] [RUNS]}
states=${2:-2000000}
runs=${3:-5}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
command -v /usr/bin/time >/dev/null || { echo "bench.sh batch: /usr/bin/time is needed" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
. bench/suites/lib.sh  # median

# Each build's query reads a database of its own builder (the on-disk
# format may differ).
"$base"/slidedb-build --db "$tmp/db-base" --board 3x3 --quiet >/dev/null
"$B"/slidedb-build --db "$tmp/db-new" --board 3x3 --quiet >/dev/null
"$B"/slidedb-bench --states "$states" --seed 20261122 >"$tmp/states.txt"

# Both builds write the same answers.
"$base"/slidedb-query --db "$tmp/db-base" --format json <"$tmp/states.txt" | sha256sum >"$tmp/base.sum"
"$B"/slidedb-query --db "$tmp/db-new" --format json <"$tmp/states.txt" | sha256sum >"$tmp/new.sum"
cmp -s "$tmp/base.sum" "$tmp/new.sum" || { echo "bench.sh batch: the answers differ" >&2; exit 1; }

names=("base, --threads 1" "new, --threads 1" "base, --threads 2" "new, default (every core)")
dbs=(base new base new)
cmds=("$base/slidedb-query --threads 1" "$B/slidedb-query --threads 1"
      "$base/slidedb-query --threads 2" "$B/slidedb-query")
for run in $(seq "$runs"); do
  for k in "${!cmds[@]}"; do
    echo "bench.sh batch: run $run, ${names[$k]}" >&2
    # shellcheck disable=SC2086
    /usr/bin/time -f "%e %U %S" -o "$tmp/time" \
      ${cmds[$k]} --db "$tmp/db-${dbs[$k]}" --format json <"$tmp/states.txt" >/dev/null
    read -r wall user sys <"$tmp/time"
    echo "$wall" >>"$tmp/$k.wall"
    awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }' >>"$tmp/$k.cpu"
  done
done

echo "| batch, $states states, JSON to /dev/null (median of $runs) | wall | states/s | CPU | vs base |"
echo "| --- | --- | --- | --- | --- |"
for k in "${!cmds[@]}"; do
  wall=$(median <"$tmp/$k.wall")
  cpu=$(median <"$tmp/$k.cpu")
  ref=$(median <"$tmp/$(( k - k % 2 )).wall")
  awk -v name="${names[$k]}" -v w="$wall" -v c="$cpu" -v n="$states" -v r="$ref" -v k="$k" 'BEGIN {
    printf "| %s | %.2f s | %.0f | %.2f s | %s |\n", name, w, n / w, c, k % 2 ? sprintf("%.2fx", r / w) : ""
  }'
done
echo
echo "Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg). $(lscpu | awk -F: '/Model name/ { gsub(/^ +/, "", $2); print $2 }'), $(nproc) CPUs."
