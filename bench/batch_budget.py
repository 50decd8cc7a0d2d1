#!/usr/bin/env python3
"""Korf's 100 POSTed as one batch to a fresh server, with and without a
budget a line (max_seconds), beside another build's server.

  python3 bench/batch_budget.py DB ROUNDS SERVE [SERVE ...]

For each round and each SERVE in turn (taking turns, so that the machine's
drift falls on all alike): a fresh SERVE on DB (port 0), then one POST of
bench/korf100.txt (Korf's blank-first goal) for each budget in BUDGETS,
the first POST the server's first. Prints a Markdown table: each build's
median wall a POST and the lines answered optimally (the fewest over the
rounds), every line checked against Korf's published length when it is
optimal.
"""
import json
import os
import statistics
import sys
import time
import urllib.request

import serving

HERE = os.path.dirname(os.path.abspath(__file__))
GOAL = ",".join(str(t) for t in range(16))
BUDGETS = ["", "0.05", "0.2"]  # "": none


def korf():
    states, lengths = [], []
    with open(os.path.join(HERE, "korf100.txt")) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            _, length, state = line.split()
            states.append(state)
            lengths.append(int(length))
    return states, lengths


def post(base, body, budget):
    url = f"{base}/api/solve?board=4x4&goal={GOAL}"
    if budget:
        url += "&max_seconds=" + budget
    req = urllib.request.Request(url, data=body.encode(),
                                 headers={"Content-Type": "text/plain"})
    t = time.monotonic()
    with urllib.request.urlopen(req, timeout=600) as r:
        text = r.read().decode()
    return time.monotonic() - t, [json.loads(x) for x in text.splitlines()]


def one_server(serve, db, body, lengths):
    with serving.Server(serve, db) as base:
        out = {}
        for budget in BUDGETS:
            wall, answers = post(base, body, budget)
            optimal = 0
            for a, n in zip(answers, lengths):
                if a.get("optimal"):
                    assert a["distance"] == n, (a, n)
                    optimal += 1
            out[budget] = (wall, optimal)
        return out


def main():
    db, rounds, serves = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    states, lengths = korf()
    body = "\n".join(states) + "\n"
    runs = {s: [] for s in serves}
    for _ in range(rounds):
        for s in serves:
            runs[s].append(one_server(s, db, body, lengths))
    print("| build | max_seconds | wall a POST, median (s) | optimal lines "
          "(fewest) |")
    print("| --- | --- | --- | --- |")
    for s in serves:
        for budget in BUDGETS:
            walls = [r[budget][0] for r in runs[s]]
            optimal = min(r[budget][1] for r in runs[s])
            print(f"| {s} | {budget or 'none'} | "
                  f"{statistics.median(walls):.3f} | {optimal} of "
                  f"{len(states)} |")


if __name__ == "__main__":
    main()
