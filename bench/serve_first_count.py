"""The first answer of a fresh slidedb-serve to GET /api/count of one 4x4
state (Korf's blank-first goal): the server started on --port 0, one GET
timed, the same again, then the server's peak RSS (BENCHMARKS.md, the
fiftieth session).

  python3 bench/serve_first_count.py SLIDEDB_SERVE DB STATE
"""
import re
import subprocess
import sys
import time
import urllib.request

KORF_GOAL = ",".join(map(str, range(16)))


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__)
    serve, db, state = argv[1:]
    p = subprocess.Popen([serve, "--db", db, "--port", "0"],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True)
    try:
        port = None
        for line in p.stdout:
            m = re.search(r"http://127\.0\.0\.1:(\d+)", line)
            if m:
                port = m.group(1)
                break
        if port is None:
            sys.exit("the server did not say where it listens")
        url = ("http://127.0.0.1:%s/api/count?board=4x4&goal=%s&start=%s" %
               (port, KORF_GOAL, state))
        times = []
        for _ in range(2):
            t = time.perf_counter()
            body = urllib.request.urlopen(url).read()
            times.append(time.perf_counter() - t)
        with open("/proc/%d/status" % p.pid) as f:
            peak = next(int(l.split()[1]) for l in f if l.startswith("VmHWM"))
    finally:
        p.terminate()
        p.wait()
    count = re.search(rb'"optimal_solutions":(\d+)', body)
    print("%s: first %.3f s, again %.3f s, peak RSS %d MiB, %s solutions" % (
        serve, times[0], times[1], peak // 1024,
        count.group(1).decode() if count else "no"))


if __name__ == "__main__":
    main(sys.argv)
