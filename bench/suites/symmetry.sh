#!/usr/bin/env bash
# Goals served by symmetry: every 3x3 goal built and written, and
# the size of that database on disk, side by side with another build of
# slidedb (the previous main) in one run, printed as one Markdown table:
#
#   scripts/bench.sh symmetry BASE_BUILD_DIR [RUNS]
#
# BASE_BUILD_DIR holds the other slidedb-build. Each run builds into an
# empty directory (`slidedb-build --board 3x3 --quiet`: every goal blank,
# 9 tables before format 2, 3 since), timed by `hyperfine -N`, the two
# builders alternating; the sizes are `du -sk` of the two databases.
set -euo pipefail
cd "$(dirname "$0")/../.."

base=${1:?usage: scripts/bench.sh symmetry BASE_BUILD_DIR [RUNS]}
runs=${2:-30}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
for tool in hyperfine jq du; do
  command -v "$tool" >/dev/null || { echo "bench.sh symmetry: $tool is needed" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
hyperfine -N --warmup 3 --runs "$runs" --export-json "$tmp/h.json" \
  --prepare "rm -rf $tmp/base $tmp/new" \
  -n base "$base/slidedb-build --db $tmp/base --board 3x3 --quiet" \
  -n new "$B/slidedb-build --db $tmp/new --board 3x3 --quiet" >&2
# The databases of the last runs, for their sizes and what they hold.
rm -rf "$tmp/base" "$tmp/new"
"$base/slidedb-build" --db "$tmp/base" --board 3x3 --quiet >/dev/null
"$B/slidedb-build" --db "$tmp/new" --board 3x3 --quiet >/dev/null
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

ms() { jq -r ".results[] | select(.command == \"$1\") | .median * 1000" "$tmp/h.json"; }
base_ms=$(ms base)
new_ms=$(ms new)
base_kb=$(du -sk "$tmp/base" | cut -f1)
new_kb=$(du -sk "$tmp/new" | cut -f1)
cpu() { jq -r ".results[] | select(.command == \"$1\") | (.user + .system) * 1000" "$tmp/h.json"; }
base_cpu=$(cpu base)
new_cpu=$(cpu new)
# Each builder checks its own database and counts its tables.
tables() { "$1/slidedb-build" --verify --db "$2" --format json | jq '.tables | length'; }
base_tables=$(tables "$base" "$tmp/base")
new_tables=$(tables "$B" "$tmp/new")

echo "| measure | previous main | this build | ratio |"
echo "| --- | --- | --- | --- |"
printf '| every 3x3 goal built and written, wall (hyperfine -N median of %s) | %.1f ms | %.1f ms | %.2fx |\n' \
  "$runs" "$base_ms" "$new_ms" "$(awk -v a="$base_ms" -v b="$new_ms" 'BEGIN { print a / b }')"
printf '| same, CPU user + system (hyperfine mean) | %.1f ms | %.1f ms | %.2fx |\n' \
  "$base_cpu" "$new_cpu" "$(awk -v a="$base_cpu" -v b="$new_cpu" 'BEGIN { print a / b }')"
printf '| that database on disk (du -sk) | %s KiB | %s KiB | %.2fx |\n' \
  "$base_kb" "$new_kb" "$(awk -v a="$base_kb" -v b="$new_kb" 'BEGIN { print a / b }')"
printf '| tables stored for the 9 goal blanks | %s | %s | |\n' "$base_tables" "$new_tables"
echo
echo "Load average (1, 5, 15 min) before: $load_before; after: $load_after."
