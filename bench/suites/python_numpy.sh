#!/usr/bin/env bash
# The Python module's NumPy arrays (issue 37's floor: db.distances of an
# array of 1,000,000 3x3 states at 5 M states/s or more): db.distances of
# 1,000,000 random solvable 3x3 states (slidedb-bench --states) and of
# 1,000,000 random arrangements (half of them unsolvable) as an (n, 9)
# uint8 array, beside the same states as a list of str, alternating, the
# medians of several runs; db.solve_many of an array beside a list. With
# --db44 DIR (the 15-puzzle's pattern databases): Korf's 100 as an array,
# their distances checked against slidedb-query's batch over the same
# database and Korf's lengths, with the time each took.
#
#   scripts/bench.sh python_numpy [--db44 DIR] [--runs N]
set -euo pipefail
cd "$(dirname "$0")/../.."

DB44=
RUNS=5
while [ $# -gt 0 ]; do
  case "$1" in
    --db44) DB44=$2; shift 2 ;;
    --runs) RUNS=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "python_numpy: unknown argument '$1'" >&2; exit 64 ;;
  esac
done
. bench/suites/lib.sh  # python_setup, median
python_setup

korf_cli_s=-
if [ -n "$DB44" ]; then
  grep -v '^#' bench/korf100.txt | awk '{print $3}' >"$tmp/korf.txt"
  start=$(date +%s.%N)
  "$B"/slidedb-query --db "$DB44" --board 4x4 --format json \
    --goal 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 <"$tmp/korf.txt" >"$tmp/korf.json"
  korf_cli_s=$(echo "$(date +%s.%N) - $start" | bc)
fi

PYTHONPATH=$B/python "$PY" - "$tmp" "$RUNS" "$load_before" "$SEED" \
  "$DB44" "$korf_cli_s" <<'PYEOF'
import json, statistics, sys, time
import numpy as np
import slidedb

tmp, runs, load_before, seed = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
db44, korf_cli_s = sys.argv[5], sys.argv[6]
db = slidedb.open(tmp + "/db")
texts = open(tmp + "/states.txt").read().split()
n = len(texts)
solvable = np.array([[int(c) for c in s] for s in texts], np.uint8)
rng = np.random.default_rng(int(seed))
anyway = np.argsort(rng.random((n, 9)), axis=1).astype(np.uint8)
anyway_texts = ["".join(map(str, r)) for r in anyway]

def timed(fn):
    c, t = time.process_time(), time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t, time.process_time() - c

# Array and list alternate, so that both meet the same load.
cases = {
    "distances, array of solvable": lambda: db.distances(solvable),
    "distances, list of solvable": lambda: db.distances(texts),
    "distances, array of random": lambda: db.distances(anyway),
    "distances, list of random": lambda: db.distances(anyway_texts),
    "solve_many, array of solvable": lambda: db.solve_many(solvable),
    "solve_many, list of solvable": lambda: db.solve_many(texts),
}
wall = {k: [] for k in cases}
cpu = {k: [] for k in cases}
answers = {}
for r in range(runs):
    for k, fn in cases.items():
        if "list" in k and r >= 3:
            continue  # the slow ones: three runs
        out, w, c = timed(fn)
        wall[k].append(w)
        cpu[k].append(c)
        answers[k] = out
        del out

# The two forms answer alike.
listed = [-1 if d is None else d for d in answers["distances, list of solvable"]]
assert answers["distances, array of solvable"].tolist() == listed
listed = [-1 if d is None else d for d in answers["distances, list of random"]]
assert answers["distances, array of random"].tolist() == listed
assert (answers["solve_many, array of solvable"]["distance"].tolist() ==
        [a["distance"] for a in answers["solve_many, list of solvable"]])

print(f"3x3, {n:,} states a run (solvable: slidedb-bench --states, seed "
      f"{seed}; random: arrangements of 0..8, half unsolvable); Debian "
      f"python3 {sys.version.split()[0]}, NumPy {np.__version__}, module "
      f"{slidedb.__version__}; array and list alternating, medians of "
      f"{runs} runs (list: 3).\n")
print("| call | states/s (wall) | wall s | CPU s | states/CPU-s | floor |")
print("| --- | --- | --- | --- | --- | --- |")
for k in cases:
    w, c = statistics.median(wall[k]), statistics.median(cpu[k])
    floor = "-"
    if k.startswith("distances, array"):
        floor = "5 M/s: " + ("met" if n / w >= 5e6 else "**missed**")
    print(f"| `db.{k}` | {n / w:,.0f} | {w:.3f} | {c:.3f} | {n / c:,.0f} | {floor} |")
for form in ("solvable", "random"):
    a = statistics.median(wall[f"distances, array of {form}"])
    l = statistics.median(wall[f"distances, list of {form}"])
    print(f"\ndistances of {form} states: the array is {l / a:.1f}x the list's rate.")

if db44:
    korf = [line.split() for line in open("bench/korf100.txt") if line[0] != "#"]
    rows = np.array([[int(t) for t in k[2].split(",")] for k in korf], np.uint8)
    goal = ",".join(str(t) for t in range(16))
    cli = [json.loads(line)["distance"] for line in open(tmp + "/korf.json")]
    print(f"\nKorf's 100 as a (100, 16) array on {db44} (slidedb-query's "
          f"batch: {float(korf_cli_s):.1f} s, its pattern databases read whole):")
    for preload in (False, True):
        d44, opened, _ = timed(lambda: slidedb.open(db44, preload=preload))
        out, w, c = timed(lambda: d44.distances(rows, board="4x4", goal=goal))
        same = out.tolist() == cli == [int(k[1]) for k in korf]
        print(f"* `slidedb.open(preload={preload})` {opened:.1f} s, then "
              f"`db.distances` {w:.1f} s (CPU {c:.1f} s); distances "
              f"{'the same as the CLI and Korf' if same else '**DIFFER**'} "
              f"(sum {sum(out.tolist()):,}).")
        del d44
        if not same:
            sys.exit(1)
print(f"\nLoad average before: {load_before}; after: "
      f"{' '.join(open('/proc/loadavg').read().split()[:3])}.")
PYEOF
