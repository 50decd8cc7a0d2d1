#!/usr/bin/env python3
"""Fails when the code's shape passes issue 35's floors.

  * no source file (C++, Python, JavaScript, shell, CMake) over 500 lines;
  * outside tests/, no C++ function over 150 lines, and none over 80 but
    the hot loops listed in LONG_ALLOWED (each kept whole with a comment
    that says why).
A function's length runs from the line of its opening brace to the line
of its closing one, comments and blank lines included.
Run by ctest (code_shape); `python3 tests/code_shape_test.py [ROOT]` by hand.
"""
import os
import re
import sys

MAX_FILE_LINES = 500
MAX_FUNCTION_LINES = 150
LONG_FUNCTION_LINES = 80
# (file, the start of the text before the function's brace): the loops
# that read better whole. At most five.
LONG_ALLOWED = {
    ("lib/search/ida_run.h", "bool Dfs("),
    ("lib/search/bfs_expand.h", "uint64_t ExpandRanks("),
    ("lib/search/mtm_bfs_expand.h", "uint64_t ExpandMtmRanks("),
    ("lib/search/twobit_bfs.cc", "Status Search("),
}
SOURCE_DIRS = ["lib", "cli", "query", "serve", "builder", "api", "python",
               "tour", "bench", "include", "tests", "scripts", "web", ".ci"]
SUFFIXES = (".h", ".cc", ".py", ".js", ".sh", ".cmake")


def sources(root):
    for top in SOURCE_DIRS:
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = [x for x in dirs if x not in ("node_modules", "corpus")]
            for f in files:
                if f.endswith(SUFFIXES) or f == "CMakeLists.txt":
                    yield os.path.relpath(os.path.join(d, f), root)


def blank_out(src):
    """The text with comments and literals emptied, lines kept."""
    keep_lines = lambda m: "\n" * m.group(0).count("\n")
    src = re.sub(r'R"([^(\s]*)\((.*?)\)\1"', lambda m: '""' + keep_lines(m),
                 src, flags=re.S)
    src = re.sub(r"/\*.*?\*/", keep_lines, src, flags=re.S)
    src = re.sub(r"//[^\n]*", "", src)
    src = re.sub(r'"(\\.|[^"\\\n])*"', '""', src)
    return re.sub(r"'(\\.|[^'\\\n])*'", "''", src)


FUNCTION_HEAD = re.compile(
    r"\)\s*(const|override|noexcept|final|mutable|->\s*[\w:<>]+|\s)*$")
SCOPE_HEAD = re.compile(r"\b(namespace|class|struct|enum|union)\b[^()]*$")


def functions(src):
    """(first line, last line, head) of each function of a C++ text."""
    stack, head, line = [], "", 1
    for ch in blank_out(src):
        if ch == "\n":
            line += 1
        if ch == "{":
            t = head.strip()
            kind = "block"
            if SCOPE_HEAD.search(t) or t.endswith('extern ""'):
                kind = "scope"
            elif (FUNCTION_HEAD.search(t) or
                  re.search(r"\)\s*:\s*.*$", t, flags=re.S)) and all(
                      k == "scope" for k, _, _ in stack):
                kind = "function"
            stack.append((kind, line, " ".join(t.split())))
            head = ""
        elif ch == "}":
            if stack:
                kind, first, text = stack.pop()
                if kind == "function":
                    yield first, line, text
            head = ""
        elif ch == ";":
            head = ""
        else:
            head += ch


def allowed(path, head):
    # The head runs from the last statement's end: the declaration is at
    # its end, after any template line.
    return any(path == p and re.search(r"\b" + re.escape(start), head)
               for p, start in LONG_ALLOWED)


def main(root):
    problems, long_ones = [], []
    for path in sorted(sources(root)):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            text = f.read()
        lines = text.count("\n")
        if lines > MAX_FILE_LINES:
            problems.append(f"{path}: {lines} lines (at most {MAX_FILE_LINES})")
        if not path.endswith((".h", ".cc")) or path.startswith("tests/"):
            continue
        for first, last, head in functions(text):
            n = last - first + 1
            where = f"{path}:{first}: {head[-70:]}"
            if n > MAX_FUNCTION_LINES:
                problems.append(f"{where}: {n} lines (at most "
                                f"{MAX_FUNCTION_LINES})")
            elif n > LONG_FUNCTION_LINES:
                long_ones.append(where)
                if not allowed(path, head):
                    problems.append(f"{where}: {n} lines (at most "
                                    f"{LONG_FUNCTION_LINES} but for the hot "
                                    "loops of LONG_ALLOWED)")
    assert len(LONG_ALLOWED) <= 5
    for p in problems:
        print(p)
    print(f"{len(long_ones)} functions over {LONG_FUNCTION_LINES} lines, "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else
                  os.path.join(os.path.dirname(__file__), "..")))
