"""Each failure a Python call can reach raises the exception docs/ERRORS.md
gives its Status code (ExceptionType, python/convert.cc), with a message
that names the cause. ValueError, LookupError and FileNotFoundError:
test_slidedb.py.

Internal (RuntimeError) is not here: it stands for a broken invariant of
slidedb's own, which no call can bring about on purpose.

Run by ctest (python_module) with SLIDEDB_FACES_DB at a database with the
4x4's 5-5-5 pattern databases.
"""
import os
import subprocess
import sys
import textwrap
import time

import pytest

import slidedb

FACES_DB = os.environ.get("SLIDEDB_FACES_DB")
needs_4x4 = pytest.mark.skipif(not FACES_DB, reason="SLIDEDB_FACES_DB not set")

# A 4x4 state far from the goal (blank last): its multi-tile search takes
# far longer than the budgets below.
FAR_4X4 = "14,15,13,12,11,10,9,8,7,6,5,4,3,2,1,0"


@needs_4x4
def test_a_search_past_its_budget_raises_timeout_error():
    """DeadlineExceeded: the multi-tile search answers optimally or not at
    all, so one still running at max_seconds stops with TimeoutError (the
    single-tile search answers with its best path instead)."""
    db = slidedb.open(FACES_DB)
    # The first stops while the search's tables are unpacked, the second
    # (tables made) in the search itself: both at their limit.
    for _ in range(2):
        with pytest.raises(TimeoutError) as e:
            db.solve(FAR_4X4, board="4x4", metric="mtm", max_seconds=0.01)
        assert "stopped at its limit" in str(e.value)
    near = db.solve("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", board="4x4",
                    metric="mtm", max_seconds=60)
    assert near["distance"] == 1


@needs_4x4
def test_a_count_past_its_budget_raises_timeout_error():
    """solutions() on 4x4 is a solve and a second search: max_seconds
    bounds both, and a count cut short answers nothing."""
    db = slidedb.open(FACES_DB)
    with pytest.raises(TimeoutError) as e:
        db.solutions(FAR_4X4, board="4x4", max_seconds=0.001)
    assert "in the time given" in str(e.value) or "proved" in str(e.value)
    near = db.solutions("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15",
                        board="4x4", max_seconds=60)
    assert (near["optimal_solutions"], near["solutions"]) == (1, ["R"])


@needs_4x4
def test_solve_many_raises_at_the_end_of_one_budget():
    """A list's chunk whose multi-tile search ran out of max_seconds raises
    TimeoutError then: it was once solved a second time first (a chunk a
    SIGINT stopped is solved again, and a budget's stop looked the same),
    which took twice the budget."""
    db = slidedb.open(FACES_DB)
    question = dict(board="4x4", metric="mtm",
                    goal=",".join(str(t) for t in range(16)))
    db.solve("1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15", **question)  # tables
    begun = time.monotonic()
    with pytest.raises(TimeoutError, match="stopped at its limit"):
        # Minutes of search in this metric.
        db.solve_many(["15,2,12,11,14,13,9,5,1,3,8,7,0,10,6,4"],
                      max_seconds=1, **question)
    # One budget (the search stops a twentieth early) and the time to stop,
    # milliseconds; two budgets took 1.9 s.
    assert time.monotonic() - begun < 1.75


