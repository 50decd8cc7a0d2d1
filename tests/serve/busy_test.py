#!/usr/bin/env python3
"""slidedb-serve's access log and admission control (issue 38).

    busy_test.py --server build/slidedb-serve --db DB [--db4 DB4]

As attack_test.py, whose Server and helpers it uses: a server on --port 0
on 127.0.0.1 for each test, stopped by it. DB4 (the 15-puzzle's pattern
databases) gives the searches that fill the work queue and the 503s.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import attack_test
from attack_test import START, Server, parse

ARGS = None


class AdmissionTest(unittest.TestCase):
    def test_a_full_work_queue_is_a_503_and_tables_still_answer(self):
        """--work-threads 1 --work-queue 1: a search runs, one waits, a
        third is refused at once; a 3x3 answer does not wait (issue 38)."""
        if not ARGS.db4:
            self.skipTest("no 4x4 database (--db4)")
        server = Server("--work-threads", "1", "--work-queue", "1",
                        "--work-timeout", "10", db=ARGS.db4)
        goal = ",".join(str(t) for t in range(16))
        # A batch of Korf's instance 60 (66 moves): searches until the
        # work limit.
        body = b"11,14,13,1,2,3,12,4,15,7,9,5,10,6,8,0\n" * 5000
        far = (b"POST /api/solve?board=4x4&goal=" + goal.encode() +
               b" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
               b"Content-Type: text/plain\r\n"
               b"Content-Length: %d\r\n\r\n" % len(body) + body)
        replies = []
        try:
            def ask_far():
                replies.append(parse(server.exchange(far, timeout=60)))
            held = [threading.Thread(target=ask_far) for _ in range(2)]
            for t in held:
                t.start()
            # Both read by the server (one runs, one waits) long before
            # the first reaches its work limit, even on a busy machine or
            # under a sanitizer: 3 s of the 10.
            time.sleep(3)
            status, headers, body = parse(server.exchange(far))
            self.assertEqual(status, 503, body)
            self.assertIn(b"--work-queue", body)
            self.assertEqual(headers.get("retry-after"), "1")
            status, _, body = server.get("/api/solve?start=" + START)
            self.assertEqual(status, 200, body)
            for t in held:
                t.join()
            # The two held ones ran on the one work thread, at its limit.
            self.assertEqual(sorted(r[0] for r in replies), [503, 503])
            self.assertTrue(all(b"no answer within" in r[2] for r in replies))
        finally:
            server.close()


class ClientGoneTest(unittest.TestCase):
    def test_a_client_that_leaves_frees_its_work_thread(self):
        """A far 4x4 search whose client closes the connection stops: the
        one work thread answers the next search long before the work limit,
        and the log and the access log say 499 (issue 38)."""
        if not ARGS.db4:
            self.skipTest("no 4x4 database (--db4)")
        path = os.path.join(ARGS.tmp, "gone-%d.log" % os.getpid())
        if os.path.exists(path):
            os.remove(path)
        server = Server("--work-threads", "1", "--work-timeout", "600",
                        "--access-log", path, db=ARGS.db4)
        try:
            # 80 moves from a goal (one of the 15-puzzle's farthest):
            # minutes with these pattern databases.
            far = ("/api/solve?board=4x4&start="
                   "0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1")
            s = server.connect()
            s.sendall(b"GET " + far.encode() +
                      b" HTTP/1.1\r\nHost: localhost\r\n\r\n")
            s.close()
            # The far one has the work thread once its pattern databases
            # open (the first 4x4 question of this server).
            opened = server.proc.stderr.readline()
            self.assertIn("opening pdb 4x4/", opened)
            # One move from the goal: it needs the work thread the far one
            # held. The timeout is a hang guard, far below --work-timeout.
            near = ("/api/solve?board=4x4&start="
                    "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")
            status, _, body = server.get(near, timeout=120)
            self.assertEqual(status, 200, body)
            self.assertIn(b'"distance":1', body.replace(b" ", b""))
            self.assertEqual(server.stop()[0], 0)
            err = server.proc.stderr.read()
        finally:
            server.close()
        self.assertIn("499 GET /api/solve?board=4x4", err)
        self.assertIn("the client closed the connection", err)
        with open(path) as f:
            lines = f.read().splitlines()
        os.remove(path)
        statuses = [AccessLogTest.LINE.match(l).group(3) for l in lines]
        self.assertEqual(sorted(statuses), ["200", "499"], lines)


class AccessLogTest(unittest.TestCase):
    """--access-log: a line a request with its status; none without it."""

    LINE = re.compile(r'^127\.0\.0\.1 - - \[\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d '
                      r'\+0000\] "(\S+) (\S+) HTTP/1\.1" (\d{3}) (\d+) '
                      r'(\d+\.\d{3}) (-|searched=\d+)$')

    def ask(self, server, with_503):
        """Requests whose statuses are 200, 400, 404 (and 503)."""
        asked = [("/api/solve?start=" + START, 200),
                 ("/api/solve?start=8672", 400),
                 ("/no-such-file", 404),
                 ('/api/solve?start=1%22%0A2', 400)]
        if with_503:
            asked.append(("/api/solve?board=4x4&goal=%s&start=%s" % (
                ",".join(str(t) for t in range(16)),
                "14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3"), 503))
        for target, status in asked:
            got, _, body = server.get(target)
            self.assertEqual(got, status, (target, body))
        return asked

    def test_a_line_a_request_with_its_status(self):
        path = os.path.join(ARGS.tmp, "access-%d.log" % os.getpid())
        if os.path.exists(path):
            os.remove(path)
        with_503 = bool(ARGS.db4)
        server = Server("--access-log", path, "--work-timeout", "0.01",
                        db=ARGS.db4 or None)
        try:
            asked = self.ask(server, with_503)
            self.assertEqual(server.stop()[0], 0)
            err = server.proc.stderr.read()
        finally:
            server.close()
        with open(path) as f:
            lines = f.read().splitlines()
        self.assertEqual(len(lines), len(asked), lines)
        for line, (target, status) in zip(lines, asked):
            m = self.LINE.match(line)
            self.assertIsNotNone(m, line)
            self.assertEqual(m.group(1), "GET")
            self.assertEqual(int(m.group(3)), status, line)
        # The target is written escaped: one line, its fields apart.
        self.assertIn("/api/solve?start=1%22%0A2", lines[3])
        self.assertEqual(lines[0].split('" ')[0].split('"')[1],
                         "GET /api/solve?start=%s HTTP/1.1" % START)
        if with_503:
            self.assertIn("503 GET /api/solve?board=4x4", err)
            # The pattern databases opened for it, said once.
            self.assertEqual(err.count("slidedb-serve: opening pdb 4x4/"), 1,
                             err)
        os.remove(path)

    def test_searches_log_the_states_of_their_answers(self):
        """WORK is the answer's "nodes": a solve's search, and the moves'
        and an analysis's several searches."""
        if not ARGS.db4:
            self.skipTest("no 4x4 database (--db4)")
        near = "5,1,2,4,9,3,6,7,11,10,0,8,13,14,15,12"  # 16 moves
        asked = ["/api/solve?board=4x4&start=" + near,
                 "/api/moves?board=4x4&start=" + near,
                 "/api/analyse?board=4x4&moves=ULD&start=" + near]
        server = Server("--access-log", "-", db=ARGS.db4)
        try:
            nodes = []
            for target in asked:
                status, _, body = server.get(target, timeout=120)
                self.assertEqual(status, 200, (target, body))
                nodes.append(json.loads(body)["nodes"])
            self.assertEqual(server.stop()[0], 0)
            lines = server.proc.stdout.read().splitlines()
        finally:
            server.close()
        self.assertEqual(len(lines), len(asked), lines)
        for line, n in zip(lines, nodes):
            self.assertTrue(line.endswith(" searched=%d" % n), (line, n))
        self.assertGreater(nodes[0], 0)
        self.assertGreaterEqual(nodes[1], nodes[0])  # the start's and more
        self.assertGreaterEqual(nodes[2], nodes[0])

    def test_standard_output_and_nothing_without_the_option(self):
        quiet = Server()
        try:
            self.ask(quiet, False)
            self.assertEqual(quiet.stop()[0], 0)
            self.assertEqual(quiet.proc.stdout.read(), "")
            self.assertEqual(quiet.proc.stderr.read(), "")
        finally:
            quiet.close()
        loud = Server("--access-log", "-")
        try:
            asked = self.ask(loud, False)
            self.assertEqual(loud.stop()[0], 0)
            lines = loud.proc.stdout.read().splitlines()
        finally:
            loud.close()
        self.assertEqual([int(self.LINE.match(l).group(3)) for l in lines],
                         [status for _, status in asked])

    def test_a_log_that_cannot_be_opened_is_exit_73(self):
        r = subprocess.run([ARGS.server, "--db", ARGS.db, "--port", "0",
                            "--access-log", "/nonexistent-dir/access.log"],
                           capture_output=True, text=True, timeout=30)
        self.assertEqual(r.returncode, 73)
        self.assertIn("cannot open the access log", r.stderr)


def parse_args():
    """The options of this file and progress_test.py: (them, the rest for
    unittest)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--db4", default="")
    parser.add_argument("--tmp", default=tempfile.gettempdir())
    args, rest = parser.parse_known_args()
    attack_test.ARGS = args  # for Server
    return args, rest


def main():
    global ARGS
    ARGS, rest = parse_args()
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)


if __name__ == "__main__":
    main()
