#!/usr/bin/env python3
"""scripts/bench.sh roads --small runs and prints a well-formed table.

  roads_test.py SOURCE_DIR BUILD_DIR

Runs the suite's small form against BUILD_DIR and checks its Markdown
table: the header, one row for each face and board family, seven cells a
row; on 3x3 and 3x4 a figure in every measured cell (the C++ API and
Python may say they are not built), no face failed; the other families
say they were not measured. No timing is asserted (ctest: tests/).
"""
import re
import subprocess
import sys

FACES = ["CLI one-shot", "CLI batch (stdin)", "server, first after start",
         "server, warm", "C++ API", "Python"]
FAMILIES = ["3x3", "3x4", "2x7", "4x4", "5x5", "4x4 MTM"]
FIGURE = re.compile(r"^[0-9][0-9,.]*( ms| MiB|/s)")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main():
    source, build = sys.argv[1:3]
    p = subprocess.run(["bash", "scripts/bench.sh", "roads", "--small",
                        "--build", build], cwd=source, capture_output=True,
                       text=True)
    if p.returncode != 0:
        sys.exit(f"the suite exited {p.returncode}:\n{p.stderr[-3000:]}")
    lines = [l for l in p.stdout.splitlines() if l.startswith("|")]
    problems = []
    if not lines or cells(lines[0])[:2] != ["face", "family"]:
        sys.exit("no table header in:\n" + p.stdout)
    if len(cells(lines[0])) != 7 or set(cells(lines[1])) != {"---"}:
        problems.append(f"header: {lines[0]!r} {lines[1]!r}")
    rows = {}
    for line in lines[2:]:
        c = cells(line)
        if len(c) != 7:
            problems.append(f"{len(c)} cells: {line!r}")
            continue
        rows[(c[0], c[1])] = c
    for family in FAMILIES:
        for face in FACES:
            c = rows.pop((face, family), None)
            if c is None:
                problems.append(f"no row for {face}, {family}")
            elif family not in ("3x3", "3x4"):
                if not c[2].startswith("not measured (--small)"):
                    problems.append(f"{face}, {family}: {c[2]!r}")
            elif face in ("C++ API", "Python") and "not built" in c[2]:
                continue
            else:
                for value in c[2:5]:
                    if (not FIGURE.match(value) and value != "1 a process"
                            and not value.startswith("over ")):
                        problems.append(f"{face}, {family}: {value!r}")
    problems += [f"an unexpected row: {k}" for k in rows]
    if problems:
        sys.exit("\n".join(problems) + "\n\nthe table:\n" + p.stdout)
    print(p.stdout)


if __name__ == "__main__":
    main()
