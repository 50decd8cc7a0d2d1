#!/usr/bin/env python3
"""A fresh server's first multi-tile answer on a board whose tables are
made on first use (4x5: about 25 s), asked as a client that honours
Retry-After would ask it.

  python3 bench/mtm_first_answer.py SERVE DB [BOARD] [TRIES] [SERVE_ARGS...]

Starts SERVE on DB with its defaults (port 0, the default --work-timeout
of 10 s, then SERVE_ARGS), asks /api/solve?metric=mtm for a position one
move from BOARD's goal (default 4x5) until it is answered or TRIES
(default 6) requests were refused, waiting Retry-After between them, and
prints each request's status and time and the wall time to the answer.
"""
import sys
import time
import urllib.error
import urllib.request

import serving


def near_goal(board):
    rows, cols = map(int, board.split("x"))
    cells = list(range(1, rows * cols)) + [0]
    cells[-2], cells[-1] = 0, cells[-2]
    return ",".join(map(str, cells))


def main():
    serve, db = sys.argv[1], sys.argv[2]
    board = sys.argv[3] if len(sys.argv) > 3 else "4x5"
    tries = int(sys.argv[4]) if len(sys.argv) > 4 else 6
    with serving.Server(serve, db, *sys.argv[5:]) as base:
        url = (base + "/api/solve?metric=mtm&board=" + board + "&start=" +
               near_goal(board))
        began = time.time()
        for k in range(1, tries + 1):
            t = time.time()
            try:
                with urllib.request.urlopen(url, timeout=300) as r:
                    status, retry = r.status, None
            except urllib.error.HTTPError as e:
                status, retry = e.code, e.headers.get("Retry-After")
            print(f"request {k}: {status} in {time.time() - t:.2f} s",
                  flush=True)
            if status == 200:
                print(f"answered after {time.time() - began:.1f} s, "
                      f"request {k}")
                return
            if retry is not None:
                time.sleep(float(retry))
        print(f"not answered in {tries} requests, "
              f"{time.time() - began:.1f} s")


if __name__ == "__main__":
    main()
