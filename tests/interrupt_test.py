"""slidedb-build stopped by a signal (Ctrl-C, kill) says so and dies by
it; the database is exactly as it was, still answers, and the next build
removes what the stopped one left beside it; --verify stopped says it
wrote nothing. A batch of slidedb-query stopped by a signal ends at a
whole line, says so and dies by it; one waiting for input dies at once.

    python3 tests/interrupt_test.py BUILD_DIR
"""
import hashlib
import itertools
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time


def digest(db):
    """The database's files and their contents (RocksDB's LOG aside)."""
    h = hashlib.sha256()
    for name in sorted(os.listdir(db)):
        if name.startswith("LOG") or name == "LOCK":
            continue
        h.update(name.encode())
        with open(os.path.join(db, name), "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def main():
    bin_dir = sys.argv[1]
    build = os.path.join(bin_dir, "slidedb-build")
    query = os.path.join(bin_dir, "slidedb-query")
    with tempfile.TemporaryDirectory() as work:
        db = os.path.join(work, "db")
        subprocess.run([build, "--db", db, "--board", "2x2", "--quiet"],
                       check=True, stdout=subprocess.DEVNULL)
        before = digest(db)
        for sig in (signal.SIGINT, signal.SIGTERM):
            # 3x4 takes seconds: stopped while it searches or writes.
            p = subprocess.Popen([build, "--db", db, "--board", "3x4"],
                                 stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE, text=True)
            time.sleep(0.5)
            p.send_signal(sig)
            err = p.stderr.read()
            rc = p.wait(timeout=60)
            assert rc == -sig, (sig, rc, err)
            assert "stopped by a signal; the database is as it was" in err, err
            assert digest(db) == before, "the database changed"
            answer = subprocess.run(
                [query, "--db", db, "--board", "2x2", "1203"],
                capture_output=True, text=True)
            assert answer.returncode == 0, answer.stderr
        subprocess.run([build, "--db", db, "--board", "2x3", "--quiet"],
                       check=True, stdout=subprocess.DEVNULL)
        left = [n for n in os.listdir(work) if ".building." in n]
        assert left == [], left
        stop_verify(build, db)
        stop_query(query, db)
    print("interrupt_test: ok")


def stop_verify(build, db):
    """--verify stopped by a signal says that it wrote nothing, not what a
    stopped build says of its database."""
    subprocess.run([build, "--db", db, "--board", "3x4", "--quiet"],
                   check=True, stdout=subprocess.DEVNULL)
    before = digest(db)
    # Its 3x4 table takes seconds to check.
    p = subprocess.Popen([build, "--verify", "--db", db],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True)
    time.sleep(0.5)
    p.send_signal(signal.SIGTERM)
    err = p.stderr.read()
    rc = p.wait(timeout=60)
    assert rc == -signal.SIGTERM, (rc, err)
    assert "stopped by a signal; nothing was written" in err, err
    assert "the database is as it was" not in err, err
    assert digest(db) == before, "the database changed"


def write_all(pipe, data):
    """Writes `data` to `pipe` and closes it; a reader gone ends it."""
    try:
        pipe.write(data)
        pipe.close()
    except BrokenPipeError:
        pass


def stop_query(query, db):
    """A batch stopped while it writes (the pipe full: it is mid-batch),
    then one stopped while it waits for input."""
    states = ["".join(p) + "\n" for p in
              itertools.islice(itertools.permutations("0123"), 24)] * 20000
    for sig in (signal.SIGINT, signal.SIGTERM):
        p = subprocess.Popen([query, "--db", db, "--board", "2x2", "--format",
                              "json"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        feed = threading.Thread(target=write_all,
                                args=(p.stdin, "".join(states).encode()))
        feed.start()
        head = p.stdout.read(65536)  # it has written this much, and goes on
        p.send_signal(sig)
        rest = p.stdout.read()
        err = p.stderr.read().decode()
        rc = p.wait(timeout=60)
        feed.join(timeout=60)
        out = (head + rest).decode()
        assert rc == -sig, (sig, rc, err)
        assert "stopped by a signal: every answer written is whole" in err, err
        assert out.endswith("\n"), out[-200:]
        lines = out.splitlines()
        assert 0 < len(lines) < len(states), len(lines)
        # In order, each the answer of its own line of the input.
        for k, line in enumerate(lines):
            assert json.loads(line)["start"] == states[k].strip(), (k, line)
    p = subprocess.Popen([query, "--db", db, "--board", "2x2"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    p.stdin.write(b"1203\n")
    p.stdin.flush()
    first = p.stdout.readline()  # answered, then it waits for more
    p.send_signal(signal.SIGINT)
    rc = p.wait(timeout=10)
    assert rc == -signal.SIGINT, rc
    assert first.startswith(b"1203 -> "), first


if __name__ == "__main__":
    main()
