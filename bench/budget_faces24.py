#!/usr/bin/env python3
"""Korf and Felner's 24-puzzle instances answered within a budget a state
(max_seconds), on every face, each from a fresh process or server.

  python3 bench/budget_faces24.py DB BUILD_DIR [COUNT [SECONDS]]

DB holds the 5x5 pattern databases (slidedb-build --board 5x5); BUILD_DIR
has slidedb-query, slidedb-serve and the Python module (python/). The
first COUNT instances of bench/korf24.txt (default 10), SECONDS each
(default 1), asked:
  - one-shot: a fresh slidedb-query a state, its argument (COUNT processes);
  - batch: one fresh slidedb-query, the states on standard input;
  - POST: one body to a fresh slidedb-serve, its first request;
  - Python: a fresh interpreter's open() and solve_many().
Every path is replayed (legal, reaching the goal, of the length given) and
no answer is shorter than the published optimum. Prints a Markdown table:
the face, its wall, the wall a state (a batch's over both cores: a line's
budget counts from its own search's start), the answers proved optimal,
and the mean length over the published one.
"""
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import korf24  # noqa: E402
import serving  # noqa: E402


def args(db, seconds):
    return ["--db", db, "--board", "5x5", "--goal", korf24.GOAL,
            "--max-seconds", seconds, "--format", "json"]


def one_shot(build, db, states, seconds):
    answers = []
    for s in states:
        r = subprocess.run([f"{build}/slidedb-query", *args(db, seconds), s],
                           capture_output=True, text=True)
        answers.append(json.loads(r.stdout))
    return answers


def batch(build, db, states, seconds):
    r = subprocess.run([f"{build}/slidedb-query", *args(db, seconds)],
                       input="\n".join(states) + "\n", capture_output=True,
                       text=True)
    return [json.loads(x) for x in r.stdout.splitlines()]


def post(build, db, states, seconds):
    with serving.Server(f"{build}/slidedb-serve", db, "--work-timeout",
                        "600") as base:
        url = (f"{base}/api/solve?board=5x5&goal={korf24.GOAL}"
               f"&max_seconds={seconds}")
        req = urllib.request.Request(url, data=("\n".join(states) + "\n")
                                     .encode(),
                                     headers={"Content-Type": "text/plain"})
        with urllib.request.urlopen(req, timeout=3600) as r:
            return [json.loads(x) for x in r.read().decode().splitlines()]


def python(build, db, states, seconds):
    code = ("import json, sys, slidedb\n"
            "db = slidedb.open(sys.argv[1])\n"
            "states = sys.argv[4:]\n"
            "out = db.solve_many(states, board='5x5', goal=sys.argv[2],\n"
            "                    max_seconds=float(sys.argv[3]))\n"
            "print(json.dumps(out))\n")
    env = dict(os.environ, PYTHONPATH=f"{build}/python")
    r = subprocess.run(["/usr/bin/python3", "-c", code, db, korf24.GOAL,
                        seconds, *states], capture_output=True, text=True,
                       env=env, check=True)
    return json.loads(r.stdout)


def main():
    db, build = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    seconds = sys.argv[4] if len(sys.argv) > 4 else "1"
    rows = korf24.instances()[:count]
    states = [r[3] for r in rows]
    print(f"| face ({count} instances, max_seconds {seconds}) | wall (s) | "
          "wall a state (s) | proved optimal | mean length / published |")
    print("| --- | --- | --- | --- | --- |")
    for name, face in (("one-shot", one_shot), ("batch", batch),
                       ("POST", post), ("Python", python)):
        t = time.monotonic()
        answers = face(build, db, states, seconds)
        wall = time.monotonic() - t
        assert len(answers) == len(states), (name, answers)
        ratios = []
        for a, r in zip(answers, rows):
            assert korf24.legal_path(r[3], a["moves"], a["distance"]), (name, a)
            assert a["distance"] >= int(r[1]), (name, a, r)
            if a.get("optimal"):
                assert a["distance"] == int(r[1]), (name, a, r)
            ratios.append(a["distance"] / int(r[1]))
        optimal = sum(1 for a in answers if a.get("optimal"))
        print(f"| {name} | {wall:.2f} | {wall / count:.3f} | {optimal} of "
              f"{count} | {statistics.mean(ratios):.3f} |")


if __name__ == "__main__":
    main()
