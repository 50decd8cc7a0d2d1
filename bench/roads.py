#!/usr/bin/env python3
"""One road of scripts/bench.sh roads (bench/suites/roads.sh), measured.

  roads.py states --board RxC [--goal G] --count N --walk M --seed S
      N states, each a random walk of M moves from the goal (so each is
      solvable), one a line, labels separated by commas.
  roads.py FACE --build DIR --db DIR --board RxC [--goal G] [--metric M]
      --first STATE [--warm FILE] [--api PROGRAM] [--timeout S]
      FACE is oneshot, batch, serve-first, serve-warm, api or python. Runs
      that face once, in fresh processes, and prints one JSON line of what
      it measured (milliseconds, answers per second, MiB):
        oneshot      slidedb-query ... STATE: first_ms (the process's wall
                     time), rss_mb
        batch        slidedb-query ... with the warm states on standard
                     input: first_ms (to its first line out), warm_rate
                     (states / the process's wall time), rss_mb
        serve-first  a fresh slidedb-serve --port 0: first_ms (GET
                     /api/solve of STATE once it says it listens), rss_mb
                     (VmHWM)
        serve-warm   a fresh slidedb-serve: post_rate (the warm states as
                     the first POST), warm_rate (the same POST again),
                     again_ms (GET of STATE then), rss_mb
        api          the C++ API (bench/roads_api.cc): first_ms (open + the
                     first Solve), again_ms (STATE again), warm_rate
                     (SolveMany of the warm states), rss_mb
        python       import slidedb; slidedb.open(db): first_ms (open +
                     solve), again_ms, warm_rate (solve_many), rss_mb
      Every answer's distance is checked to be a number. An HTTP status
      other than 200 is printed as {"status": ..., "after_s": ...}, exit 2;
      a failure as {"error": ...}, exit 1. Children die with this process
      (the suite's timeout kills it).
"""
import argparse
import ctypes
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

PR_SET_PDEATHSIG = 1


def die_with_parent():
    ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def spawn(cmd, **kw):
    return subprocess.Popen(cmd, preexec_fn=die_with_parent, **kw)


def wait_rss(proc):
    """Waits for proc; its exit status and peak RSS in MiB (wait4)."""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, usage.ru_maxrss / 1024


def fail(message):
    print(json.dumps({"error": message}))
    sys.exit(1)


def parse_board(text):
    rows, cols = (int(x) for x in text.lower().split("x"))
    return rows, cols


def states(args):
    rows, cols = parse_board(args.board)
    n = rows * cols
    goal = ([int(x) for x in args.goal.split(",")] if args.goal
            else list(range(1, n)) + [0])
    rng = random.Random(args.seed)
    for _ in range(args.count):
        t = list(goal)
        z = t.index(0)
        last = -1
        for _ in range(args.walk):
            r, c = divmod(z, cols)
            steps = ((-cols, r > 0), (cols, r < rows - 1), (-1, c > 0),
                     (1, c < cols - 1))
            nbrs = [z + d for d, ok in steps if ok and z + d != last]
            nz = rng.choice(nbrs)
            t[z], t[nz] = t[nz], t[z]
            last, z = z, nz
        print(",".join(map(str, t)))


def query_args(a):
    out = ["--db", a.db, "--board", a.board, "--format", "json"]
    if a.goal:
        out += ["--goal", a.goal]
    if a.metric:
        out += ["--metric", a.metric]
    return out


def check_json_lines(text, want):
    rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    if len(rows) != want:
        fail(f"{len(rows)} answers for {want} states")
    for r in rows:
        if not isinstance(r.get("distance"), int):
            fail(f"an answer without a distance: {r}")
    return rows


def oneshot(a):
    t0 = time.perf_counter()
    p = spawn([a.build + "/slidedb-query"] + query_args(a) + [a.first],
              stdout=subprocess.PIPE)
    out = p.stdout.read()
    code, rss = wait_rss(p)
    ms = (time.perf_counter() - t0) * 1000
    if code != 0:
        fail(f"slidedb-query exited {code}")
    rows = check_json_lines(out.decode(), 1)
    return {"first_ms": ms, "rss_mb": rss, "distance": rows[0]["distance"]}


