#!/usr/bin/env python3
"""Multi-tile 15-puzzle answers from slidedb-query, builds side by side.

  python3 bench/mtm_cli.py DB N ROUNDS QUERY [QUERY...]

For N random solvable 4x4 positions (seed 11), each QUERY binary answers
--metric mtm three ways a round, the binaries taking turns: each
position named alone in a process of its own (the road of a person
asking one question), all N as one batch on standard input (a
program's road), and --moves of each position in a process of its own
(every move's distance, as the page's Moves asks), all on every core
(no --threads); and, ten times, a position one move from the goal in a
process of its own (what every first answer costs before its search).
Prints each round's walls, then the medians over ROUNDS and their ratio
to the first QUERY's, and checks that every binary gives the same
answers.
"""
import json
import statistics
import subprocess
import sys
import time

from moves_mtm_serve import positions


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
    states = positions(n, seed=11)
    common = ["--db", db, "--board", "4x4", "--metric", "mtm",
              "--format", "json"]
    roads = ("alone", "batch", "moves", "first")
    walls = {q: {road: [] for road in roads} for q in queries}
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
            each = 0.0
            distances = []
            for s in states:
                wall, out = run([q] + common + ["--moves", s])
                each += wall
                distances.append([m["distance"] for m in
                                  json.loads(out)["moves"]])
            if answers.setdefault("moves", moves) != moves or \
                    answers.setdefault("distances", distances) != distances:
                sys.exit(f"{q}: answers differ from {queries[0]}'s")
            near = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"
            first = statistics.median(run([q] + common + [near])[0]
                                      for _ in range(10))
            for road, wall in zip(roads, (alone, batch, each, first)):
                walls[q][road].append(wall)
            print(f"round {r + 1} {q}: one at a time {alone:.2f} s, "
                  f"batch {batch:.2f} s, --moves {each:.2f} s, "
                  f"one move away {first:.3f} s", flush=True)
    base = walls[queries[0]]
    print(f"\n{n} positions, {rounds} rounds, medians (ratio to "
          f"{queries[0]}):")
    print("| binary | one at a time | batch | --moves | one move away |\n"
          "| --- | --- | --- | --- | --- |")
    for q in queries:
        row = []
        for road in roads:
            m = statistics.median(walls[q][road])
            row.append(f"{m:.3g} s ({m / statistics.median(base[road]):.2f}x)")
        print(f"| {q} | {' | '.join(row)} |")


if __name__ == "__main__":
    main()
