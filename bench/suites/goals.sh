#!/usr/bin/env bash
# Pattern databases built for a goal of one's own (issue 34: the default
# partition follows the goal's blank), side by side with the default
# databases in one run:
#
#   scripts/bench.sh goals DB55 DB55_FIRST DB44 DB44_MIDDLE [COUNT]
#
#   - 5x5: the COUNT (default 10) easiest of Korf and Felner's instances
#     (bench/korf24.txt) towards their goal 0,1,...,24, answered from DB55
#     (the default blank-last databases, through the half turn) and from
#     DB55_FIRST (`slidedb-build --board 5x5 --goal 0,1,...,24 --force`: the
#     blank-first goal's own), one `slidedb-query` process each, the two
#     alternating: lengths (must agree with the published ones), seconds, states,
#     the ratio. DB55 and DB55_FIRST may both be `--pdb strong` ones.
#   - 4x4: the COUNT median of Korf's 100 (bench/korf100.txt) towards
#     Korf's goal from DB44 (the default 8-7, by the half turn), and the
#     same starts towards 1,5,2,3,4,0,6,...,15 (Korf's goal with its blank
#     moved to cell 5, so every start still reaches it; its distance is
#     within 2 of Korf's) from DB44_MIDDLE (`slidedb-build --board 4x4
#     --goal 1,5,2,3,4,0,6,7,8,9,10,11,12,13,14,15`), alternating. Different
#     questions of the same kind: compare the medians and sums, not a row.
#
# Prints one Markdown table a board, medians and sums. Environment:
# SLIDEDB_BENCH_BUILD_DIR (default build); BOARDS (default "5x5 4x4"): the
# comparisons to run.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -lt 4 ] || [ "${1:-}" = --help ]; then
  sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'
  [ "${1:-}" = --help ] && exit 0 || exit 64
fi
DB55=$1 DB55_FIRST=$2 DB44=$3 DB44_MIDDLE=$4 COUNT=${5:-10}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
[[ -x $B/slidedb-query ]] || ./scripts/build.sh >/dev/null
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$B" "$DB55" "$DB55_FIRST" "$DB44" "$DB44_MIDDLE" "$COUNT" "${BOARDS:-5x5 4x4}" <<'PY'
import json, statistics, subprocess, sys, time
b, db55, db55f, db44, db44m, count, boards = sys.argv[1:8]
boards = boards.split()
count = int(count)

def solve(db, board, goal, state):
    t0 = time.perf_counter()
    r = subprocess.run([b + "/slidedb-query", "--db", db, "--board", board,
                        "--goal", goal, "--format", "json", state],
                       capture_output=True, text=True, check=True)
    a = json.loads(r.stdout)
    return time.perf_counter() - t0, a["distance"], a["nodes"]

def compare(title, rows, left, right):
    # rows: (name, state, published length or None); left/right: (label,
    # db, board, goal). The two alternate, left first on even rows.
    print("\n### " + title + "\n")
    print("| instance | %s length | %s s | %s states | %s length | %s s | "
          "%s states | ratio |" % ((left[0],) * 3 + (right[0],) * 3))
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    ls, rs, ln, rn = [], [], 0, 0
    for i, (name, state, published) in enumerate(rows):
        order = [left, right] if i % 2 == 0 else [right, left]
        got = {}
        for label, db, board, goal in order:
            got[label] = solve(db, board, goal, state)
        (lt, ld, lnodes), (rt, rd, rnodes) = got[left[0]], got[right[0]]
        wrong = published is not None and (ld != published or rd != published)
        ls.append(lt); rs.append(rt); ln += lnodes; rn += rnodes
        print("| %s | %d | %.2f | %s | %d | %.2f | %s | %.2f%s |"
              % (name, ld, lt, format(lnodes, ","), rd, rt,
                 format(rnodes, ","), rt / lt, " WRONG" if wrong else ""),
              flush=True)
    print("| **median** | | %.2f | | | %.2f | | %.2f |"
          % (statistics.median(ls), statistics.median(rs),
             statistics.median(rs) / statistics.median(ls)))
    print("| **sum** | | %.1f | %s | | %.1f | %s | %.2f |"
          % (sum(ls), format(ln, ","), sum(rs), format(rn, ","),
             sum(rs) / sum(ls)))

sys.path.insert(0, "bench")
from korf24 import GOAL as goal24, easiest
easy = easiest(count)
if "5x5" in boards: compare("5x5, Korf and Felner's goal 0,1,...,24",
        [("#" + r[0], r[3], int(r[1])) for r in easy],
        ("default (half turn)", db55, "5x5", goal24),
        ("blank-first own", db55f, "5x5", goal24))

goal16 = ",".join(str(i) for i in range(16))
middle = "1,5,2,3,4,0,6,7,8,9,10,11,12,13,14,15"
k16 = [l.split() for l in open("bench/korf100.txt")
       if l.strip() and not l.startswith("#")]
mid = sorted(k16, key=lambda r: int(r[1]))
mid = mid[(len(mid) - count) // 2:][:count]
if "4x4" in boards: compare("4x4, Korf's starts: goal 0,1,...,15 (default) and " + middle,
        [("#" + r[0], r[2], None) for r in mid],
        ("default goal", db44, "4x4", goal16),
        ("blank on cell 5", db44m, "4x4", middle))
PY
