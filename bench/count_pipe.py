"""Korf's 100 (or any states) through one slidedb-query process, one line
at a time: each instance timed from writing its line to reading its
answer, as scripts/bench.sh 15 times a solve; then the total, mean, median
and slowest (BENCHMARKS.md, the fiftieth session).

  python3 bench/count_pipe.py QUERY DB [--threads T] [--input FILE] [ARGS...]

ARGS are more of slidedb-query's (--count, --all ...). The board is 4x4
with the blank-first goal of Korf's instances; FILE (default
bench/korf100.txt's states) holds one state a line. --threads 1 answers
each line on one thread; by default every core (a batch's idle threads
help each search).
"""
import json
import os
import statistics
import subprocess
import sys
import time

KORF_GOAL = ",".join(map(str, range(16)))
WARM_UP = "1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15"  # one move from the goal


def read_states(path):
    states = []
    for line in open(path):
        fields = line.split("#")[0].split()
        states += [f for f in fields if f.count(",") == 15]
    return states


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    query, db, rest = argv[1], argv[2], argv[3:]
    threads, path = None, os.path.join(os.path.dirname(__file__),
                                       "korf100.txt")
    args = []
    i = 0
    while i < len(rest):
        if rest[i] in ("--threads", "--input") and i + 1 < len(rest):
            if rest[i] == "--threads":
                threads = rest[i + 1]
            else:
                path = rest[i + 1]
            i += 2
        else:
            args.append(rest[i])
            i += 1
    states = read_states(path)
    cmd = [query, "--db", db, "--board", "4x4", "--goal", KORF_GOAL,
           "--format", "json"] + (["--threads", threads] if threads else [])
    p = subprocess.Popen(cmd + args, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, bufsize=1)
    p.stdin.write(WARM_UP + "\n")  # the databases read before the clock
    p.stdin.flush()
    p.stdout.readline()
    rows = []
    for k, state in enumerate(states):
        t = time.perf_counter()
        p.stdin.write(state + "\n")
        p.stdin.flush()
        answer = json.loads(p.stdout.readline())
        rows.append((time.perf_counter() - t, k + 1,
                     answer.get("optimal_solutions"), answer["distance"]))
    p.stdin.close()
    if p.wait() != 0:
        sys.exit("slidedb-query failed")
    times = [r[0] for r in rows]
    worst = max(rows)
    print("%s: %d states, total %.2f s, mean %.1f ms, median %.1f ms, "
          "max %.1f ms (#%d, %s moves, %s solutions)" % (
              " ".join(args) or "solve", len(rows), sum(times),
              1000 * statistics.mean(times), 1000 * statistics.median(times),
              1000 * worst[0], worst[1], worst[3], worst[2]))


if __name__ == "__main__":
    main(sys.argv)
