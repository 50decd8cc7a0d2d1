"""Two builds of slidedb-query on the same question, side by side: turn
about, round after round (which goes first alternates), the wall time of
each run from a fresh process, then the medians and whether both wrote the
same answers (BENCHMARKS.md, the forty-fifth session).

  python3 bench/query_sbs.py QUERY_A QUERY_B ROUNDS [--input FILE] -- ARGS...

ARGS are slidedb-query's (--db, --board, a STATE ...); with --input, FILE
is its standard input (a batch). Standard error is kept apart; a run that
fails stops the script.
"""
import statistics
import subprocess
import sys
import time


def main(argv):
    if "--" not in argv or len(argv[:argv.index("--")]) not in (4, 6):
        sys.exit(__doc__)
    head, args = argv[:argv.index("--")], argv[argv.index("--") + 1:]
    queries, rounds = head[1:3], int(head[3])
    data = open(head[5], "rb").read() if len(head) == 6 else b""
    times = {q: [] for q in queries}
    outs = {}
    for r in range(rounds):
        for q in (queries if r % 2 == 0 else queries[::-1]):
            t = time.perf_counter()
            p = subprocess.run([q] + args, input=data, capture_output=True)
            times[q].append(time.perf_counter() - t)
            if p.returncode not in (0, 1):
                sys.exit(q + ": exit %d: %s" % (p.returncode, p.stderr[-500:]))
            outs.setdefault(q, p.stdout)
    for label, q in zip("AB", queries):
        print("%s %s: median %.3f s, min %.3f s, %d runs" % (
            label, q, statistics.median(times[q]), min(times[q]), rounds))
    print("B / A: %.2fx; the same answers: %s" % (
        statistics.median(times[queries[1]]) /
        statistics.median(times[queries[0]]), outs[queries[0]] == outs[queries[1]]))


if __name__ == "__main__":
    main(sys.argv)
