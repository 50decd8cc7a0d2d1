"""A fresh slidedb-serve for the benchmark scripts: started on port 0 of
127.0.0.1, its address read from its `listening on http://...` line, and
stopped when the `with` ends.

    with serving.Server(SERVE, DB, "--work-timeout", "600") as base:
        urllib.request.urlopen(base + "/api/solve?start=...")
"""
import re
import subprocess


class Server:
    def __init__(self, serve, db, *args, stderr=subprocess.DEVNULL):
        self.command = [serve, "--db", db, "--port", "0", *args]
        self.stderr = stderr
        self.proc = None
        self.base = None  # http://127.0.0.1:PORT, once listening

    def __enter__(self):
        self.proc = subprocess.Popen(self.command, stdout=subprocess.PIPE,
                                     stderr=self.stderr, text=True)
        try:
            line = self.proc.stdout.readline()
            while "listening" not in line:
                if not line:
                    raise RuntimeError("slidedb-serve ended before listening: "
                                       + " ".join(self.command))
                line = self.proc.stdout.readline()
            self.base = re.search(r"http://\S+", line).group(0)
            return self.base
        except BaseException:
            self.__exit__(None, None, None)
            raise

    def __exit__(self, *exc):
        self.proc.terminate()
        self.proc.wait()
        return False
