"""One 24-puzzle instance's search over two MPI ranks against one process on
two threads, fresh processes taking turns, medians and ratios (issue 36's
floor: the ranks at most 1.1x the process):

  python3 bench/mpi_query.py DB ROUNDS NUMBER|STATE... [--goal G] [--mpi DIR]...

DB is a 5x5 database for the goal G (default Korf and Felner's, the blank
first) or one a half turn or a reflection reaches, NUMBER an instance of
bench/korf24.txt, STATE a position (25 numbers, commas between). Each round runs
`slidedb-query --threads 2 STATE` from build/ and, for build/ and every
--mpi DIR, `mpirun -np 2 DIR/slidedb-query-mpi --threads 1 STATE`, in an
order that turns each round; every answer must equal the process's byte
for byte (path, length and count of states)."""
import argparse
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from korf24 import GOAL, instances  # noqa: E402


def run(cmd):
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - t0, out


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("db")
    p.add_argument("rounds", type=int)
    p.add_argument("numbers", nargs="+")
    p.add_argument("--goal", default=GOAL)
    p.add_argument("--mpi", action="append", default=[],
                   help="another build folder whose slidedb-query-mpi runs too")
    p.add_argument("--build", default="build")
    a = p.parse_args()
    states = {r[0]: r[3] for r in instances()}
    mpirun = ["mpirun", "--oversubscribe", "-np", "2"]
    if os.geteuid() == 0:
        mpirun.append("--allow-run-as-root")
    common = ["--db", a.db, "--board", "5x5", "--goal", a.goal, "--format", "json"]
    for number in a.numbers:
        state = number if "," in number else states[number]
        roads = [("one process, 2 threads",
                  [f"{a.build}/slidedb-query", *common, "--threads", "2", state])]
        for d in [a.build] + a.mpi:
            roads.append((f"2 ranks, {d}", mpirun + [f"{d}/slidedb-query-mpi",
                                                     *common, "--threads", "1", state]))
        times = {name: [] for name, _ in roads}
        answer = None
        for i in range(a.rounds):
            k = i % len(roads)
            for name, cmd in roads[k:] + roads[:k]:
                secs, out = run(cmd)
                if answer is None:
                    answer = out
                elif out != answer:
                    sys.exit(f"#{number}: {name} answered otherwise")
                times[name].append(secs)
        base = statistics.median(times[roads[0][0]])
        name = number if "," in number else f"#{number}"
        print(f"{name} ({a.rounds} rounds, answers identical):")
        for name, _ in roads:
            m = statistics.median(times[name])
            print(f"  {name}: {m:.3f} s median, {m / base:.2f}x")


if __name__ == "__main__":
    main()
