#!/usr/bin/env python3
"""A running search's progress by its client's id, and its cancel (issue 37).

    progress_test.py --server build/slidedb-serve --db DB [--db4 DB4]

As busy_test.py, whose options and attack_test.py's Server it uses: a server on --port 0
on 127.0.0.1 for each test, stopped by it. DB4 (the 15-puzzle's pattern
databases) gives a search long enough to watch and cancel.
"""
import json
import os
import sys
import time
import unittest

import busy_test
from attack_test import START, Server

ARGS = None

# 80 moves from the goal (one of the 15-puzzle's farthest): minutes with
# the test's 5-5-5 pattern databases.
FAR = "0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1"
NEAR = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"  # one move: answered at once
# Hang guards, far above what any of these waits takes on a busy machine.
GUARD = 120


def wait_for(what, check):
    """Calls check() until it returns something true; fails after GUARD s."""
    until = time.monotonic() + GUARD
    while time.monotonic() < until:
        got = check()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError("not within %d s: %s" % (GUARD, what))


class ProgressIdTest(unittest.TestCase):
    def setUp(self):
        self.server = Server()

    def tearDown(self):
        self.server.close()

    def test_bad_ids_are_400_and_unknown_ones_404(self):
        get = self.server.get
        for target in ["/api/progress", "/api/progress?id=",
                       "/api/progress?id=a%20b", "/api/progress?id=a/b",
                       "/api/progress?id=%C3%A9", "/api/progress?id=" + "x" * 65,
                       "/api/progress?id=a&other=1",
                       "/api/solve?start=%s&progress=a%%22b" % START,
                       "/api/moves?start=%s&progress=" % START,
                       "/api/tables?progress=a"]:
            status, _, body = get(target)
            self.assertEqual(status, 400, target)
            self.assertIn(b'"error"', body)
        status, _, body = get("/api/progress?id=" + "x" * 64)
        self.assertEqual(status, 404, body)

    def test_an_answer_with_an_id_is_the_same_and_its_id_leaves(self):
        plain = self.server.get("/api/solve?start=" + START)
        with_id = self.server.get("/api/solve?start=%s&progress=t-1" % START)
        self.assertEqual(with_id[0], 200)
        self.assertEqual(with_id[2], plain[2])
        status, _, body = self.server.get("/api/progress?id=t-1")
        self.assertEqual(status, 404, body)
        self.assertIn(b"not started, or it ended", body)


class ProgressTest(unittest.TestCase):
    def test_a_far_search_tells_its_bound_and_stops_when_its_client_leaves(self):
        """progress=ID on a far 4x4 search: /api/progress has its bound
        while it runs, another request with the same id is a 409, and once
        its client leaves the search stops: the id is gone (404) and the
        access log says 499."""
        if not ARGS.db4:
            self.skipTest("no 4x4 database (--db4)")
        path = os.path.join(ARGS.tmp, "progress-%d.log" % os.getpid())
        if os.path.exists(path):
            os.remove(path)
        server = Server("--work-threads", "1", "--work-timeout", "600",
                        "--access-log", path, db=ARGS.db4)
        try:
            s = server.connect()
            s.sendall(b"GET /api/solve?board=4x4&progress=far-1&start=" +
                      FAR.encode() + b" HTTP/1.1\r\nHost: localhost\r\n\r\n")

            def running():
                status, _, body = server.get("/api/progress?id=far-1")
                if status != 200:
                    self.assertEqual(status, 404, body)  # not started yet
                    return None
                p = json.loads(body)
                return p if p["bound"] is not None else None

            p = wait_for("the far search's bound", running)
            self.assertEqual(p["id"], "far-1")
            self.assertIs(p["running"], True)
            # The bound starts at the heuristic and ends at 80.
            self.assertTrue(30 <= p["bound"] <= 80, p)
            self.assertGreaterEqual(p["states"], 0)
            self.assertGreaterEqual(p["seconds"], 0)
            status, _, body = server.get(
                "/api/solve?board=4x4&progress=far-1&start=" + NEAR)
            self.assertEqual(status, 409, body)
            s.close()  # the client leaves: its search stops
            wait_for("the id to leave",
                     lambda: server.get("/api/progress?id=far-1")[0] == 404)
            self.assertEqual(server.stop()[0], 0)
        finally:
            server.close()
        with open(path) as f:
            lines = f.read().splitlines()
        os.remove(path)
        far = [l for l in lines if "progress=far-1&start=0,12" in l]
        self.assertEqual(len(far), 1, lines)
        self.assertIn('" 499 ', far[0])


def main():
    global ARGS
    ARGS, rest = busy_test.parse_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)


if __name__ == "__main__":
    main()
