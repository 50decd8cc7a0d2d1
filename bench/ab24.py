#!/usr/bin/env python3
"""Two builds of slidedb-query side by side on the ten easiest Korf-Felner
instances: alternating, one process of 2 threads each, states on standard
input; each one's time and states, and whether every path is legal and
of the published length. python3 bench/ab24.py BASE_QUERY QUERY DB"""
import sys

from korf24 import easiest, legal_path, solve

a_bin, b_bin, db = sys.argv[1:4]
ta = tb = 0
same = legal = True
print("| instance | A s | A states | B s | B states | B/A time |")
print("| --- | --- | --- | --- | --- | --- |")
for num, length, kf, state in easiest():
    sa, ja = solve(a_bin, db, state)
    sb, jb = solve(b_bin, db, state)
    same &= ja["moves"] == jb["moves"] and ja["nodes"] == jb["nodes"]
    legal &= all(legal_path(state, j["moves"], int(length)) for j in (ja, jb))
    ta += sa
    tb += sb
    print("| %s | %.2f | %s | %.2f | %s | %.2f |" % (
        num, sa, format(ja["nodes"], ","), sb, format(jb["nodes"], ","),
        sb / sa), flush=True)
print("| **total** | **%.1f** | | **%.1f** | | **%.2f** |" % (ta, tb, tb / ta))
print("same moves and states:", same)
print("every path legal and of the published length:", legal)
