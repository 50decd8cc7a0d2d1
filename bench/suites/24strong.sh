#!/usr/bin/env bash
# The 24-puzzle's pattern databases by blank region (slidedb-build --pdb
# strong) beside the default 6-6-6-6 by placement:
#
#   scripts/bench.sh 24strong [DB_DEFAULT DB_STRONG [PEER_DIR PEER_PDB_DIR]]
#
# Builds each database that is missing (about 3 and 6 minutes on two
# cores), then answers the ten easiest of Korf and Felner's instances
# (bench/korf24.txt) on both, one process of 2 threads each, the two
# databases alternating instance by instance, states read from standard
# input (databases read whole): wall time, states generated, and whether
# every answer is optimal and of the published length. With PEER_DIR and
# PEER_PDB_DIR (as bench/suites/24.sh says), then clausecker/24puzzle's
# `cmd/parsearch -j 2` on the same ten (its instances side by side on both
# cores, small-compound catalogue): its wall, beside each database's total,
# and the moment each of its answers came.
#
# Environment: FIRST=11 takes the next ten by published node count
# (ranks 11-20; default 1), ONLY=strong or ONLY=plain answers on one
# database alone (the next ten take about half an hour on each), PEER_FSM
# gives the peer its move-pruning automaton (-m PEER_FSM, as in 24.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
PLAIN=${1:-/tmp/slidedb-bench24}
STRONG=${2:-/tmp/slidedb-bench24-strong}
PEER_DIR=${3:-}
PEER_PDBS=${4:-}
[[ -x $B/slidedb-query ]] || ./scripts/build.sh >/dev/null
. bench/suites/lib.sh  # print_machine, ensure_5x5_db
print_machine
ensure_5x5_db "$B" "$PLAIN"
ensure_5x5_db "$B" "$STRONG" --pdb strong
FIRST=${FIRST:-1} ONLY=${ONLY:-} python3 - "$B" "$PLAIN" "$STRONG" "$PEER_DIR" "$PEER_PDBS" <<'PY'
import os, subprocess, sys, tempfile, time
sys.path.insert(0, "bench")
from korf24 import easiest, peer_args, solve
b, plain, strong, peer_dir, peer_pdbs = sys.argv[1:6]
query = b + "/slidedb-query"
first = int(os.environ["FIRST"])
only = os.environ["ONLY"]
if only not in ("", "plain", "strong"):
    sys.exit("bench.sh 24strong: ONLY is plain or strong, not %r" % only)
easy = easiest(first + 9)[first - 1:]
print("instances ranked %d-%d by published node count" % (first, first + 9))


def run(db, which, state):
    """`state` on `db`, or (0 s, no states) when ONLY leaves it out."""
    if only and only != which:
        return 0.0, {"distance": None, "nodes": 0, "optimal": True}
    return solve(query, db, state)


print("| instance | published length | published states (K&F) |"
      " 6-6-6-6 s | 6-6-6-6 states | strong s | strong states |"
      " states strong/6-6-6-6 | time strong/6-6-6-6 |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
tot = [0.0, 0, 0.0, 0]
agree = True


def ratio(a, b, digits=2):
    return "%.*f" % (digits, a / b) if a and b else "-"


for num, length, kf, state in easy:
    ps, pa = run(plain, "plain", state)
    ss, sa = run(strong, "strong", state)
    agree &= all(a["distance"] in (None, int(length)) and a["optimal"]
                 for a in (pa, sa))
    tot = [tot[0] + ps, tot[1] + pa["nodes"], tot[2] + ss, tot[3] + sa["nodes"]]
    print("| %s | %s | %s | %.2f | %s | %.2f | %s | %s | %s |" % (
        num, length, format(int(kf), ","), ps, format(pa["nodes"], ","), ss,
        format(sa["nodes"], ","), ratio(sa["nodes"], pa["nodes"]),
        ratio(ss, ps)), flush=True)
print("| **total** | | | **%.1f** | %s | **%.1f** | %s | **%s** | **%s** |" % (
    tot[0], format(tot[1], ","), tot[2], format(tot[3], ","),
    ratio(tot[3], tot[1]), ratio(tot[2], tot[0])))
print("every answer optimal and of the published length: %s" % agree)
if peer_dir:
    # A line a puzzle as each is done: the puzzle as given, the path's
    # length, the nodes expanded, the path.
    published = {r[3]: (r[0], int(r[1])) for r in easy}
    answers = []
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write("".join(r[3] + "\n" for r in easy))
        f.flush()
        t0 = time.perf_counter()
        args = peer_args(peer_dir, peer_pdbs, os.environ.get("PEER_FSM"))
        with subprocess.Popen([peer_dir + "/cmd/parsearch", "-j", "2"] + args +
                              [f.name], stdout=subprocess.PIPE,
                              text=True) as p:
            for line in p.stdout:
                a = line.split()
                if not a:
                    continue
                answers.append(a)
                num, length = published.get(a[0], ("?", None))
                print("peer: #%s done at %.1f s, length %s (published %s), "
                      "%s nodes expanded" % (num, time.perf_counter() - t0,
                                             a[1], length,
                                             format(int(a[2]), ",")),
                      flush=True)
        if p.returncode != 0:
            sys.exit("bench.sh 24strong: parsearch exited %d" % p.returncode)
        wall = time.perf_counter() - t0
    right = sum(1 for a in answers
                if published.get(a[0], (None, None))[1] == int(a[1]))
    print("peer parsearch -j 2 on the same ten: %.1f s wall, %d of 10 of "
          "the published length, %s nodes expanded; 6-6-6-6 %.1f s (1/%s), "
          "strong %.1f s (1/%s)"
          % (wall, right, format(sum(int(a[2]) for a in answers), ","),
             tot[0], ratio(wall, tot[0]), tot[2], ratio(wall, tot[2])))
PY