def batch(a):
    warm = open(a.warm, "rb").read()
    n = len(warm.splitlines())
    t0 = time.perf_counter()
    p = spawn([a.build + "/slidedb-query"] + query_args(a),
              stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    # The states go in from a thread of their own, so that the first line
    # out is seen while the rest are still being written.
    def feed():
        p.stdin.write(warm)
        p.stdin.close()

    threading.Thread(target=feed, daemon=True).start()
    first = p.stdout.readline()
    first_ms = (time.perf_counter() - t0) * 1000
    rest = p.stdout.read()
    code, rss = wait_rss(p)
    wall = time.perf_counter() - t0
    if code != 0:
        fail(f"slidedb-query exited {code}")
    check_json_lines((first + rest).decode(), n)
    return {"first_ms": first_ms, "warm_rate": n / wall, "rss_mb": rss}


class Server:
    def __init__(self, a):
        self.a = a
        cmd = [a.build + "/slidedb-serve", "--db", a.db, "--port", "0",
               "--work-timeout", str(int(a.timeout))]
        self.proc = spawn(cmd, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL)
        line = self.proc.stdout.readline().decode()
        if not line.startswith("listening on "):
            fail(f"slidedb-serve printed {line!r}")
        self.base = line.split()[-1].rstrip("/")

    def url(self, **extra):
        params = {"board": self.a.board}
        if self.a.goal:
            params["goal"] = self.a.goal
        if self.a.metric:
            params["metric"] = self.a.metric
        params.update(extra)
        return self.base + "/api/solve?" + urllib.parse.urlencode(params)

    def request(self, req):
        """The seconds it took and the body; exits on a status but 200."""
        t0 = time.perf_counter()
        try:
            with urllib.request.urlopen(req, timeout=self.a.timeout) as r:
                body = r.read().decode()
        except urllib.error.HTTPError as e:
            print(json.dumps({"status": e.code,
                              "after_s": time.perf_counter() - t0}))
            sys.exit(2)
        return time.perf_counter() - t0, body

    def get(self, state):
        secs, body = self.request(self.url(start=state))
        check_json_lines(body, 1)
        return secs

    def post(self, states_text, n):
        req = urllib.request.Request(self.url(), data=states_text,
                                     headers={"Content-Type": "text/plain"})
        secs, body = self.request(req)
        check_json_lines(body, n)
        return secs

    def stop(self):
        """Stops the server; its peak RSS in MiB."""
        with open(f"/proc/{self.proc.pid}/status") as f:
            hwm = next(int(l.split()[1]) for l in f if l.startswith("VmHWM:"))
        self.proc.terminate()
        self.proc.wait()
        return hwm / 1024


def serve_first(a):
    s = Server(a)
    ms = s.get(a.first) * 1000
    return {"first_ms": ms, "rss_mb": s.stop()}


def serve_warm(a):
    warm = open(a.warm, "rb").read()
    n = len(warm.splitlines())
    s = Server(a)
    post = s.post(warm, n)
    again = s.post(warm, n)
    again_ms = s.get(a.first) * 1000
    return {"post_rate": n / post, "warm_rate": n / again,
            "again_ms": again_ms, "rss_mb": s.stop()}


def in_process(a, cmd, env=None):
    p = spawn(cmd, stdout=subprocess.PIPE, env=env)
    out = p.stdout.read().decode()
    code, rss = wait_rss(p)
    if code != 0:
        fail(f"{cmd[0]} exited {code}")
    r = json.loads(out.splitlines()[-1])
    if not isinstance(r.get("distance"), int):
        fail(f"no distance: {r}")
    r["warm_rate"] = r["warm_n"] / r["warm_s"] if r["warm_n"] else None
    r["rss_mb"] = rss
    return r


PYTHON_FACE = r"""
import json, sys, time
db_dir, board, goal, metric, first, warm_file = sys.argv[1:7]
kw = {"board": board}
if goal: kw["goal"] = goal
if metric: kw["metric"] = metric
t = time.perf_counter()
import slidedb
import_ms = (time.perf_counter() - t) * 1000
t0 = time.perf_counter()
db = slidedb.open(db_dir)
open_ms = (time.perf_counter() - t0) * 1000
d = db.solve(first, **kw)["distance"]
first_ms = (time.perf_counter() - t0) * 1000
t1 = time.perf_counter()
db.solve(first, **kw)
again_ms = (time.perf_counter() - t1) * 1000
warm = [l.strip() for l in open(warm_file) if l.strip()] if warm_file else []
t2 = time.perf_counter()
if warm:
    assert len(db.solve_many(warm, **kw)) == len(warm)
print(json.dumps({"import_ms": import_ms, "open_ms": open_ms,
                  "first_ms": first_ms, "again_ms": again_ms, "distance": d,
                  "warm_n": len(warm), "warm_s": time.perf_counter() - t2}))
"""


def python_face(a):
    env = dict(os.environ, PYTHONPATH=a.build + "/python")
    return in_process(a, [a.python, "-c", PYTHON_FACE, a.db, a.board,
                          a.goal or "", a.metric or "", a.first,
                          a.warm or ""], env=env)


def api_face(a):
    cmd = [a.api, a.db, a.board, a.goal or "", a.metric or "", a.first]
    return in_process(a, cmd + ([a.warm] if a.warm else []))


FACES = {"oneshot": oneshot, "batch": batch, "serve-first": serve_first,
         "serve-warm": serve_warm, "api": api_face, "python": python_face}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("face", choices=["states"] + sorted(FACES))
    ap.add_argument("--board", required=True)
    ap.add_argument("--goal", default="")
    ap.add_argument("--metric", default="")
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--walk", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--build")
    ap.add_argument("--db")
    ap.add_argument("--first")
    ap.add_argument("--warm")
    ap.add_argument("--api")
    ap.add_argument("--python", default="/usr/bin/python3")
    ap.add_argument("--timeout", type=float, default=120)
    a = ap.parse_args()
    if a.face == "states":
        states(a)
        return
    # The suite's timeout sends SIGTERM: exit, so that the children go too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(124))
    print(json.dumps(FACES[a.face](a)))


if __name__ == "__main__":
    main()
