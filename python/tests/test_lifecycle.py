"""A slidedb.Db's life: objects never opened raise, and threads still
answering when the interpreter exits let it exit cleanly (issue 38).

Each case runs in a Python of its own: the faults they guard against
(a segfault, std::terminate) would end the test run itself.
"""
import os
import subprocess
import sys
import textwrap

DB = os.environ["SLIDEDB_TEST_DB"]


def run_python(code):
    """The exit status, stdout and stderr of `code` in a new interpreter."""
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code), DB],
                       capture_output=True, text=True, timeout=120,
                       check=False)
    return r.returncode, r.stdout, r.stderr


def test_objects_never_opened_raise():
    rc, out, err = run_python("""
        import slidedb

        class Sub(slidedb.Db):
            pass

        for obj in (slidedb.Db.__new__(slidedb.Db), Sub.__new__(Sub)):
            calls = [lambda: obj.solve("867254301"),
                     lambda: obj.solve_many(["867254301"]),
                     lambda: obj.distance("867254301"),
                     lambda: obj.moves("867254301"),
                     lambda: obj.analyse("867254301", "U"),
                     lambda: obj.histogram(),
                     lambda: obj.sample(1),
                     lambda: obj.tables(),
                     lambda: obj.path]
            for call in calls:
                try:
                    call()
                    print("answered")
                except ValueError as e:
                    print("ValueError:", e)
            print(repr(obj))
        try:
            slidedb.Db.solve(42, "867254301")
        except TypeError as e:
            print("TypeError:", e)
    """)
    assert rc == 0, err
    lines = out.splitlines()
    assert len(lines) == 2 * 10 + 1
    for line in lines[:-1]:
        if line.startswith("<"):
            assert line == "<slidedb.Db never opened>"
        else:
            assert line.startswith("ValueError:") and "slidedb.open" in line
    assert lines[-1].startswith("TypeError:")


def test_opened_objects_still_answer():
    rc, out, err = run_python("""
        import sys, slidedb
        db = slidedb.open(sys.argv[1])
        print(db.solve("867254301")["distance"], repr(db) == \
            "<slidedb.Db '%s'>" % sys.argv[1], db.path == sys.argv[1])
    """)
    assert rc == 0, err
    assert out.split() == ["31", "True", "True"]


def test_a_closed_db_raises_and_its_calls_under_way_finish():
    # close() and the with statement let go of the database at once; a
    # batch under way on another thread finishes on it, and every call
    # after raises ValueError (never a crash on freed memory).
    rc, out, err = run_python("""
        import sys, threading, slidedb
        with slidedb.open(sys.argv[1]) as db:
            print(db.distance("867254301"))
        print(repr(db).endswith("(closed)>"), db.path == sys.argv[1])
        for call in (lambda: db.solve("867254301"), lambda: db.tables(),
                     lambda: db.solve_many(["867254301"]),
                     lambda: db.histogram(), lambda: db.sample(1),
                     db.__enter__):
            try:
                call()
                print("answered")
            except ValueError as e:
                print("ValueError:" + str(e).replace(" ", "_"))
        db.close()  # again: nothing
        db = slidedb.open(sys.argv[1])
        states = [s["state"] for s in db.sample(20000, seed=3)] * 100
        # Another thread closes it as soon as this one lets go of the GIL,
        # inside the call, which holds the database on.
        closer = threading.Timer(0.01, db.close)
        closer.start()
        distances = db.distances(states)
        closer.join()
        print(len(distances) == len(states) and None not in distances,
              repr(db).endswith("(closed)>"))
    """)
    assert rc == 0, err
    lines = out.split()
    assert lines[:3] == ["31", "True", "True"]
    assert lines[3:9] == ["ValueError:this_slidedb.Db_is_closed"] * 6
    assert lines[9:] == ["True", "True"]


def test_exit_while_daemon_threads_answer():
    """Daemon threads inside solve_many, solve and sample at exit: Python
    exits with its own status, not std::terminate's abort."""
    rc, out, err = run_python("""
        import sys, threading, time, slidedb
        db = slidedb.open(sys.argv[1])
        states = ["867254301"] * 100000

        def many():
            while True:
                db.solve_many(states)

        def one():
            while True:
                db.solve("867254301", board="3x3")

        def sample():
            while True:
                db.sample(2000, seed=7)

        for work in (many, many, one, sample):
            threading.Thread(target=work, daemon=True).start()
        time.sleep(0.5)
        print("exiting", flush=True)
        sys.exit(3)
    """)
    assert "terminate" not in err
    assert (rc, out) == (3, "exiting\n"), err
