#!/usr/bin/env python3
"""The batch calls of two builds of the Python module side by side: one
million 3x3 states (random, solvable and not) given to solve_many and
distances as a list of str, and to distances as a NumPy array, each build
in a Python of its own, taking turns round after round; the medians.

  python3 bench/python_batches.py DB MODULE_DIR_A MODULE_DIR_B [ROUNDS]

MODULE_DIR_* are directories holding a built slidedb module (a build's
python/ folder).
"""
import os
import statistics
import subprocess
import sys

ONE_ROUND = """
import random, sys, time
import numpy as np
import slidedb
db = slidedb.open(sys.argv[1])
rng = random.Random(7)
rows = []
for _ in range(1_000_000):
    cells = list(range(9))
    rng.shuffle(cells)
    rows.append(cells)
texts = ["".join(map(str, r)) for r in rows]
array = np.array(rows, np.uint8)
answers = {}
for name, f, arg in (("solve_many(list)", db.solve_many, texts),
                     ("distances(list)", db.distances, texts),
                     ("distances(array)", db.distances, array)):
    t = time.perf_counter()
    answers[name] = f(arg)
    print(name, time.perf_counter() - t)
d = answers["distances(list)"]
assert [x if x is not None else -1 for x in d] == \\
    answers["distances(array)"].tolist()
"""


def main(argv):
    if len(argv) not in (4, 5):
        print(__doc__, file=sys.stderr)
        return 64
    db, dirs = argv[1], argv[2:4]
    rounds = int(argv[4]) if len(argv) == 5 else 5
    times = {d: {} for d in dirs}
    for _ in range(rounds):
        for d in dirs:
            out = subprocess.run(
                [sys.executable, "-c", ONE_ROUND, db], check=True,
                capture_output=True, text=True,
                env=dict(os.environ, PYTHONPATH=d)).stdout
            for line in out.splitlines():
                name, seconds = line.rsplit(" ", 1)
                times[d].setdefault(name, []).append(float(seconds))
    print("| call, 1,000,000 3x3 states | " + " | ".join(dirs) + " |")
    print("| --- |" + " --- |" * len(dirs))
    for name in times[dirs[0]]:
        cells = [f"{statistics.median(times[d][name]):.3f} s" for d in dirs]
        print(f"| {name} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
