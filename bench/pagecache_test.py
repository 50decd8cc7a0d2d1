#!/usr/bin/env python3
"""bench/pagecache.py sets the page cache the way a suite asks for.

  pagecache_test.py WORK_DIR

In a fresh directory under WORK_DIR: `files` lists the non-empty regular
files in order; "warm" leaves a file wholly resident; "cold" leaves it
not resident, where the file system keeps its pages in a page cache
(not tmpfs, whose pages are the file itself); "as is" changes nothing;
another state is refused. No timing is asserted (ctest: tests/).
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pagecache  # noqa: E402


def on_tmpfs(path):
    """Whether `path` lies on a tmpfs (the longest mount point over it)."""
    path = os.path.realpath(path)
    best, kind = "", ""
    with open("/proc/mounts") as f:
        for line in f:
            mount, fs = line.split()[1], line.split()[2]
            inside = path == mount or path.startswith(mount.rstrip("/") + "/")
            if inside and len(mount) > len(best):
                best, kind = mount, fs
    return kind == "tmpfs"


def check(cond, what):
    if not cond:
        print("FAILED: " + what)
        sys.exit(1)


def main():
    with tempfile.TemporaryDirectory(dir=sys.argv[1]) as d:
        for name, size in (("b.bin", 4 << 20), ("a.bin", 3 << 20),
                           ("empty", 0)):
            with open(os.path.join(d, name), "wb") as f:
                f.write(os.urandom(size))
        os.mkdir(os.path.join(d, "sub"))
        paths = pagecache.files(d)
        check([os.path.basename(p) for p in paths] == ["a.bin", "b.bin"],
              "files() lists the non-empty regular files in order: %s" % paths)
        check(pagecache.prepare(paths, "warm") == 1.0, "warm: all resident")
        check(pagecache.prepare(paths, "as is") == 1.0, "as is: unchanged")
        cold = pagecache.prepare(paths, "cold")
        if on_tmpfs(d):
            print("cold not checked: %s is on tmpfs" % d)
        else:
            check(cold < 0.5, "cold: at most half resident, not %.3f" % cold)
            check(pagecache.prepare(paths, "warm") == 1.0, "warm again")
        try:
            pagecache.prepare(paths, "hot")
            check(False, "an unknown state is refused")
        except ValueError:
            pass
    print("pagecache: ok")


if __name__ == "__main__":
    main()
