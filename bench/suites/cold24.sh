#!/usr/bin/env bash
# The 24-puzzle's first answer from a cold page cache, this build beside
# another, in one run:
#
#   BASE_BUILD_DIR=DIR scripts/bench.sh cold24 [DB_WORDS]
#
# DB_WORDS (built when missing: `--pdb strong`, with successor words, about
# 5 minutes on two cores) answers the first COUNT (default 3) of the ten
# easiest of Korf and Felner's instances (bench/korf24.txt), each a fresh
# `slidedb-query --threads 2` with the state on the command line, REPS
# times (default 3), the builds taking turns: each run once with the
# database's files dropped from the page cache just before (cold: the
# first question on a machine that has not read them lately; this one
# reclaims file pages idle for a minute) and once with them read in
# (warm). Medians of wall time per instance, build and cache; every answer
# checked legal and of the published length. Without BASE_BUILD_DIR only
# this build (SLIDEDB_BENCH_BUILD_DIR, default build/) runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
WORDS=${1:-/tmp/slidedb-bench24-words}
[[ -x $B/slidedb-query ]] || ./scripts/build.sh >/dev/null
. bench/suites/lib.sh  # print_machine, ensure_5x5_db
print_machine
ensure_5x5_db "$B" "$WORDS" --pdb strong
COUNT=${COUNT:-3} REPS=${REPS:-3} python3 - "$WORDS" "$B" ${BASE_BUILD_DIR:+"$BASE_BUILD_DIR"} <<'PY'
import json, os, statistics, subprocess, sys, time
sys.path.insert(0, "bench")
from korf24 import GOAL, easiest, legal_path
import pagecache
db, builds = sys.argv[1], sys.argv[2:]
files = pagecache.files(db)
easy = easiest(10)[:int(os.environ["COUNT"])]
reps = int(os.environ["REPS"])
names = ["this build"] + (["base"] if len(builds) > 1 else [])
wall = {}  # (instance, build, cache) -> [s]
held, right = [], True
for num, length, _, state in easy:
    for _ in range(reps):
        for name, b in zip(names, builds):
            for cache in ("cold", "warm"):
                held.append(pagecache.prepare(files, cache))
                t0 = time.perf_counter()
                r = subprocess.run(
                    [b + "/slidedb-query", "--db", db, "--board", "5x5",
                     "--goal", GOAL, "--threads", "2", "--format", "json",
                     state], capture_output=True, text=True, check=True)
                wall.setdefault((num, name, cache), []).append(
                    time.perf_counter() - t0)
                a = json.loads(r.stdout)
                right &= a["optimal"] and legal_path(state, a["moves"],
                                                     int(length))
print("| instance | published length | " + " | ".join(
    "%s %s s" % (n, c) for n in names for c in ("cold", "warm")) +
      (" | cold base / this build" if len(names) > 1 else "") + " |")
print("|" + " --- |" * (2 + 2 * len(names) + (len(names) > 1)))
for num, length, _, _ in easy:
    med = {(n, c): statistics.median(wall[(num, n, c)])
           for n in names for c in ("cold", "warm")}
    cells = ["%.2f (%s)" % (med[(n, c)], " ".join(
        "%.2f" % s for s in wall[(num, n, c)]))
             for n in names for c in ("cold", "warm")]
    if len(names) > 1:
        cells.append("%.2f" % (med[("base", "cold")] /
                               med[("this build", "cold")]))
    print("| %s | %s | %s |" % (num, length, " | ".join(cells)), flush=True)
print("every answer optimal and of the published length: %s" % right)
print("database files resident as the runs started: cold %.1f%% at most, "
      "warm %.1f%% at least" % (100 * max(held[0::2]), 100 * min(held[1::2])))
PY
