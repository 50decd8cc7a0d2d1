#!/usr/bin/env bash
# Renders two charts of one goal's table with gnuplot (Debian: gnuplot-nox,
# installed by scripts/install_deps.sh), each as PNG and SVG:
#
#   OUT/histogram.png, OUT/histogram.svg    states at each distance
#   OUT/heuristics.png, OUT/heuristics.svg  states at each error h* - h of
#                                           misplaced tiles, Manhattan, and
#                                           Manhattan + linear conflict
#
# Usage: scripts/plot.sh [--out DIR] [--query PROGRAM]
#                        [--histogram-csv FILE] [--heuristics-csv FILE]
#                        [-- slidedb-query options, e.g. --db D --board 2x4 --goal G]
#
# The data comes from `slidedb-query --histogram --format csv` and
# `slidedb-query --heuristics --format csv`, run with the options after --
# (PROGRAM defaults to build/slidedb-query), unless the CSV files are given.
# OUT defaults to plots/. Exit status: 0 done, 64 bad usage, 65 a
# heuristics CSV with no heuristic, 69 gnuplot missing, else the failing
# command's.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
out="plots"
query="$root/build/slidedb-query"
hist_csv=""
heur_csv=""
query_args=()

usage() {
  sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 64
}

while [ $# -gt 0 ]; do
  case "$1" in
    --out) [ $# -ge 2 ] || usage; out="$2"; shift 2 ;;
    --query) [ $# -ge 2 ] || usage; query="$2"; shift 2 ;;
    --histogram-csv) [ $# -ge 2 ] || usage; hist_csv="$2"; shift 2 ;;
    --heuristics-csv) [ $# -ge 2 ] || usage; heur_csv="$2"; shift 2 ;;
    -h|--help) usage ;;
    --) shift; query_args=("$@"); break ;;
    *) echo "plot.sh: unknown argument '$1'" >&2; usage ;;
  esac
done

if ! command -v gnuplot >/dev/null 2>&1; then
  echo "plot.sh: gnuplot is not installed (Debian: apt-get install gnuplot-nox)" >&2
  exit 69
fi

mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [ -z "$hist_csv" ]; then
  hist_csv="$work/histogram.csv"
  "$query" "${query_args[@]}" --histogram --format csv > "$hist_csv"
fi
if [ -z "$heur_csv" ]; then
  heur_csv="$work/heuristics.csv"
  "$query" "${query_args[@]}" --heuristics --format csv > "$heur_csv"
fi

# One whitespace-separated data file per heuristic: error count.
heuristics=()
while IFS= read -r name; do
  heuristics+=("$name")
  awk -F, -v h="$name" 'NR > 1 && $1 == h { print $2, $3 }' "$heur_csv" \
    > "$work/heur-$name.dat"
done < <(awk -F, 'NR > 1 && !seen[$1]++ { print $1 }' "$heur_csv")
if [ ${#heuristics[@]} -eq 0 ]; then
  echo "plot.sh: $heur_csv holds no heuristic" >&2
  exit 65
fi
awk -F, 'NR > 1 { print $1, $2 }' "$hist_csv" > "$work/histogram.dat"

# pngcairo draws smoother text; plain png (libgd) is the fallback.
png_terminal="png"
if gnuplot -e "set terminal pngcairo" >/dev/null 2>&1; then
  png_terminal="pngcairo"
fi

plot_heuristics=""
for name in "${heuristics[@]}"; do
  [ -n "$plot_heuristics" ] && plot_heuristics+=", "
  plot_heuristics+="'$work/heur-$name.dat' using 1:2 with linespoints title '$name'"
done

for format in png svg; do
  if [ "$format" = png ]; then
    terminal="$png_terminal noenhanced size 900,540"
  else
    terminal="svg noenhanced size 900,540"
  fi
  gnuplot <<GNUPLOT
set terminal $terminal
set grid
set key top right

set output '$out/histogram.$format'
set title 'States at each distance from the goal'
set xlabel 'distance (moves)'
set ylabel 'states'
set style fill solid 0.6
set boxwidth 0.8
set xrange [-1:*]
set yrange [0:*]
plot '$work/histogram.dat' using 1:2 with boxes notitle

set output '$out/heuristics.$format'
set title 'Heuristic error over every state'
set xlabel 'h* - h (moves)'
set ylabel 'states'
set autoscale x
set yrange [0:*]
plot $plot_heuristics
GNUPLOT
done

echo "plot.sh: wrote $out/histogram.png $out/histogram.svg $out/heuristics.png $out/heuristics.svg"
