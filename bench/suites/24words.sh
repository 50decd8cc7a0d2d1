#!/usr/bin/env bash
# Successor words (slidedb-build --pdb strong; docs/FORMAT.md) beside the
# same databases without them (--no-words), and beside clausecker/24puzzle,
# in one run:
#
#   scripts/bench.sh 24words [DB_WORDS DB_NO_WORDS [PEER_DIR PEER_PDB_DIR]]
#
# Builds each database that is missing (`--pdb strong`, and the same with
# `--no-words`; about 5 and 6 minutes on two cores), then answers the ten
# easiest of Korf and Felner's instances (bench/korf24.txt), each a fresh
# `slidedb-query --threads 2` process, on both roads a user takes:
#   - stdin: the state on standard input (a batch's road: the entries
#     read whole first without words, a page at a time with them);
#   - argv: the state on the command line (a one-shot question: entries
#     read a page at a time as the search asks for them);
# the words' files are mapped on both. The four runs of an instance go in
# the order of the table's columns, and in the reverse order for every
# other instance. With PEER_DIR and PEER_PDB_DIR (as
# bench/suites/24.sh says), the peer's `cmd/pdbsearch` (one thread) takes
# each instance right after ours, a fresh process an instance (the time
# it reports for the instance), so that a slower or faster hour of the
# machine falls on both; `cmd/parsearch -j 2` (both cores: its wall) takes
# the ten at the end. Per instance: wall time, peak RSS, states generated,
# and whether every answer is optimal and of the published length.
#
# Each timed run starts from the page cache in the state CACHE says
# (bench/pagecache.py): warm (default: the run's database files read
# once just before), cold (dropped just before: the first question on a
# machine that has not read them lately) or asis. The table gives the
# share of the files resident as each run started.
#
# Environment: FIRST=11 takes the next ten by published node count
# (default 1); PEER_FSM gives the peer its move-pruning automaton (-m, as
# in 24.sh); ROADS=stdin or ROADS=argv runs one road only; CACHE as above;
# COUNT=N runs only the first N of the ten (a quick check of the suite).
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
WORDS=${1:-/tmp/slidedb-bench24-words}
NO_WORDS=${2:-/tmp/slidedb-bench24-strong}
PEER_DIR=${3:-}
PEER_PDBS=${4:-}
[[ -x $B/slidedb-query ]] || ./scripts/build.sh >/dev/null
. bench/suites/lib.sh  # print_machine, ensure_5x5_db
print_machine
ensure_5x5_db "$B" "$WORDS" --pdb strong
ensure_5x5_db "$B" "$NO_WORDS" --pdb strong --no-words
FIRST=${FIRST:-1} ROADS=${ROADS:-stdin argv} CACHE=${CACHE:-warm} COUNT=${COUNT:-10} python3 - "$B" "$WORDS" "$NO_WORDS" "$PEER_DIR" "$PEER_PDBS" <<'PY'
import json, os, subprocess, sys, time
sys.path.insert(0, "bench")
from korf24 import GOAL, easiest, legal_path, peer_args, peer_pdbsearch
import pagecache
b, words, no_words, peer_dir, peer_pdbs = sys.argv[1:6]
first = int(os.environ["FIRST"])
roads = os.environ["ROADS"].split()
cache = {"asis": "as is"}.get(os.environ["CACHE"], os.environ["CACHE"])
easy = easiest(first + 9)[first - 1:][:int(os.environ["COUNT"])]
fsm = os.environ.get("PEER_FSM")
peer_files = (pagecache.files(peer_pdbs) + ([fsm] if fsm else [])
              if peer_dir else [])
args = peer_args(peer_dir, peer_pdbs, fsm)
print("instances ranked %d-%d by published node count; roads: %s; page "
      "cache before each run: %s" % (first, first + len(easy) - 1,
                                     ", ".join(roads), cache))


