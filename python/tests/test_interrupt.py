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
# Korf's third instance (59 moves): about a second over 4-4-4-3.
KORF_3 = "14,7,8,2,13,11,10,4,9,12,5,0,3,6,1,15"
KORF_GOAL = ",".join(str(t) for t in range(16))
NEAR_KORF_GOAL = "1,5,2,3,4,0,6,7,8,9,10,11,12,13,14,15"  # 2 moves


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


# A batch of table lookups (no search, which looks at the stop itself):
# a million states of 2x5 take seconds; Ctrl-C a tenth of a second in
# stops it long before the time the whole batch takes, measured first in
# the same process.
LOOKUPS = textwrap.dedent("""
    import os, signal, sys, threading, time, slidedb
    db = slidedb.open(sys.argv[1])
    batch = [sys.argv[2]] * 1_000_000
    getattr(db, sys.argv[3])(batch[:1000], board="2x5")  # its pages read
    t = time.monotonic()
    getattr(db, sys.argv[3])(batch, board="2x5")
    whole = time.monotonic() - t
    threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGINT)).start()
    t = time.monotonic()
    try:
        getattr(db, sys.argv[3])(batch, board="2x5")
        print("answered", whole)
    except KeyboardInterrupt:
        print("KeyboardInterrupt", (time.monotonic() - t) / whole)
    """)


@pytest.mark.parametrize("method", ["solve_many", "distances"])
def test_ctrl_c_stops_a_batch_of_lookups(method, tmp_path):
    db = str(tmp_path / "db")
    build = os.path.join(os.path.dirname(QUERY), "slidedb-build")
    subprocess.run([build, "--db", db, "--board", "2x5", "--quiet"],
                   check=True)
    r = subprocess.run([sys.executable, "-c", LOOKUPS, db, "5,1,2,3,4,0,6,7,8,9",
                        method], capture_output=True, text=True,
                       timeout=300, check=False)
    assert r.returncode == 0, r.stderr
    said, share = r.stdout.split()
    assert said == "KeyboardInterrupt", r.stdout
    assert float(share) < 0.6, r.stdout


# A handler of the user's that returns without raising: the call goes on
# and answers as if no SIGINT had come (PEP 475), in a Python of its own
# that sends itself SIGINT a fifth of a second into a search of about a
# second, and asks again without the signal to compare. A batch puts the
# long search in its first chunk and its last, 4,096 states apart, so both
# are stopped: the pipeline of solve_many's chunks solves the later one
# again too. The handler says whether it ran while the call was under way.
RESUME = textwrap.dedent("""
    import os, signal, sys, threading, slidedb
    db = slidedb.open(sys.argv[1])
    method, state, near, goal = sys.argv[2:6]
    batch = [state] + [near] * 4500 + [state]
    if method.endswith("_of_array"):
        import numpy
        method = method[:-len("_of_array")]
        arg = numpy.array([[int(t) for t in s.split(",")] for s in batch],
                          dtype=numpy.uint8)
    elif method in ("solve_many", "distances"):
        arg = batch
    else:
        arg = state
    seen, under_way = [], [True]
    signal.signal(signal.SIGINT, lambda *_: seen.append(under_way[0]))
    threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT)).start()
    answer = getattr(db, method)(arg, board="4x4", goal=goal)
    under_way[0] = False
    again = getattr(db, method)(arg, board="4x4", goal=goal)
    print(seen, repr(answer) == repr(again))
    """)


@pytest.mark.parametrize("method", ["solve", "distance", "solve_many",
                                    "distances", "solve_many_of_array",
                                    "distances_of_array"])
def test_a_handler_that_returns_lets_the_call_answer(method, weak_4x4):
    r = subprocess.run([sys.executable, "-c", RESUME, weak_4x4, method,
                        KORF_3, NEAR_KORF_GOAL, KORF_GOAL],
                       capture_output=True, text=True, timeout=120,
                       check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["[True]", "True"]


# The thread that watches for long calls waits, a second after the last
# one, until the next: the process still exits at once (it hung in exit(),
# destroying what the thread waited on).
def test_exits_after_the_watching_thread_went_idle(weak_4x4):
    script = textwrap.dedent("""
        import sys, time, slidedb
        db = slidedb.open(sys.argv[1])
        db.distances([sys.argv[2]], board="4x4", goal=sys.argv[3])
        time.sleep(1.5)
        """)
    r = subprocess.run([sys.executable, "-c", script, weak_4x4,
                        NEAR_KORF_GOAL, KORF_GOAL], capture_output=True,
                       text=True, timeout=60, check=False)
    assert r.returncode == 0, r.stderr
