#!/usr/bin/env python3
"""Two builds of slidedb-query side by side on the ten easiest Korf-Felner
instances: alternating, one process of 2 threads each, states on standard
input. python3 bench/ab24.py BASE_QUERY QUERY DB"""
import sys

from korf24 import easiest, solve

a_bin, b_bin, db = sys.argv[1:4]
ta = tb = 0
same = True
print("| instance | A s | B s | B/A | states |")
print("| --- | --- | --- | --- | --- |")
for num, length, kf, state in easiest():
    sa, ja = solve(a_bin, db, state)
    sb, jb = solve(b_bin, db, state)
    same &= ja["moves"] == jb["moves"] and ja["nodes"] == jb["nodes"]
    ta += sa
    tb += sb
    print("| %s | %.2f | %.2f | %.2f | %s |" % (num, sa, sb, sb / sa, format(jb["nodes"], ",")), flush=True)
print("| **total** | **%.1f** | **%.1f** | **%.2f** | |" % (ta, tb, tb / ta))
print("same moves and states:", same)
