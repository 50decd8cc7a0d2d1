"""Korf and Felner's 50 instances of the 24-puzzle (bench/korf24.txt), as
the benchmark suites read them: the rows, the easiest by published node
count, a replay that checks a path, one answer from slidedb-query, and the
peer's (clausecker/24puzzle's) command lines and answers."""
import json
import os
import re
import subprocess
import time

# Their goal: the blank first, then the tiles in order.
GOAL = ",".join(str(i) for i in range(25))

_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "korf24.txt")


def instances():
    """Every instance as (number, published length, published nodes, state),
    each a string, in the file's order."""
    with open(_FILE) as f:
        return [tuple(l.split()) for l in f if l.strip() and not l.startswith("#")]


def easiest(count=10):
    """The `count` instances with the fewest published nodes."""
    return sorted(instances(), key=lambda r: int(r[2]))[:count]


def legal_path(state, moves, length=None):
    """Whether the blank's moves (U, D, L, R) take `state` to GOAL, in
    `length` moves if given."""
    t = [int(x) for x in state.split(",")]
    z = t.index(0)
    step = {"U": -5, "D": 5, "L": -1, "R": 1}
    for m in moves:
        n = z + step[m]
        if n < 0 or n >= 25 or (m in "LR" and n // 5 != z // 5):
            return False
        t[z], t[n] = t[n], t[z]
        z = n
    return t == list(range(25)) and (length is None or len(moves) == length)


def solve(query, db, state, threads=2):
    """`state` answered by the slidedb-query at `query` from `db`, one
    process of `threads` threads, the state on standard input: (wall
    seconds, the JSON answer)."""
    t0 = time.perf_counter()
    r = subprocess.run([query, "--db", db, "--board", "5x5", "--goal", GOAL,
                        "--threads", str(threads), "--format", "json"],
                       input=state + "\n", capture_output=True, text=True,
                       check=True)
    return time.perf_counter() - t0, json.loads(r.stdout)


def peer_args(peer_dir, peer_pdbs, fsm=None):
    """What the peer's cmd/pdbsearch and cmd/parsearch take after their own
    options: its databases, its move automaton (-m) if given, and the
    small-compound catalogue (parsearch then takes the instances' file)."""
    return (["-d", peer_pdbs] + (["-m", fsm] if fsm else []) +
            [peer_dir + "/catalogues/small-compound.cat"])


def peer_pdbsearch(peer_dir, args, states):
    """The peer's cmd/pdbsearch (one thread) on `states` in one process:
    (its wall seconds, and for each state the seconds it reports spending
    on it and its path's length)."""
    t0 = time.perf_counter()
    p = subprocess.run([peer_dir + "/cmd/pdbsearch"] + args,
                       input="".join(s + "\n" for s in states),
                       capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    out = p.stdout + p.stderr
    spent = re.findall(r"Spent ([0-9.]+) seconds in total", out)
    sols = re.findall(r"Solution found: ([0-9,]+)", out)
    return wall, [(float(t), len(sol.split(","))) for t, sol in zip(spent, sols)]
