#!/usr/bin/env python3
"""slidedb-serve against clients that mean harm, each attack a test.

    attack_test.py --server build/slidedb-serve --db DB [--db4 DB4]

Starts the server on --port 0 on 127.0.0.1 for each test and stops it. DB
holds the 3x3 tables; DB4, when given, the 15-puzzle's pattern databases
(for the search's deadline). Expected answers come from the server itself
(a plain request), never from this file.
"""
import argparse
import json
import os
import resource
import selectors
import signal
import socket
import subprocess
import sys
import threading
import time
import unittest

ARGS = None
START = "867254301"  # a 3x3 start; its answer is asked of the server
MIB = 1 << 20


def rss_kib(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(field + " not found")


class Server:
    """slidedb-serve on a free port, stopped (SIGKILL at worst) on close."""

    def __init__(self, *extra, db=None):
        self.proc = subprocess.Popen(
            [ARGS.server, "--db", db or ARGS.db, "--port", "0",
             "--bind", "127.0.0.1", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        if not line.startswith("listening on"):
            self.proc.kill()
            raise RuntimeError("server did not start: " + line +
                               self.proc.stderr.read())
        self.port = int(line.rsplit(":", 1)[1])

    def connect(self, timeout=20):
        s = socket.create_connection(("127.0.0.1", self.port),
                                     timeout=timeout)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return s

    def exchange(self, data, half_close=False, timeout=20):
        """Sends raw bytes, reads until the server closes."""
        with self.connect(timeout) as s:
            s.sendall(data)
            if half_close:
                s.shutdown(socket.SHUT_WR)
            return read_all(s)

    def get(self, target, headers=b"", timeout=20):
        return parse(self.exchange(
            b"GET " + target.encode() + b" HTTP/1.1\r\nHost: localhost\r\n" +
            headers + b"Connection: close\r\n\r\n", timeout=timeout))

    def post(self, target, body, content_type=None, extra=b""):
        head = (b"POST " + target.encode() +
                b" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n" +
                b"Content-Length: %d\r\n" % len(body) + extra)
        if content_type is not None:
            head += b"Content-Type: " + content_type.encode() + b"\r\n"
        return parse(self.exchange(head + b"\r\n" + body))

    def rss(self, field="VmRSS"):
        return rss_kib(self.proc.pid, field)

    def stop(self):
        """SIGTERM; returns (exit status, seconds it took)."""
        t = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = self.proc.wait()
        return code, time.monotonic() - t

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()
        self.proc.stderr.close()


def read_all(s):
    out = b""
    while True:
        try:
            chunk = s.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        out += chunk
    return out


def parse(raw):
    """(status, headers dict (lower-case names), body) of one response."""
    while raw.startswith(b"HTTP/1.1 100 "):  # interim: Continue
        raw = raw.partition(b"\r\n\r\n")[2]
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    if not lines[0].startswith("HTTP/1.1 "):
        return 0, {}, raw
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    n = headers.get("content-length")
    if n is not None:
        body = body[:int(n)]
    return status, headers, body


class AttackTest(unittest.TestCase):
    def setUp(self):
        self.server = Server()

    def tearDown(self):
        self.server.close()

    def solve_answer(self):
        status, _, body = self.server.get("/api/solve?start=" + START)
        self.assertEqual(status, 200, body)
        return body

    def test_slow_clients_block_no_one_and_sigterm_does_not_wait(self):
        expected = self.solve_answer()
        # 500 clients send a request's head one line a second.
        slow = [self.server.connect() for _ in range(500)]
        for s in slow:
            s.sendall(b"GET /api/tables HTTP/1.1\r\n")
        stop = threading.Event()

        def drip():
            while not stop.wait(1.0):
                for s in slow:
                    try:
                        s.sendall(b"X-Slow: 1\r\n")
                    except OSError:
                        pass
        dripper = threading.Thread(target=drip)
        dripper.start()
        try:
            time.sleep(1.5)
            t = time.monotonic()
            self.assertEqual(self.solve_answer(), expected)
            waited = time.monotonic() - t
            # A hang guard, not a timing (the figure is printed; speed is
            # BENCHMARKS.md's): the answer came while they held on.
            self.assertLess(waited, 10.0)
            peak = self.server.rss("VmHWM")
            print(f"\n  500 slow clients: a fresh client answered in "
                  f"{waited * 1000:.1f} ms; server peak {peak / 1024:.1f} MiB",
                  file=sys.stderr)
            self.assertLessEqual(peak, 100 * 1024)
            code, took = self.server.stop()
            print(f"  SIGTERM under them: exit {code} in {took:.2f} s",
                  file=sys.stderr)
            self.assertEqual(code, 0)
            self.assertLess(took, 5.0)
        finally:
            stop.set()
            dripper.join()
            for s in slow:
                s.close()

    def test_big_chunked_body_is_refused_unread(self):
        before = self.server.rss()
        s = self.server.connect()
        s.sendall(b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\n"
                  b"Content-Type: text/plain\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"10000\r\n" + b"123456780\n" * 6553 + b"123456\r\n"
        sent = 0
        try:
            while sent < 200 * MIB:
                s.sendall(chunk)
                sent += len(chunk)
        except OSError:
            pass  # the server stopped reading: what we want
        status, _, body = parse(read_all(s))
        s.close()
        self.assertEqual(status, 413, body)
        self.assertIn(b"larger than 1048576 bytes", body)
        self.assertLess(sent, 200 * MIB)
        grew = self.server.rss("VmHWM") - before
        print(f"\n  chunked body: refused after {sent / MIB:.1f} MiB sent; "
              f"server peak grew {grew / 1024:.1f} MiB", file=sys.stderr)
        self.assertLessEqual(grew, 50 * 1024)
        self.solve_answer()  # still serving

    def test_long_head_is_refused(self):
        before = self.server.rss()
        s = self.server.connect()
        s.sendall(b"GET /api/tables HTTP/1.1\r\nHost: localhost\r\n")
        line = b"X-Header-Line: 1234567890123456789012\r\n"
        sent = 0
        try:
            for _ in range(100):  # 10,000 lines at a time: a million
                s.sendall(line * 10000)
                sent += 10000
        except OSError:
            pass
        status, _, body = parse(read_all(s))
        s.close()
        self.assertEqual(status, 431, body)
        self.assertLess(sent, 1000000)
        grew = self.server.rss("VmHWM") - before
        print(f"\n  header lines: refused after {sent} lines sent; server peak "
              f"grew {grew / 1024:.1f} MiB", file=sys.stderr)
        self.assertLessEqual(grew, 50 * 1024)
        # More fields than allowed, in a small head.
        status, _, _ = self.server.get(
            "/api/tables", headers=b"".join(b"X-%d: 1\r\n" % i
                                            for i in range(101)))
        self.assertEqual(status, 431)
        status, _, _ = self.server.get(
            "/api/tables", headers=b"".join(b"X-%d: 1\r\n" % i
                                            for i in range(90)))
        self.assertEqual(status, 200)

    def test_range_gets_the_whole_answer(self):
        expected = self.solve_answer()
        status, headers, body = self.server.get(
            "/api/solve?start=" + START, headers=b"Range: bytes=0-10\r\n")
        self.assertEqual(status, 200)
        self.assertNotIn("content-range", headers)
        self.assertEqual(body, expected)
        status, _, page = self.server.get("/app.js")
        self.assertEqual(status, 200)
        ranges = ",".join("0-%d" % (i % 1000) for i in range(2700))
        status, headers, body = self.server.get(
            "/app.js", headers=b"Range: bytes=" + ranges.encode() + b"\r\n")
        self.assertEqual(status, 200)
        self.assertEqual(body, page)

    def test_two_thousand_clients_at_once_are_all_answered(self):
        expected = self.solve_answer()
        request = (b"GET /api/solve?start=" + START.encode() +
                   b" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        sel = selectors.DefaultSelector()
        replies = {}
        t = time.monotonic()
        for i in range(2000):
            s = socket.socket()
            s.setblocking(False)
            s.connect_ex(("127.0.0.1", self.server.port))
            replies[s] = b""
            sel.register(s, selectors.EVENT_WRITE, data="send")
        done = 0
        # 60 s: a hang guard on a busy machine, not a timing.
        while done < 2000 and time.monotonic() - t < 60:
            for key, event in sel.select(timeout=0.5):
                s = key.fileobj
                if key.data == "send":
                    try:
                        s.sendall(request)
                    except OSError:
                        sel.unregister(s)
                        done += 1
                        continue
                    sel.modify(s, selectors.EVENT_READ, data="read")
                    continue
                try:
                    chunk = s.recv(65536)
                except OSError:
                    chunk = b""
                if chunk:
                    replies[s] += chunk
                else:
                    sel.unregister(s)
                    done += 1
        answered = sum(1 for r in replies.values() if parse(r)[2] == expected)
        took = time.monotonic() - t
        for s in replies:
            s.close()
        print(f"\n  2,000 clients at once: {answered} answered in {took:.2f} s",
              file=sys.stderr)
        self.assertEqual(answered, 2000)

    def test_half_closed_clients_get_their_answers(self):
        expected = self.solve_answer()
        request = (b"GET /api/solve?start=" + START.encode() +
                   b" HTTP/1.1\r\nHost: localhost\r\n\r\n")
        for _ in range(200):
            status, _, body = parse(self.server.exchange(request,
                                                         half_close=True))
            self.assertEqual((status, body), (200, expected))

    def test_a_huge_board_is_a_400_not_a_crash(self):
        # rows * cols overflowed int: these once killed the server.
        for target in ["/api/solve?board=46341x46341&start=1",
                       "/api/histogram?board=65536x65536",
                       "/api/moves?board=2x2147483647&start=1",
                       "/api/sample?board=4x1073741824&n=1"]:
            status, _, body = self.server.get(target)
            self.assertEqual(status, 400, (target, body))
            self.assertIn(b"not supported", body, target)
        self.assertEqual(self.solve_answer(), self.solve_answer())
        self.assertIsNone(self.server.proc.poll(), "the server died")

    def test_host_must_name_the_loopback(self):
        for host, status in [(b"localhost", 200), (b"localhost:8080", 200),
                             (b"127.0.0.1", 200), (b"127.9.9.9:1", 200),
                             (b"[::1]:8080", 200), (b"app.localhost", 200),
                             (b"evil.example", 403),
                             (b"localhost.evil.example", 403),
                             (b"127.0.0.1.nip.io", 403),
                             # Not a host and a port (issue 38).
                             (b"localhost:80@evil.com", 403),
                             (b"[::1]evil", 403), (b"localhost:abc", 403),
                             (b"127.0.0.1:80:80", 403)]:
            got, _, body = parse(self.server.exchange(
                b"GET /api/tables HTTP/1.1\r\nHost: " + host +
                b"\r\nConnection: close\r\n\r\n"))
            self.assertEqual(got, status, host)
            if status == 403:
                self.assertIn(b"--allow-host", body)
        allowed = Server("--allow-host", "puzzle.example")
        try:
            got, headers, _ = parse(allowed.exchange(
                b"GET /api/tables HTTP/1.1\r\nHost: puzzle.example\r\n"
                b"Origin: http://other.example\r\nConnection: close\r\n\r\n"))
            self.assertEqual(got, 200)
            self.assertNotIn("access-control-allow-origin", headers)
        finally:
            allowed.close()

    def test_a_target_in_absolute_form_names_the_host(self):
        # RFC 9112 3.2.2: the target's host is checked, its Host ignored.
        solve, local = b"/api/solve?start=" + START.encode(), b"localhost"
        for target, host, status in [
                (b"http://localhost:1" + solve, b"evil.example", 200),
                (b"HTTP://127.0.0.1" + solve, local, 200),
                (b"http://evil.example/api/tables", local, 403),
                (b"http://localhost@evil.example/", local, 400),
                (b"http:///api/tables", local, 400)]:
            got, _, body = parse(self.server.exchange(
                b"GET " + target + b" HTTP/1.1\r\nHost: " + host + b"\r\n" +
                b"Connection: close\r\n\r\n"))
            self.assertEqual(got, status, (target, body))
            if status == 200:
                self.assertEqual(body, self.solve_answer())

    def test_two_host_headers_are_a_400(self):
        for hosts in [b"Host: localhost\r\nHost: evil.example\r\n",
                      b"Host: localhost\r\nHost: localhost\r\n"]:
            got, _, body = parse(self.server.exchange(
                b"GET /api/tables HTTP/1.1\r\n" + hosts +
                b"Connection: close\r\n\r\n"))
            self.assertEqual(got, 400, hosts)
            self.assertIn(b"more than one Host", body)

    def test_cors_only_for_the_origin_named(self):
        cors = Server("--cors", "http://a.example")
        try:
            for origin, allowed in [(b"http://a.example", True),
                                    (b"http://b.example", False)]:
                _, headers, _ = parse(cors.exchange(
                    b"GET /api/tables HTTP/1.1\r\nHost: localhost\r\n"
                    b"Origin: " + origin + b"\r\nConnection: close\r\n\r\n"))
                self.assertEqual(headers.get("access-control-allow-origin"),
                                 origin.decode() if allowed else None)
            status, headers, _ = parse(cors.exchange(
                b"OPTIONS /api/solve HTTP/1.1\r\nHost: localhost\r\n"
                b"Origin: http://a.example\r\n"
                b"Access-Control-Request-Method: POST\r\n"
                b"Connection: close\r\n\r\n"))
            self.assertEqual(status, 204)
            self.assertIn("POST", headers["access-control-allow-methods"])
        finally:
            cors.close()
        status, headers, _ = self.server.get(
            "/api/tables", headers=b"Origin: http://a.example\r\n")
        self.assertEqual(status, 200)
        self.assertNotIn("access-control-allow-origin", headers)

    def test_bodies_by_content_type(self):
        states = [START, "123456780", "1 2 3 4 5 6 7 8 0"]
        text = "\n".join(states).encode() + b"\n"
        status, headers, expected = self.server.post(
            "/api/solve", text, "text/plain; charset=utf-8")
        self.assertEqual(status, 200, expected)
        self.assertEqual(headers["content-type"], "application/x-ndjson")
        self.assertEqual(len(expected.splitlines()), 3)
        # curl --data-binary @file sends a form's type with the raw lines.
        for content_type in ["application/x-www-form-urlencoded", None]:
            status, _, body = self.server.post("/api/solve", text,
                                               content_type)
            self.assertEqual((status, body), (200, expected), content_type)
        status, _, body = self.server.post(
            "/api/solve", json.dumps(states).encode(), "application/json")
        self.assertEqual((status, body), (200, expected))
        # curl sends Expect: 100-continue with larger bodies.
        status, _, body = self.server.post(
            "/api/solve", text, "text/plain", extra=b"Expect: 100-continue\r\n")
        self.assertEqual((status, body), (200, expected))
        for bad, code in [(b'{"start": 1}', 400), (b"[1, 2]", 400),
                          (b"[\"1\", ", 400)]:
            status, _, body = self.server.post("/api/solve", bad,
                                               "application/json")
            self.assertEqual(status, code, bad)
            self.assertIn(b"array of strings", body)
        status, _, body = self.server.post(
            "/api/solve", b"--x\r\n\r\n" + text + b"--x--\r\n",
            "multipart/form-data; boundary=x")
        self.assertEqual(status, 415)
        self.assertIn(b"text/plain", body)
        self.assertIn(b"application/json", body)
        status, _, body = self.server.post("/api/solve", b"", "text/plain")
        self.assertEqual(status, 400)
        self.assertIn(b"holds none", body)

    def test_conflicting_lengths_are_refused(self):
        for head in [b"Content-Length: 5\r\nContent-Length: 6\r\n",
                     b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
                     b"Transfer-Encoding: chunked\r\nContent-Length: 5\r\n"]:
            status, _, _ = parse(self.server.exchange(
                b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\n" + head +
                b"\r\n5\r\n12345\r\n0\r\n\r\n"))
            self.assertEqual(status, 400, head)

    def test_all_solutions_are_bounded(self):
        status, _, body = self.server.get(
            "/api/solve?start=%s&all=1&limit=1000000000" % START)
        self.assertEqual(status, 400)
        self.assertIn(b"10000", body)
        status, _, body = self.server.get(
            "/api/solve?start=%s&all=1&limit=10000" % START)
        self.assertEqual(status, 200)


class DeadlineTest(unittest.TestCase):
    def test_a_search_past_the_deadline_is_a_503(self):
        if not ARGS.db4:
            self.skipTest("no 4x4 database (--db4)")
        server = Server("--work-timeout", "0.001", db=ARGS.db4)
        try:
            # Korf's instance 1 on his goal: millions of states searched.
            start = "14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3"
            goal = ",".join(str(t) for t in range(16))
            status, headers, body = server.get(
                "/api/solve?board=4x4&goal=%s&start=%s" % (goal, start))
            self.assertEqual(status, 503, body)
            self.assertIn(b"no answer within", body)
            self.assertIn(b"max_seconds=T answers with the best path", body)
            self.assertEqual(headers.get("retry-after"), "1")
            # A multi-tile search is always optimal: the 503 says so, and
            # does not send the client to max_seconds (issue 38).
            status, _, body = server.get(
                "/api/solve?board=4x4&goal=%s&start=%s&metric=mtm"
                "&max_seconds=5" % (goal, start))
            self.assertEqual(status, 503, body)
            self.assertIn(b"multi-tile metric is always optimal", body)
            self.assertNotIn(b"max_seconds=T", body)
            # An easy one is answered.
            status, _, body = server.get(
                "/api/solve?board=4x4&start="
                "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")
            self.assertEqual(status, 200, body)
            self.assertEqual(json.loads(body)["distance"], 1)
        finally:
            server.close()


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--db4", default="")
    ARGS, rest = parser.parse_known_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)),
                                                hard))
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)


if __name__ == "__main__":
    main()