@needs_4x4
def test_every_searching_method_takes_a_budget():
    """max_seconds on solve_many, distance, distances and moves, as on
    solve and analyse (they once refused it: a TypeError): each state's
    budget counts from its own search's start; an exact answer not proved
    in it raises TimeoutError, and solve's best path is marked."""
    import numpy as np
    db = slidedb.open(FACES_DB)
    near = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"
    many = db.solve_many([FAR_4X4, near], board="4x4", max_seconds=0.2)
    assert many[0]["optimal"] is False and many[0]["lower_bound"] > 0
    alone = db.solve(near, board="4x4")
    assert many[1]["optimal"] is True
    assert (many[1]["distance"], many[1]["moves"]) == \
        (alone["distance"], alone["moves"])
    rows = np.array([[int(t) for t in s.split(",")] for s in (FAR_4X4, near)],
                    np.uint8)
    arrays = db.solve_many(rows, board="4x4", max_seconds=0.2)
    assert arrays["distance"][1] == 1
    assert db.distance(near, board="4x4", max_seconds=5) == 1
    assert db.distances([near], board="4x4", max_seconds=5) == [1]
    assert db.distances(rows[1:], board="4x4", max_seconds=5).tolist() == [1]
    for call in (lambda: db.distance(FAR_4X4, board="4x4", max_seconds=0.05),
                 lambda: db.distances([near, FAR_4X4], board="4x4",
                                      max_seconds=0.05),
                 lambda: db.distances(rows, board="4x4", max_seconds=0.05),
                 lambda: db.moves(FAR_4X4, board="4x4", max_seconds=0.05)):
        with pytest.raises(TimeoutError, match="stopped at its limit"):
            call()
    assert [m["distance"] for m in db.moves(near, board="4x4",
                                            max_seconds=5)] == \
        [m["distance"] for m in db.moves(near, board="4x4")]
    with pytest.raises(ValueError):
        db.distances([near], board="4x4", max_seconds=0)


@needs_4x4
def test_memory_refused_for_a_pattern_database_raises_memory_error():
    """ResourceExhausted: a process whose address space is full (ulimit -v)
    cannot read a pattern database. In a Python of its own, so that the
    limit leaves this one alone."""
    r = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        import resource, sys, slidedb
        state = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"
        # A first Db's search makes the threads a search runs on (their
        # stacks are kept for the next); the second Db is opened (its files
        # mapped) before the limit, and has read no pattern database yet.
        slidedb.open(sys.argv[1]).solve(state, board="4x4")
        db = slidedb.open(sys.argv[1])
        size = next(int(line.split()[1]) * 1024
                    for line in open("/proc/self/status")
                    if line.startswith("VmSize:"))
        resource.setrlimit(resource.RLIMIT_AS,
                           (size, resource.RLIM_INFINITY))
        try:
            db.solve(state, board="4x4")
        except MemoryError as e:
            print("MemoryError:", e)
        """), FACES_DB], capture_output=True, text=True, timeout=120,
        check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(
        "MemoryError: not enough memory for a pattern database"), r.stdout


def test_a_sample_past_the_memory_left_raises_memory_error():
    """ResourceExhausted: a sample of more states than memory holds (the
    library's limit is 2^32 - 1) raises MemoryError with the library's
    words, not the C++ runtime's 'std::bad_alloc'. In a Python of its own,
    its address space held near what it uses."""
    r = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        import resource, sys, slidedb
        db = slidedb.open(sys.argv[1])
        db.sample(1, board="2x5")  # the table open, its pages in
        size = next(int(line.split()[1]) * 1024
                    for line in open("/proc/self/status")
                    if line.startswith("VmSize:"))
        resource.setrlimit(resource.RLIMIT_AS,
                           (size + (64 << 20), resource.RLIM_INFINITY))
        try:
            db.sample(4294967295, board="2x5")
        except MemoryError as e:
            print("MemoryError:", e)
        """), os.environ["SLIDEDB_TEST_DB"]], capture_output=True, text=True,
        timeout=120, check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("MemoryError: out of memory"), r.stdout


@needs_4x4
def test_a_late_item_that_is_no_state_stops_the_work_under_way():
    """solve_many reads its iterable while earlier chunks of 4,096 states
    are searched: an item past them that is no state raises its TypeError
    once those chunks are stopped, not after they are all searched (hours
    here: 4,096 hard 4x4 states on 5-5-5 databases), and other threads run
    meanwhile. In a Python of its own, its time bounded."""
    r = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        import sys, slidedb
        db = slidedb.open(sys.argv[1])
        states = [sys.argv[2]] * 4096 + [None]
        try:
            db.solve_many(states, board="4x4")
        except TypeError as e:
            print("TypeError:", e)
        """), FACES_DB, FAR_4X4], capture_output=True, text=True,
        timeout=60, check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("TypeError: state 4096 is of type NoneType"), \
        r.stdout
