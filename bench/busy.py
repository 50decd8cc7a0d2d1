#!/usr/bin/env python3
"""A busy slidedb-serve (issue 38's floors), measured on the loopback.

  bench/busy.py --server BIN --db33 DIR --db44 DIR [--work-timeout S]
                [--memory-limit SIZE] [--clients N]

Two runs, each on a fresh server (`--db DB33 --db DB44 --port 0`):

  mtm    two far 4x4 multi-tile requests (random positions, goal blanks on
         cells 5 and 6) and a 1-move 4x5 multi-tile request at once; 3x3
         POSTs of two lines meanwhile, one after another: their latency
         (median, largest), each slow request's status and time against
         --work-timeout + 1 s, the server's peak RSS against --memory-limit.
  search N (--clients, default 64) far 4x4 searches at once (Korf's
         instances, longest first); 3x3 GETs meanwhile, one after another:
         their latency (median, p99), and a 1-move 4x4 request's.

Prints a Markdown table of the figures beside the issue's floors.
"""

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def goal_text(cells, blank):
    tiles = [str(t) for t in range(1, cells)]
    tiles.insert(blank, "0")
    return ",".join(tiles)


def random_position(rows, cols, blank, rng):
    """A random position that reaches the goal with the blank on `blank`."""
    cells = rows * cols
    while True:
        tiles = list(range(cells))
        rng.shuffle(tiles)
        inv = sum(1 for i in range(cells) for j in range(i + 1, cells)
                  if tiles[i] and tiles[j] and tiles[i] > tiles[j])
        goal = [int(t) for t in goal_text(cells, blank).split(",")]
        ginv = sum(1 for i in range(cells) for j in range(i + 1, cells)
                   if goal[i] and goal[j] and goal[i] > goal[j])
        if cols % 2:
            ok = inv % 2 == ginv % 2
        else:
            ok = ((inv + tiles.index(0) // cols) % 2 ==
                  (ginv + blank // cols) % 2)
        if ok:
            return ",".join(map(str, tiles))


def one_move(rows, cols):
    """The default goal (blank last) after one move of the blank up."""
    cells = rows * cols
    tiles = list(range(1, cells)) + [0]
    b = cells - 1
    tiles[b], tiles[b - cols] = tiles[b - cols], tiles[b]
    return ",".join(map(str, tiles))


class Server:
    def __init__(self, a):
        cmd = [a.server, "--db", a.db33, "--db", a.db44, "--port", "0",
               "--work-timeout", str(a.work_timeout)]
        if a.memory_limit:
            cmd += ["--memory-limit", a.memory_limit]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"listening on .*:(\d+)$", line.strip())
        if not m:
            sys.exit("busy.py: the server did not start: " + line)
        self.base = "http://127.0.0.1:" + m.group(1)

    def rss_mib(self):
        with open("/proc/%d/status" % self.proc.pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return 0

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=60)


def timed(req, timeout):
    """(seconds, HTTP status) of one request; status 0 when it failed."""
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            r.read()
            status = r.status
    except urllib.error.HTTPError as e:
        e.read()
        status = e.code
    except OSError:
        status = 0
    return time.perf_counter() - t0, status


def solve_url(server, **params):
    return server.base + "/api/solve?" + urllib.parse.urlencode(params)


def run_slow(requests, timeout):
    """Sends each URL of `requests` on a thread of its own at once; returns
    the threads and a list that gets (name, seconds, status)."""
    done = []
    threads = []
    for name, url in requests:
        def go(name=name, url=url):
            secs, status = timed(url, timeout)
            done.append((name, secs, status))
        threads.append(threading.Thread(target=go))
    for t in threads:
        t.start()
    return threads, done


def fast_loop(make_request, threads, timeout):
    """Sends make_request() again and again while any of `threads` runs;
    returns the latencies (s) and the statuses."""
    lat, statuses = [], []
    time.sleep(0.2)  # the slow requests are in
    while any(t.is_alive() for t in threads):
        secs, status = timed(make_request(), timeout)
        lat.append(secs)
        statuses.append(status)
    return lat, statuses


def mtm_run(a, rows):
    rng = random.Random(38)
    server = Server(a)
    try:
        slow = [("4x4 mtm, goal blank %d" % b,
                 solve_url(server, board="4x4", goal=goal_text(16, b),
                           start=random_position(4, 4, b, rng), metric="mtm"))
                for b in (5, 6)]
        slow.append(("4x5 mtm, 1 move",
                     solve_url(server, board="4x5", start=one_move(4, 5),
                               metric="mtm")))
        threads, done = run_slow(slow, a.work_timeout + 30)
        body = "867254301\n123456708\n".encode()

        def post():
            return urllib.request.Request(
                server.base + "/api/solve?board=3x3", data=body,
                headers={"Content-Type": "text/plain"})
        lat, statuses = fast_loop(post, threads, 10)
        for t in threads:
            t.join()
        rss = server.rss_mib()
    finally:
        server.stop()
    ms = [x * 1000 for x in lat]
    rows.append(("mtm: 3x3 POSTs of two lines meanwhile (%d, statuses %s), "
                 "median / largest, ms" % (len(ms), sorted(set(statuses))),
                 "%.1f / %.1f" % (statistics.median(ms), max(ms)) if ms
                 else "-", "largest <= 50"))
    for name, secs, status in sorted(done):
        rows.append(("mtm: %s: status, s" % name, "%d, %.1f" % (status, secs),
                     "answered or refused within %g s" % (a.work_timeout + 1)))
    rows.append(("mtm: server peak RSS, MiB", "%.0f" % rss,
                 "within --memory-limit %s" % (a.memory_limit or "(default)")))


def search_run(a, rows):
    korf = []
    with open(os.path.join(HERE, "korf100.txt")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            parts = line.split()
            korf.append((int(parts[1]), parts[2]))
    korf.sort(reverse=True)  # the longest first
    goal = ",".join(str(t) for t in range(16))
    server = Server(a)
    try:
        slow = [("far %d" % k, solve_url(server, board="4x4", goal=goal,
                                         start=korf[k % len(korf)][1]))
                for k in range(a.clients)]
        threads, done = run_slow(slow, a.work_timeout + 30)
        one = []

        def one_move_request():
            time.sleep(0.5)  # behind the far ones
            one.extend(timed(solve_url(server, board="4x4",
                                       start=one_move(4, 4)), 30))
        one_thread = threading.Thread(target=one_move_request)
        one_thread.start()
        lat, statuses = fast_loop(
            lambda: solve_url(server, board="3x3", start="867254301"),
            threads, 10)
        for t in threads + [one_thread]:
            t.join()
        one_secs, one_status = one
    finally:
        server.stop()
    ms = sorted(x * 1000 for x in lat)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))] if ms else 0
    rows.append(("search: %d far 4x4 searches at once: 3x3 GETs meanwhile "
                 "(%d, statuses %s), median / p99, ms" %
                 (a.clients, len(ms), sorted(set(statuses))),
                 "%.1f / %.1f" % (statistics.median(ms), p99) if ms else "-",
                 "p99 <= 10"))
    rows.append(("search: a 1-move 4x4 request meanwhile: status, ms",
                 "%d, %.0f" % (one_status, one_secs * 1000), "within 1000"))
    by_status = {}
    for _, secs, status in done:
        by_status.setdefault(status, []).append(secs)
    rows.append(("search: the far searches' statuses (count, largest s)",
                 "; ".join("%d: %d, %.1f" % (s, len(v), max(v))
                           for s, v in sorted(by_status.items())),
                 "answered or refused within %g s" % (a.work_timeout + 1)))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--server", required=True)
    p.add_argument("--db33", required=True)
    p.add_argument("--db44", required=True)
    p.add_argument("--work-timeout", type=float, default=10)
    p.add_argument("--memory-limit", default="")
    p.add_argument("--clients", type=int, default=64)
    a = p.parse_args()
    rows = []
    mtm_run(a, rows)
    search_run(a, rows)
    print("| figure | measured | floor |")
    print("| --- | --- | --- |")
    for r in rows:
        print("| %s | %s | %s |" % r)


if __name__ == "__main__":
    main()
