#!/usr/bin/env python3
"""Fails when lib/'s layering is broken (docs/ARCHITECTURE.md).

Checks every C++ file of lib/ and of the folders over it:
  * a file of lib/<layer>/ includes only headers of its own layer and of the
    layers below it (lib/CMakeLists.txt links them that way);
  * lib/ includes nothing from the programs and faces above it (cli/,
    query/, serve/, builder/, api/, python/, tour/);
  * no cycle of includes among the project's headers.
Run by ctest (layers); `python3 tests/layers_test.py [ROOT]` by hand.
"""
import os
import re
import sys

# Bottom up; a layer may include itself and any layer listed before it,
# except that search and storage do not see each other.
LAYERS = ["base", "puzzle", "search", "storage", "solve", "analysis", "answer"]
NOT_BELOW = {("search", "storage"), ("storage", "search")}
FACES = ["cli", "query", "serve", "builder", "api", "python", "tour", "bench"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources(root, top):
    for d, _, files in os.walk(os.path.join(root, top)):
        for f in files:
            if f.endswith((".h", ".cc")):
                yield os.path.relpath(os.path.join(d, f), root)


def includes(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return INCLUDE.findall(f.read())


def resolve(root, inc):
    """The header an include names, relative to root, or None."""
    for candidate in (inc, os.path.join("include", inc)):
        if os.path.isfile(os.path.join(root, candidate)):
            return candidate
    return None


def allowed(layer, other):
    if (layer, other) in NOT_BELOW:
        return False
    return LAYERS.index(other) <= LAYERS.index(layer)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..")
    problems = []
    graph = {}
    for path in sorted(sources(root, "lib")):
        parts = path.split(os.sep)
        if len(parts) < 3 or parts[1] not in LAYERS:
            problems.append(f"{path}: not in a layer folder of lib/")
            continue
        layer = parts[1]
        for inc in includes(root, path):
            top = inc.split("/")[0]
            if top in FACES:
                problems.append(f"{path}: includes {inc}, a program's file")
            elif top == "lib":
                other = inc.split("/")[1]
                if other not in LAYERS:
                    problems.append(f"{path}: includes {inc}: no such layer")
                elif not allowed(layer, other):
                    problems.append(
                        f"{path}: includes {inc}: layer {layer} may not "
                        f"include layer {other}")
    for top in ["lib"] + FACES + ["include", "tests"]:
        if not os.path.isdir(os.path.join(root, top)):
            continue
        for path in sources(root, top):
            if path.endswith(".h"):
                graph[path] = [resolve(root, i) for i in includes(root, path)
                               if resolve(root, i)]
    # Cycles among headers, by depth-first search.
    state = {}
    stack = []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                cycle = stack[stack.index(nxt):] + [nxt]
                problems.append("include cycle: " + " -> ".join(cycle))
            elif nxt in graph and nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    for p in problems:
        print(p)
    print(f"{len(graph)} headers, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
