"""A long call lets other Python threads run, and Ctrl-C (SIGINT) stops
it with KeyboardInterrupt within moments (python/interrupt.h), as Python's
own calls do.

Run by ctest (python_module) with SLIDEDB_QUERY at slidedb-query, beside
which slidedb-build is.
"""
import os
import subprocess
import sys
import textwrap

import pytest

QUERY = os.environ["SLIDEDB_QUERY"]

# 80 moves from the goal (blank last): over the 4x4's 4-4-4-3 pattern
# databases its search runs for many minutes, far past the timeout below.
FAR_4X4 = "0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1"


@pytest.fixture(scope="module")
def weak_4x4(tmp_path_factory):
    """A database with the 4x4's 4-4-4-3 pattern databases (a second)."""
    db = str(tmp_path_factory.mktemp("interrupt") / "db")
    build = os.path.join(os.path.dirname(QUERY), "slidedb-build")
    subprocess.run([build, "--db", db, "--board", "4x4", "--pdb", "4-4-4-3",
                    "--quiet"], check=True)
    return db


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
        getattr(db, method)(arg, board="4x4")
        print("answered")
    except KeyboardInterrupt:
        print("KeyboardInterrupt")
    done.set()
    ticker.join()
    print(len(ticks))
    # The same Db answers afterwards.
    print(db.distance("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", board="4x4"))
    """)


@pytest.mark.parametrize("method", ["solve", "distance", "moves",
                                    "solve_many", "distances"])
def test_ctrl_c_stops_a_long_search_that_lets_threads_run(method, weak_4x4):
    r = subprocess.run([sys.executable, "-c", SCRIPT, weak_4x4, method,
                        FAR_4X4], capture_output=True, text=True,
                       timeout=120, check=False)
    assert r.returncode == 0, r.stderr
    interrupted, ticks, after = r.stdout.split()
    assert interrupted == "KeyboardInterrupt"
    assert int(ticks) >= 10  # about 50 in the half second
    assert after == "1"
