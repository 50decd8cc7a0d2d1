#!/usr/bin/env python3
"""Fails when a search's hot loop lost the prefetches its source asks for.

GCC takes a function whose only statement is __builtin_prefetch for one
without effects, and deletes the calls to it that it has not inlined yet:
until the helpers were always inlined, every PdbSearch loop kept only the
automaton's prefetch of the five it asks for, and nothing but the object
code showed it. This reads the disassembly of the search library
(objdump -d) and counts the prefetch instructions of each loop.
Run by ctest (prefetch) on optimized builds without a sanitizer;
`python3 tests/prefetch_test.py LIBRARY [OBJDUMP]` by hand.
"""
import re
import subprocess
import sys

# (the function's demangled name, as a pattern; the least prefetches):
# by blank region a child's entry by placement, by region, the same two of
# the reflection and the automaton's row; by placement the entries are the
# placements'; over words the two words and the automaton's row.
LOOPS = [
    (r"bool slidedb::PdbSearch::Run::Dfs<true, (true|false)>\(", 5),
    (r"bool slidedb::PdbSearch::Run::Dfs<false, (true|false)>\(", 3),
    (r"slidedb::PdbSearch::WordRun::Dfs\(", 3),
    (r"bool slidedb::MtmSearch::Run::Dfs<(true|false)>\(", 1),
]


def prefetches(library, objdump):
    """{demangled function name: its prefetch instructions} in `library`."""
    text = subprocess.run([objdump, "-d", "-C", "--no-show-raw-insn",
                           library], capture_output=True, text=True,
                          check=True).stdout
    counts, name = {}, None
    for line in text.splitlines():
        head = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if head:
            name = head.group(1)
            counts.setdefault(name, 0)
        elif name is not None and re.search(r"\sprefetch", line):
            counts[name] += 1
    return counts


def main(library, objdump="objdump"):
    counts = prefetches(library, objdump)
    problems = []
    for pattern, least in LOOPS:
        found = {n: c for n, c in counts.items() if re.match(pattern, n)}
        if not found:
            problems.append(f"no function matches {pattern}")
        for n, c in sorted(found.items()):
            print(f"{c} prefetches: {n[:100]}")
            if c < least:
                problems.append(f"{n[:100]}: {c} prefetches, fewer than "
                                f"{least}")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