def answer(db, road, state):
    """One fresh process: (wall s, peak RSS MiB, the JSON answer)."""
    cmd = ["/usr/bin/time", "-f", "%M", b + "/slidedb-query", "--db", db,
           "--board", "5x5", "--goal", GOAL, "--threads", "2", "--format",
           "json"] + ([state] if road == "argv" else [])
    t0 = time.perf_counter()
    r = subprocess.run(cmd, input=state + "\n" if road == "stdin" else "",
                       capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    rss = int(r.stderr.strip().splitlines()[-1]) / 1024
    return wall, rss, json.loads(r.stdout)


runs = [(road, name, db) for road in roads
        for name, db in (("no words", no_words), ("words", words))]
tot = {(road, name): [0.0, 0, 0.0] for road, name, _ in runs}
peer_tot, peer_right, held = 0.0, 0, []
agree = True
print("| instance | published length | " + " | ".join(
    "%s %s s | states | RSS MiB" % (name, road) for road, name, _ in runs) +
      (" | peer s" if peer_dir else "") + " | " +
      " | ".join("words/no words %s" % r for r in roads) + " |")
print("|" + " --- |" * (2 + 3 * len(runs) + len(roads) + bool(peer_dir)))
for at, (num, length, kf, state) in enumerate(easy):
    cells, secs = {}, {}
    # Every other instance in the reverse order: the first run after the
    # peer's is about 0.5 s slower on #38 (BENCHMARKS.md, the twenty-fourth
    # session), and so falls on each road and each database in turn.
    for road, name, db in runs if at % 2 == 0 else runs[::-1]:
        held.append(pagecache.prepare(pagecache.files(db), cache))
        s, rss, a = answer(db, road, state)
        ok = a["optimal"] and legal_path(state, a["moves"], int(length))
        agree &= ok
        t = tot[(road, name)]
        t[0] += s
        t[1] += a["nodes"]
        t[2] = max(t[2], rss)
        secs[(road, name)] = s
        cells[(road, name)] = "%.2f%s | %s | %.0f" % (
            s, "" if ok else " WRONG", format(a["nodes"], ","), rss)
    cells = [cells[(road, name)] for road, name, _ in runs]
    if peer_dir:
        held.append(pagecache.prepare(peer_files, cache))
        _, [(s, moves)] = peer_pdbsearch(peer_dir, args, [state])
        right = moves == int(length)
        peer_tot += s
        peer_right += right
        cells.append("%.2f%s" % (s, "" if right else " WRONG"))
    ratios = ["%.2f" % (secs[(r, "words")] / secs[(r, "no words")])
              for r in roads]
    print("| %s | %s | %s | %s |" % (num, length, " | ".join(cells),
                                     " | ".join(ratios)), flush=True)
print("| **total** | | %s%s | %s |" % (
    " | ".join("**%.1f** | %s | %.0f (max)" % (t[0], format(t[1], ","), t[2])
               for t in (tot[(r, n)] for r, n, _ in runs)),
    " | **%.1f**" % peer_tot if peer_dir else "",
    " | ".join("**%.2f**" % (tot[(r, "words")][0] / tot[(r, "no words")][0])
               for r in roads)))
print("every answer optimal and of the published length: %s" % agree)
print("files resident as the runs started: %.1f%% to %.1f%%"
      % (100 * min(held), 100 * max(held)))
if not peer_dir:
    sys.exit(0)
print("peer pdbsearch, one thread: %.1f s searching, %d of %d of the "
      "published length" % (peer_tot, peer_right, len(easy)))
with open("/tmp/slidedb-bench24words-in.txt", "w") as f:
    f.write("".join(r[3] + "\n" for r in easy))
pagecache.prepare(peer_files, cache)
t0 = time.perf_counter()
subprocess.run([peer_dir + "/cmd/parsearch", "-j", "2"] + args +
               ["/tmp/slidedb-bench24words-in.txt"],
               capture_output=True, text=True, check=True)
par = time.perf_counter() - t0
print("peer parsearch -j 2: %.1f s wall" % par)
for road in roads:
    for name in ("no words", "words"):
        s = tot[(road, name)][0]
        print("%s, %s: %.1f s; peer one thread / it: %.2f (1/%.2f); "
              "peer parsearch -j 2 / it: %.2f" % (
                  name, road, s, peer_tot / s, peer_tot / s, par / s))
PY
