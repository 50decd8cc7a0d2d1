"""The time of one call of db.distance, db.solve and db.moves on a 3x3
table (Python's overhead and the module's, the answer microseconds), for
two builds of the module side by side: each build in a Python of its own,
taking turns, round after round; the medians (BENCHMARKS.md, the
thirty-sixth session).

  python3 bench/python_calls.py DB MODULE_DIR_A MODULE_DIR_B [ROUNDS]

MODULE_DIR_* are directories holding a built slidedb module (a build's
python/ folder).
"""
import statistics
import subprocess
import sys

CALLS = 50000
ONE_ROUND = """
import slidedb, sys, time
db = slidedb.open(sys.argv[1])
for f in ("distance", "solve", "moves"):
    m = getattr(db, f)
    t = time.perf_counter()
    for _ in range(%d):
        m("867254301")
    print(f, (time.perf_counter() - t) / %d * 1e6)
""" % (CALLS, CALLS)


def main(argv):
    if len(argv) not in (4, 5):
        sys.exit(__doc__)
    db, dirs = argv[1], argv[2:4]
    rounds = int(argv[4]) if len(argv) == 5 else 7
    times = {d: {} for d in dirs}
    for r in range(rounds):
        for d in dirs if r % 2 == 0 else dirs[::-1]:
            out = subprocess.run([sys.executable, "-c", ONE_ROUND, db],
                                 env={"PYTHONPATH": d}, capture_output=True,
                                 text=True, check=True).stdout
            for line in out.splitlines():
                name, us = line.split()
                times[d].setdefault(name, []).append(float(us))
    a, b = (times[d] for d in dirs)
    print("| call | A, us | B, us | B / A |")
    print("| --- | --- | --- | --- |")
    for name in a:
        ma, mb = statistics.median(a[name]), statistics.median(b[name])
        print("| db.%s | %.2f | %.2f | %.2fx |" % (name, ma, mb, mb / ma))


if __name__ == "__main__":
    main(sys.argv)
