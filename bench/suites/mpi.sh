#!/usr/bin/env bash
# The distributed search's figures (docs/SCALE.md, BENCHMARKS.md): on BOARD
# (default 3x4), RunTwoBitBfs in one process on 1 and 2 threads, then
# build/slidedb_mpi_levels under mpirun at -np 2 and -np 4, batches encoded
# (delta + varint) and raw. Prints a Markdown table of the runs (seconds,
# states a second in all and per rank or thread, bytes exchanged raw and
# sent, the largest rank's peak resident memory), then the levels of the
# -np 2 and -np 4 encoded runs, tab-separated, into $OUT (default
# bench-mpi-levels.tsv).
#
#   scripts/bench.sh mpi [BOARD]
#
# 3x4 takes about 5 minutes on 2 cores. The machine's load is printed: the
# figures are only as quiet as the machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
board=${1:-3x4}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
OUT=${OUT:-bench-mpi-levels.tsv}
./scripts/install_deps.sh
[ -f "$B/CMakeCache.txt" ] || cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$B" -j 2 --target slidedb_mpi_levels >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "$(date -u +%F), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), load before $(cut -d' ' -f1-3 /proc/loadavg), $(mpirun --version | head -1)"
echo
echo "| $board run | seconds | states/s | states/s per rank or thread | exchanged raw | sent | peak RSS of a rank |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
field() { tr '\t' '\n' <"$1" | awk -v k="$2" '$1 == k { print $2 }'; }
for threads in 1 2; do
  "$B/slidedb_mpi_levels" "$board" --single "$threads" >"$tmp/single"
  awk -v t="$threads" -F'\t' '{
    split($3, s, " "); split($4, r, " "); split($5, m, " ");
    printf "| RunTwoBitBfs, %d thread%s | %.1f | %.2fM | %.2fM | - | - | %.0f MB |\n",
      t, t == 1 ? "" : "s", s[2], r[2] / 1e6, r[2] / 1e6 / t, m[2] / 1e6 }' "$tmp/single"
done
for np in 2 4; do
  for mode in encoded raw; do
    flag=""
    [ "$mode" = raw ] && flag=--raw
    bash tests/mpi/mpirun.sh "$np" "$B/slidedb_mpi_levels" "$board" $flag >"$tmp/run"
    [ "$mode" = encoded ] && grep -v '^summary' "$tmp/run" | sed "s/^/$np\t/" >>"$tmp/levels"
    grep '^summary' "$tmp/run" | tr '\t' '\n' | awk -v np="$np" -v mode="$mode" '
      { split($0, kv, " "); v[kv[1]] = kv[2] }
      END { printf "| -np %d, %s | %.1f | %.2fM | %.2fM | %.1f MB | %.1f MB | %.0f MB |\n",
              np, mode, v["seconds"], v["states/s"] / 1e6, v["states/s/rank"] / 1e6,
              v["raw_bytes"] / 1e6, v["sent_bytes"] / 1e6, v["peak_rss"] / 1e6 }'
  done
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg); levels in $OUT"
{ printf 'ranks\t'; head -1 "$tmp/levels" | cut -f2-; grep -v depth "$tmp/levels"; } >"$OUT"
