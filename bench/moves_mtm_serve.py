#!/usr/bin/env python3
"""Multi-tile Moves on the 15-puzzle as the page asks for it (issue 34).

  python3 bench/moves_mtm_serve.py SERVE DB [N] [SERVE_ARGS...]

Starts a fresh slidedb-serve on DB (port 0, --work-timeout 120, then
SERVE_ARGS, e.g. --work-threads 1), then for N (default 8) random solvable
4x4 positions (seed 7) asks /api/moves?metric=mtm (the page's Moves and
Hint) and /api/solve?metric=mtm, and prints each position's distance and
the two wall times. The first request is the fresh server's first.
"""
import json
import random
import sys
import time
import urllib.request

import serving


def solvable(p):
    inversions = sum(1 for i in range(16) for j in range(i + 1, 16)
                     if p[i] and p[j] and p[i] > p[j])
    return (inversions + 3 - p.index(0) // 4) % 2 == 0


def positions(n, seed):
    """n random solvable 4x4 positions, comma-separated, from `seed`."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        p = list(range(16))
        rng.shuffle(p)
        if solvable(p):
            out.append(",".join(map(str, p)))
    return out


def main():
    serve, db = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    states = positions(n, seed=7)
    with serving.Server(serve, db, "--work-timeout", "120", *sys.argv[4:],
                        stderr=None) as url:

        def get(path):
            t = time.time()
            with urllib.request.urlopen(url + path, timeout=300) as r:
                body = r.read()
            return time.time() - t, json.loads(body)

        for s in states:
            tm, m = get("/api/moves?board=4x4&metric=mtm&start=" + s)
            ts, _ = get("/api/solve?board=4x4&metric=mtm&start=" + s)
            print(f"{s:40s} distance {m['distance']:3d}  moves {tm:6.2f} s"
                  f"  solve {ts:6.2f} s", flush=True)


if __name__ == "__main__":
    main()
