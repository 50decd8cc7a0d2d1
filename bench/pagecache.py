"""The page cache's hold on a benchmark's files, read and set, so that a
timed run starts from a known state rather than from whatever the last
run or the machine's reclaim left.

Why it matters here: this machine pages out file pages nobody has mapped
for a minute (DAMON's pageout scheme, /sys/kernel/mm/damon), so a
database last read minutes ago is read again from the disk, and the
first road of a run paid for it (BENCHMARKS.md, the twenty-second
session)."""
import ctypes
import mmap
import os

_libc = ctypes.CDLL(None, use_errno=True)
_libc.mmap.restype = ctypes.c_void_p
_libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                       ctypes.c_int, ctypes.c_int, ctypes.c_long]
_libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
_libc.mincore.argtypes = [ctypes.c_void_p, ctypes.c_size_t,
                          ctypes.POINTER(ctypes.c_ubyte)]
_libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
_MAP_FAILED = ctypes.c_void_p(-1).value
_MADV_POPULATE_READ = 22  # Linux 5.14


def files(*dirs):
    """Every regular file of the given directories (not recursing)."""
    out = []
    for d in dirs:
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name)
            if os.path.isfile(path) and os.path.getsize(path) > 0:
                out.append(path)
    return out


class _Mapped:
    """A file mapped read-only, shared, with ctypes (mmap.mmap gives no
    address for mincore or madvise)."""

    def __init__(self, path):
        self.size = os.path.getsize(path)
        fd = os.open(path, os.O_RDONLY)
        try:
            self.addr = _libc.mmap(None, self.size, mmap.PROT_READ,
                                   mmap.MAP_SHARED, fd, 0)
        finally:
            os.close(fd)
        if self.addr == _MAP_FAILED:
            raise OSError(ctypes.get_errno(), "mmap " + path)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        _libc.munmap(self.addr, self.size)


def resident(paths):
    """The share of the files' pages in the page cache, 0 to 1."""
    held = total = 0
    for path in paths:
        with _Mapped(path) as m:
            pages = (m.size + mmap.PAGESIZE - 1) // mmap.PAGESIZE
            vec = (ctypes.c_ubyte * pages)()
            if _libc.mincore(m.addr, m.size, vec) != 0:
                raise OSError(ctypes.get_errno(), "mincore " + path)
        held += sum(v & 1 for v in vec)
        total += pages
    return held / total if total else 1.0


def warm(paths):
    """Faults every file in whole through a mapping advised as slidedb
    advises its words' (MADV_HUGEPAGE), so that a file read from the disk
    here lands in the page cache as slidedb's own reading would leave it
    (in 2 MB pages where the system has them; read() may leave small
    ones)."""
    for path in paths:
        with _Mapped(path) as m:
            _libc.madvise(m.addr, m.size, mmap.MADV_HUGEPAGE)
            if _libc.madvise(m.addr, m.size, _MADV_POPULATE_READ) != 0:
                raise OSError(ctypes.get_errno(), "populating " + path)


def evict(paths):
    """Drops the files' clean pages from the page cache (pages some
    process has mapped stay)."""
    for path in paths:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def prepare(paths, state):
    """Puts the files in `state` ("warm", "cold", or "as is": left alone)
    and returns the share resident after, for the table."""
    if state == "warm":
        warm(paths)
    elif state == "cold":
        evict(paths)
    elif state != "as is":
        raise ValueError("page cache state must be warm, cold or as is: " + state)
    return resident(paths)
