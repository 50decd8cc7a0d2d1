#!/usr/bin/env python3
"""/api/moves on two warm servers side by side (bench/suites/moves.sh).

  python3 bench/moves_serve.py OLD_SERVE NEW_SERVE DB [PASSES [EXTRA]]

Starts each slidedb-serve on DB (port 0), asks both for the moves of
Korf's 100 towards 0,1,...,15 once to warm them, then PASSES (default 5)
times each, alternating; the answers must agree byte for byte. EXTRA is
added to NEW_SERVE's requests (`&max_seconds=60`: the same server with a
budget beside it without). Prints a
pass's wall seconds and the server's CPU seconds (user + system), which a
busy machine moves less.
"""
import contextlib
import os
import statistics
import sys
import time
import urllib.request

import serving

old_bin, new_bin, db = sys.argv[1:4]
passes = int(sys.argv[4]) if len(sys.argv) > 4 else 5
extra = {"old": "", "new": sys.argv[5] if len(sys.argv) > 5 else ""}
states = [l.split()[2] for l in open("bench/korf100.txt")
          if l.strip() and not l.startswith("#")]
goal = ",".join(map(str, range(16)))


def cpu(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_pass(url, more):
    answers = []
    for s in states:
        q = f"{url}/api/moves?board=4x4&goal={goal}&start={s}{more}"
        with urllib.request.urlopen(q, timeout=600) as r:
            answers.append(r.read())
    return answers


wall = {"old": [], "new": []}
used = {"old": [], "new": []}
answers = {}
with contextlib.ExitStack() as stack:
    servers = {}
    for n, binary in (("old", old_bin), ("new", new_bin)):
        server = serving.Server(binary, db)
        base = stack.enter_context(server)
        servers[n] = (server.proc, base)
    for n, (p, url) in servers.items():
        one_pass(url, extra[n])
    for _ in range(passes):
        for n, (p, url) in servers.items():
            c0, t0 = cpu(p.pid), time.perf_counter()
            answers[n] = one_pass(url, extra[n])
            wall[n].append(time.perf_counter() - t0)
            used[n].append(cpu(p.pid) - c0)
if answers["old"] != answers["new"]:
    sys.exit("moves_serve.py: the servers answer differently")
for n in servers:
    print(f"| /api/moves{extra[n]}, Korf's 100, warm server, {n}: wall / "
          f"server CPU "
          f"per pass, median of {passes}, s | "
          f"{statistics.median(wall[n]):.2f} / "
          f"{statistics.median(used[n]):.2f} |")
