#!/usr/bin/env python3
"""Multi-tile 15-puzzle answers from slidedb-query, builds side by side.

  python3 bench/mtm_cli.py DB N ROUNDS QUERY [QUERY...]

For N random solvable 4x4 positions (seed 11), each QUERY binary answers
--metric mtm twice a round, the binaries taking turns: each position
named alone in a process of its own (the road of a person asking one
question), and all N as one batch on standard input (a program's road),
both on every core (no --threads). Prints each round's walls, then the
medians over ROUNDS and their ratio to the first QUERY's, and checks
that every binary gives the same moves.
"""
import json
import random
import statistics
import subprocess
import sys
import time


def solvable(p):
    inversions = sum(1 for i in range(16) for j in range(i + 1, 16)
                     if p[i] and p[j] and p[i] > p[j])
    return (inversions + 3 - p.index(0) // 4) % 2 == 0


def positions(n):
    rng = random.Random(11)
    out = []
    while len(out) < n:
        p = list(range(16))
        rng.shuffle(p)
        if solvable(p):
            out.append(",".join(map(str, p)))
    return out


def run(args, stdin=""):
    began = time.monotonic()
    done = subprocess.run(args, input=stdin, capture_output=True, text=True,
                          check=True)
    return time.monotonic() - began, done.stdout


def moves_of(output):
    return [json.loads(line)["moves"] for line in output.splitlines()]


def main():
    db, n, rounds, queries = (sys.argv[1], int(sys.argv[2]),
                              int(sys.argv[3]), sys.argv[4:])
    states = positions(n)
    common = ["--db", db, "--board", "4x4", "--metric", "mtm",
              "--format", "json"]
    walls = {q: {"alone": [], "batch": []} for q in queries}
    answers = {}
    for r in range(rounds):
        for q in queries:
            alone = 0.0
            moves = []
            for s in states:
                wall, out = run([q] + common + [s])
                alone += wall
                moves += moves_of(out)
            batch, out = run([q] + common, "\n".join(states) + "\n")
            if moves_of(out) != moves:
                sys.exit(f"{q}: the batch's moves differ from one at a time")
            if answers.setdefault("moves", moves) != moves:
                sys.exit(f"{q}: moves differ from {queries[0]}'s")
            walls[q]["alone"].append(alone)
            walls[q]["batch"].append(batch)
            print(f"round {r + 1} {q}: one at a time {alone:.2f} s, "
                  f"batch {batch:.2f} s", flush=True)
    first = walls[queries[0]]
    print(f"\n{n} positions, {rounds} rounds, medians (ratio to "
          f"{queries[0]}):")
    print("| binary | one at a time | batch |\n| --- | --- | --- |")
    for q in queries:
        row = []
        for road in ("alone", "batch"):
            m = statistics.median(walls[q][road])
            row.append(f"{m:.2f} s ({m / statistics.median(first[road]):.2f}x)")
        print(f"| {q} | {row[0]} | {row[1]} |")


if __name__ == "__main__":
    main()
