"""States a search generates for one goal from several databases: the same
random states (walks from the goal) answered by each database in turn, one
slidedb-query process a database on one thread, then the total of states
("nodes") and of the distances, which must agree (BENCHMARKS.md, the
fifty-first session: a corner's goal through a mirror of another's set
against its own set).

  python3 bench/mirror_states.py QUERY GOAL COUNT DB...

GOAL is a 4x4 goal (16 labels, commas, 0 the blank); COUNT the states, each
a walk of 300 random moves from it (seed 5).
"""
import json
import random
import subprocess
import sys


def walk(goal, steps, rng):
    s = goal[:]
    b = s.index(0)
    for _ in range(steps):
        r, c = divmod(b, 4)
        options = [t for t, ok in ((b - 4, r > 0), (b + 4, r < 3),
                                   (b - 1, c > 0), (b + 1, c < 3)) if ok]
        t = rng.choice(options)
        s[b], s[t] = s[t], s[b]
        b = t
    return s


def main(argv):
    if len(argv) < 5:
        sys.exit(__doc__)
    query, goal_text, count, dbs = argv[1], argv[2], int(argv[3]), argv[4:]
    goal = [int(x) for x in goal_text.split(",")]
    rng = random.Random(5)
    states = [",".join(map(str, walk(goal, 300, rng))) for _ in range(count)]
    distances = None
    for db in dbs:
        p = subprocess.run(
            [query, "--db", db, "--board", "4x4", "--goal", goal_text,
             "--format", "json", "--threads", "1"],
            input="\n".join(states) + "\n", capture_output=True, text=True,
            check=True)
        answers = [json.loads(line) for line in p.stdout.splitlines()]
        d = [a["distance"] for a in answers]
        if distances is not None and d != distances:
            sys.exit(f"{db}: other distances than the first database's")
        distances = d
        print(f"{db}: {sum(a['nodes'] for a in answers):,} states, "
              f"distances summing to {sum(d)}")


if __name__ == "__main__":
    main(sys.argv)
