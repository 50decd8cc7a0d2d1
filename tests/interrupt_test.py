"""slidedb-build stopped by a signal (Ctrl-C, kill) says so and dies by
it; the database is exactly as it was, still answers, and the next build
removes what the stopped one left beside it.

    python3 tests/interrupt_test.py BUILD_DIR
"""
import hashlib
import os
import signal
import subprocess
import sys
import tempfile
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
    print("interrupt_test: ok")


if __name__ == "__main__":
    main()
