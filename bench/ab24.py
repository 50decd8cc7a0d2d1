#!/usr/bin/env python3
"""Two builds of slidedb-query side by side on the ten easiest Korf-Felner
instances: alternating, one process of 2 threads each, states on standard
input. python3 bench/ab24.py BASE_QUERY QUERY DB (run from the tree)."""
import json, subprocess, sys, time
a_bin, b_bin, db = sys.argv[1:4]
goal = ",".join(str(i) for i in range(25))
rows = [l.split() for l in open("bench/korf24.txt")
        if l.strip() and not l.startswith("#")]
easy = sorted(rows, key=lambda r: int(r[2]))[:10]
def solve(b, state):
    t0 = time.perf_counter()
    r = subprocess.run([b, "--db", db, "--board", "5x5", "--goal", goal,
                        "--threads", "2", "--format", "json"],
                       input=state + "\n", capture_output=True, text=True,
                       check=True)
    return time.perf_counter() - t0, json.loads(r.stdout)
ta = tb = 0
same = True
print("| instance | A s | B s | B/A | states |")
print("| --- | --- | --- | --- | --- |")
for num, length, kf, state in easy:
    sa, ja = solve(a_bin, state)
    sb, jb = solve(b_bin, state)
    same &= ja["moves"] == jb["moves"] and ja["nodes"] == jb["nodes"]
    ta += sa; tb += sb
    print("| %s | %.2f | %.2f | %.2f | %s |" % (num, sa, sb, sb / sa, format(jb["nodes"], ",")), flush=True)
print("| **total** | **%.1f** | **%.1f** | **%.2f** | |" % (ta, tb, tb / ta))
print("same moves and states:", same)
