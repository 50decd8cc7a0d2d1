#!/usr/bin/env bash
# Korf's 100 15-puzzle instances (bench/korf100.txt): slidedb's pattern
# databases + IDA* against an open-source optimal solver, side by side.
#
#   scripts/bench.sh 15 [PEER_BINARY]      (or PEER=... scripts/bench.sh 15)
#
# PEER_BINARY is MichaelKim/15puzzle's `puzzle`, built by you from its source
# (nothing of it is part of slidedb); it runs in its own directory, which
# must hold its databases/$PEER_DB (default 78-reg; 663-reg for 6-6-3),
# and solves the goal with the blank last,
# so each instance is handed to it turned by 180 degrees with tile t renamed
# 16-t (the same puzzle, the same optimal length). Without a peer only
# slidedb runs.
#
# Environment: DB (default /tmp/slidedb-bench15; built if it has no 4x4
# pattern databases), PDB (partition to build, default slidedb's own),
# OUT (default /tmp/slidedb-bench15-out).
# Needs: python3, /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/../.."
PEER=${1:-${PEER:-}}
PEER_DB=${PEER_DB:-78-reg}
DB=${DB:-/tmp/slidedb-bench15}
OUT=${OUT:-/tmp/slidedb-bench15-out}
GOAL=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
mkdir -p "$OUT"
for tool in python3 /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench.sh 15: needs $tool" >&2; exit 1; }
done
[[ -x build/slidedb-query ]] || ./scripts/build.sh >/dev/null
grep -v '^#' bench/korf100.txt | awk '{print $3}' > "$OUT/states.txt"

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

if ! build/slidedb-query --db "$DB" --board 4x4 --histogram >/dev/null 2>&1; then
  /usr/bin/time -f "%e %M" -o "$OUT/build.time" \
    build/slidedb-build --db "$DB" --board 4x4 ${PDB:+--pdb "$PDB"} --threads 2 \
    > "$OUT/build.out" 2> "$OUT/build.err"
  read -r secs kb < "$OUT/build.time"
  echo "build: ${secs} s wall, peak RSS $((kb / 1024)) MiB"
  grep -E 'pattern database of|wrote' "$OUT/build.out"
fi
echo "database on disk: $(du -sm "$DB" | cut -f1) MiB ($DB)"
build/slidedb-query --db "$DB" --board 4x4 --histogram | head -1

# slidedb, one thread: one instance at a time through a pipe, timed from
# writing the line to reading its answer (the databases are loaded first).
python3 - "$OUT" "$DB" "$GOAL" <<'EOF'
import json, subprocess, sys, time
out, db, goal = sys.argv[1:4]
states = open(out + "/states.txt").read().split()
known = [int(l.split()[1]) for l in open("bench/korf100.txt")
         if l.strip() and not l.startswith("#")]
