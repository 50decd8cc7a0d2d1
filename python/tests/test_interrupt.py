"""A long call lets other Python threads run, and Ctrl-C (SIGINT) stops
it with KeyboardInterrupt within moments (python/interrupt.h), as Python's
own calls do.

Run by ctest (python_module) with SLIDEDB_FACES_DB at a database with the
4x4's 5-5-5 pattern databases.
"""
import os
import subprocess
import sys
import textwrap

import pytest

FACES_DB = os.environ.get("SLIDEDB_FACES_DB")
needs_4x4 = pytest.mark.skipif(not FACES_DB, reason="SLIDEDB_FACES_DB not set")

# A 4x4 state far from the goal (blank last): its multi-tile search runs
# for far longer than these tests.
FAR_4X4 = "14,15,13,12,11,10,9,8,7,6,5,4,3,2,1,0"

# In a Python of its own, which sends itself SIGINT half a second into the
# call while another thread ticks every 10 ms: without the stop, the call
# would run on past the timeout; holding the GIL, it would starve the
# ticks.
SCRIPT = textwrap.dedent("""
    import os, signal, sys, threading, time, slidedb
    db = slidedb.open(sys.argv[1])
    method, far = sys.argv[2], sys.argv[3]
    arg = [far, far] if method in ("solve_many", "distances") else far
    ticks, done = [], threading.Event()
    def tick():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.01)
    ticker = threading.Thread(target=tick)
    ticker.start()
    threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
    try:
        getattr(db, method)(arg, board="4x4", metric="mtm")
        print("answered")
    except KeyboardInterrupt:
        print("KeyboardInterrupt")
    done.set()
    ticker.join()
    print(len(ticks))
    # The same Db answers afterwards.
    print(db.distance("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15",
                      board="4x4", metric="mtm"))
    """)


@needs_4x4
@pytest.mark.parametrize("method", ["solve", "distance", "moves",
                                    "solve_many", "distances"])
def test_ctrl_c_stops_a_long_search_that_lets_threads_run(method):
    r = subprocess.run([sys.executable, "-c", SCRIPT, FACES_DB, method,
                        FAR_4X4], capture_output=True, text=True,
                       timeout=120, check=False)
    assert r.returncode == 0, r.stderr
    interrupted, ticks, after = r.stdout.split()
    assert interrupted == "KeyboardInterrupt"
    assert int(ticks) >= 10  # about 50 in the half second
    assert after == "1"
