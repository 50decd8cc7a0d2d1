#!/usr/bin/env bash
# The 24-puzzle (issue 22's floors), side by side with clausecker/24puzzle in
# one run:
#
#   scripts/bench.sh 24 [PEER_DIR PEER_PDB_DIR]
#
#   - the ten easiest of Korf and Felner's 50 instances (bench/korf24.txt, by
#     their published node counts), each one `slidedb-query --board 5x5
#     --goal 0,1,...,24 STATE` process on every core (pattern databases read
#     on demand): wall time, states generated, and the path checked move by
#     move against the published optimal length;
#   - the same ten through the peer's `cmd/pdbsearch` (its IDA* runs on one
#     thread) with its "small compound" catalogue, one process fed all ten:
#     the time it reports for each, and its load time;
#   - 100 uniformly random 5x5 positions (seed 1) with --max-seconds 1, one
#     process each: wall time, whether each path is legal and reaches the
#     goal, and the mean ratio of its length to the proven lower bound.
#
# PEER_DIR is a build of clausecker/24puzzle (cmd/pdbsearch), PEER_PDB_DIR
# the directory of its generated small-compound PDBs (pdbsearch -d makes
# them; about 10 min and 2.4 GB). Without them only slidedb runs. On glibc
# the peer needs bench/peers/24puzzle_align_malloc.c linked in:
#   gcc -O2 -c bench/peers/24puzzle_align_malloc.c -o /tmp/align_malloc.o
#   make -C PEER_DIR -j2 CC=gcc cmd/pdbsearch \
#     LDFLAGS="-Wl,--wrap=malloc -Wl,--wrap=calloc /tmp/align_malloc.o"
# Environment: DB24 (default /tmp/slidedb-bench24; built if missing, about
# 3 min), OUT (default /tmp/slidedb-bench24-out), PEER_FSM (the peer's
# move-pruning automaton, given to pdbsearch as -m PEER_FSM; made by its
# cmd/genloops and cmd/compilefsm; without it the peer prunes only the
# undo of the last move).
set -euo pipefail
cd "$(dirname "$0")/../.."
PEER_DIR=${1:-}
PEER_PDBS=${2:-}
DB24=${DB24:-/tmp/slidedb-bench24}
OUT=${OUT:-/tmp/slidedb-bench24-out}
B=${SLIDEDB_BENCH_BUILD_DIR:-build}
mkdir -p "$OUT"
for tool in python3 /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench.sh 24: needs $tool" >&2; exit 1; }
done
[[ -x $B/slidedb-query ]] || ./scripts/build.sh >/dev/null

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GB"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
if ! "$B/slidedb-query" --db "$DB24" --board 5x5 --tables 2>/dev/null | grep -q 5x5; then
  /usr/bin/time -f "%e %M" -o "$OUT/build.time" \
    "$B/slidedb-build" --db "$DB24" --board 5x5 --quiet > "$OUT/build.out"
  read -r secs kb < "$OUT/build.time"
  echo "build: ${secs} s wall on $(nproc) threads, peak RSS $((kb / 1024)) MiB"
  grep -E 'wrote' "$OUT/build.out"
fi
echo "database on disk: $(du -sm "$DB24" | cut -f1) MiB ($DB24)"

python3 - "$B" "$DB24" "$OUT" "$PEER_DIR" "$PEER_PDBS" <<'PY'
import json, os, random, subprocess, sys, time
b, db, out, peer_dir, peer_pdbs = sys.argv[1:6]
sys.path.insert(0, "bench")
from korf24 import GOAL as goal, easiest, legal_path as check, peer_args, peer_pdbsearch
easy = easiest()

ours = {}
for num, length, kf_nodes, state in easy:
    t0 = time.perf_counter()
    r = subprocess.run([b + "/slidedb-query", "--db", db, "--board", "5x5",
                        "--goal", goal, "--format", "json", state],
                       capture_output=True, text=True, check=True)
    secs = time.perf_counter() - t0
    a = json.loads(r.stdout)
    ok = a["optimal"] and check(state, a["moves"], int(length))
    ours[num] = (secs, a["nodes"], ok)
    print("slidedb #%s: %d moves (published %s), %s, %.2f s, %d states "
          "(published %s)" % (num, a["distance"], length,
                              "legal and optimal" if ok else "WRONG",
                              secs, a["nodes"], kf_nodes), flush=True)

peer = {}
if peer_dir:
    args = peer_args(peer_dir, peer_pdbs, os.environ.get("PEER_FSM"))
    wall, rows = peer_pdbsearch(peer_dir, args, [r[3] for r in easy])
    spent = [t for t, _ in rows]
    for (num, length, _, state), (s, moves) in zip(easy, rows):
        peer[num] = (s, moves == int(length))
        print("peer #%s: %.2f s, %s moves" % (num, s, moves), flush=True)
    print("peer process wall %.1f s (of which searching %.1f s)"
          % (wall, sum(spent)))

print()
print("| instance | published length | slidedb s (2 threads) | slidedb states |"
      " published states | peer s (1 thread) | ratio peer/slidedb |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for num, length, kf_nodes, _ in easy:
    s, n, ok = ours[num]
    ps = peer.get(num, (float("nan"), False))[0]
    print("| %s | %s | %.2f%s | %s | %s | %.2f | %.2f |"
          % (num, length, s, "" if ok else " WRONG", format(n, ","),
             format(int(kf_nodes), ","), ps, ps / s))
tot = sum(v[0] for v in ours.values())
ptot = sum(v[0] for v in peer.values()) if peer else float("nan")
print("| **total** | | **%.1f** | %s | | **%.1f** | **%.2f** |"
      % (tot, format(sum(v[1] for v in ours.values()), ","), ptot, ptot / tot))
print("all ten legal and of the published length: %s"
      % all(v[2] for v in ours.values()))

# 100 uniformly random solvable positions, --max-seconds 1.
rng = random.Random(1)
def solvable(t):
    inv = sum(1 for i in range(25) for j in range(i + 1, 25)
              if t[i] and t[j] and t[i] > t[j])
    return inv % 2 == 0  # odd width: the blank's row does not count
ratios, walls, legal, optimal = [], [], 0, 0
for i in range(100):
    while True:
        t = list(range(25)); rng.shuffle(t)
        if solvable(t): break
    state = ",".join(map(str, t))
    t0 = time.perf_counter()
    r = subprocess.run([b + "/slidedb-query", "--db", db, "--board", "5x5",
                        "--goal", goal, "--format", "json", "--max-seconds",
                        "1", state], capture_output=True, text=True, check=True)
    walls.append(time.perf_counter() - t0)
    a = json.loads(r.stdout)
    legal += check(state, a["moves"])
    optimal += a["optimal"]
    ratios.append(a["distance"] / (a["distance"] if a["optimal"]
                                   else a["lower_bound"]))
walls.sort()
print("\n100 random positions, --max-seconds 1: %d answered with a legal "
      "path to the goal, %d proven optimal; wall per answer median %.3f s, "
      "max %.3f s; mean length / lower bound %.3f (max %.3f)"
      % (legal, optimal, walls[50], walls[-1], sum(ratios) / len(ratios),
         max(ratios)))
PY