p = subprocess.Popen(["build/slidedb-query", "--db", db, "--board", "4x4",
                      "--goal", goal, "--format", "json"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                     bufsize=1)
# Warm-up: loads the pattern databases.
t = time.perf_counter()
p.stdin.write("1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n"); p.stdin.flush()
p.stdout.readline()
load = time.perf_counter() - t
rows = []
for i, s in enumerate(states):
    t = time.perf_counter()
    p.stdin.write(s + "\n"); p.stdin.flush()
    a = json.loads(p.stdout.readline())
    rows.append((i + 1, a["distance"], a["nodes"], time.perf_counter() - t))
    assert a["distance"] == known[i], (i + 1, a["distance"], known[i])
p.stdin.close(); p.wait()
with open(out + "/slidedb.tsv", "w") as f:
    for r in rows: f.write("%d\t%d\t%d\t%.6f\n" % r)
total = sum(r[1] for r in rows)
secs = sorted(r[3] for r in rows)
print("slidedb, 1 thread: lengths sum %d (all optimal: %s); first answer "
      "(loading the databases) %.2f s; per instance mean %.2f ms, median "
      "%.2f ms, max %.2f ms; mean nodes %.0f"
      % (total, total == sum(known), load, 1000 * sum(secs) / len(secs),
         1000 * secs[len(secs) // 2], 1000 * secs[-1],
         sum(r[2] for r in rows) / len(rows)))
EOF

# The whole set as one batch, 1 and 2 threads, peak memory.
for threads in 1 2; do
  /usr/bin/time -f "%e %M" -o "$OUT/batch$threads.time" \
    build/slidedb-query --db "$DB" --board 4x4 --goal "$GOAL" --format json \
    --threads "$threads" < "$OUT/states.txt" > "$OUT/batch$threads.json"
  read -r secs kb < "$OUT/batch$threads.time"
  sum=$(python3 -c 'import json,sys; print(sum(json.loads(l)["distance"] for l in open(sys.argv[1])))' "$OUT/batch$threads.json")
  echo "slidedb batch of 100, --threads $threads: ${secs} s wall (databases loaded included), lengths sum $sum, peak RSS $((kb / 1024)) MiB"
done

if [[ -n "$PEER" ]]; then
  peer_dir=$(cd "$(dirname "$PEER")/.." && pwd)
  python3 - "$OUT" <<'EOF'
import sys
out = sys.argv[1]
boards = []
for s in open(out + "/states.txt").read().split():
    t = [int(x) for x in s.split(",")]
    boards.append(" ".join(str(0 if t[15 - c] == 0 else 16 - t[15 - c])
                           for c in range(16)))
open(out + "/peer_boards.txt", "w").write("4 4 %d\n%s\n" % (len(boards), "\n".join(boards)))
EOF
  (cd "$peer_dir" && /usr/bin/time -f "%e %M" -o "$OUT/peer.time" \
     "$PEER" -d "databases/$PEER_DB" -b "$OUT/peer_boards.txt" > "$OUT/peer.out")
  read -r secs kb < "$OUT/peer.time"
  echo "peer database: $PEER_DB"
  python3 - "$OUT" "$secs" "$kb" <<'EOF'
import re, sys
out, wall, kb = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
text = open(out + "/peer.out").read()
# Per board: "Nodes expanded: N", "Time elapsed: S" (seconds), "Solution: L moves".
parts = text.split("Running single threaded")[1:]
peer = []
for part in parts:
    nodes = int(re.search(r"Nodes expanded: (\d+)", part).group(1))
    secs = float(re.search(r"Time elapsed: ([\d.e+-]+)", part).group(1))
    length = int(re.search(r"Solution: (\d+) moves", part).group(1))
    peer.append((length, nodes, secs))
ours = [l.split("\t") for l in open(out + "/slidedb.tsv")]
print("%4s %4s %12s %10s %12s %10s %7s" % ("#", "len", "slidedb nodes", "ms",
                                            "peer nodes", "ms", "ratio"))
ratios = []
for (i, d, n, s), (pl, pn, ps) in zip(ours, peer):
    assert int(d) == pl, (i, d, pl)
    ratios.append(ps / float(s))
    print("%4s %4s %12s %10.2f %12d %10.2f %7.1f" % (i, d, n, 1000 * float(s),
                                                     pn, 1000 * ps, ps / float(s)))
ours_ms = sum(float(r[3]) for r in ours) * 10
peer_ms = sum(p[2] for p in peer) * 10
ratios.sort()
print("peer: lengths sum %d; per instance "
      "mean %.2f ms, mean nodes %.0f; whole run %.1f s wall, peak RSS %d MiB"
      % (sum(p[0] for p in peer), peer_ms, sum(p[1] for p in peer) / len(peer),
         wall, kb // 1024))
print("slidedb mean %.2f ms vs peer %.2f ms: slidedb %.1fx faster on the "
      "mean; per-instance ratio median %.1fx (min %.1fx, max %.1fx)"
      % (ours_ms, peer_ms, peer_ms / ours_ms, ratios[len(ratios) // 2],
         ratios[0], ratios[-1]))
EOF
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
