"""Every face gives the same answers (issue 20's cross-face test).

The same questions, on 3x3 and 3x4 (full tables, goals served by symmetry
among them) and 4x4 (pattern databases and a search, Korf's instances on
his blank-first goal among them), go through slidedb-query (the CLI),
slidedb-serve (the HTTP API, started on port 0 of 127.0.0.1) and the Python
module, which is the C++ API's Db with its fields made dicts. JSON is
compared byte for byte between the CLI and the server; the module's dicts
field for field with the CLI's JSON. A refusal (counting solutions where a
search answers) reads the same on every face.

Environment: SLIDEDB_FACES_DB (a database with 3x3, 3x4 and 4x4 5-5-5,
built by the ctest fixture make_faces_db), SLIDEDB_QUERY, SLIDEDB_SERVE,
SLIDEDB_SOURCE_DIR, and PYTHONPATH holding the module.
"""
import json
import os
import random
import re
import subprocess
import urllib.error
import urllib.parse
import urllib.request

import pytest
import slidedb

DB = os.environ["SLIDEDB_FACES_DB"]
QUERY = os.environ["SLIDEDB_QUERY"]
SERVE = os.environ["SLIDEDB_SERVE"]
SOURCE = os.environ["SLIDEDB_SOURCE_DIR"]

KORF_GOAL = ",".join(str(t) for t in range(16))


def walk(rows, cols, steps, rng):
    """A state `steps` random moves from the blank-last goal."""
    cells = list(range(1, rows * cols)) + [0]
    blank = rows * cols - 1
    for _ in range(steps):
        r, c = divmod(blank, cols)
        options = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                   if 0 <= r + dr < rows and 0 <= c + dc < cols]
        nr, nc = rng.choice(options)
        other = nr * cols + nc
        cells[blank], cells[other] = cells[other], cells[blank]
        blank = other
    sep = "" if rows * cols <= 9 else ","
    return sep.join(str(t) for t in cells)


def korf(indices):
    """Korf's instances (1-based numbers) from bench/korf100.txt."""
    lines = [l.split() for l in open(os.path.join(SOURCE, "bench", "korf100.txt"))
             if l.strip() and not l.startswith("#")]
    return [lines[i - 1][2] for i in indices]


rng = random.Random(20)
# (board, goal or None, states): malformed and unsolvable inputs included.
CASES = [
    ("3x3", None, [walk(3, 3, 40, rng) for _ in range(8)] +
     ["867254301", "123456780", "213456780", "12345", "12345678x",
      # Quotes around a state go; inside one they are refused alike.
      '"8 6 7 2 5 4 3 0 1"', '"8 6 7 2 5 4 3 0" 1']),
    ("3x3", "123/8_4/765", ["283164705", "867254301", walk(3, 3, 30, rng)]),
    ("3x4", None, [walk(3, 4, 60, rng) for _ in range(6)] +
     ["0,3,2,1,8,7,6,5,4,11,10,9", "1,2,3,4,5,6,7,8,9,10,11,0",
      "2,1,3,4,5,6,7,8,9,10,11,0", "1,2,3"]),
    # The goal with the blank first: the blank-last table by symmetry.
    ("3x4", "0,1,2,3,4,5,6,7,8,9,10,11", [walk(3, 4, 50, rng)
                                          for _ in range(3)]),
    ("4x4", KORF_GOAL, korf([2, 6, 9, 12])),
    ("4x4", None, [walk(4, 4, 30, rng) for _ in range(3)] +
     ["2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0"]),
]


def cli(args, stdin=""):
    r = subprocess.run([QUERY, "--db", DB] + args, input=stdin,
                       capture_output=True, text=True, timeout=300)
    return r.returncode, r.stdout, r.stderr


def board_args(board, goal):
    return ["--board", board] + (["--goal", goal] if goal else [])


@pytest.fixture(scope="module")
def server():
    p = subprocess.Popen([SERVE, "--db", DB, "--port", "0", "--bind",
                          "127.0.0.1", "--threads", "2"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    try:
        line = p.stdout.readline()
        m = re.search(r"listening on (http://127\.0\.0\.1:\d+)", line)
        assert m, line + p.stderr.read()
        yield m.group(1)
    finally:
        p.terminate()
        p.wait(timeout=10)


def http(base, path, params=None, body=None):
    url = base + path
    if params:
        url += "?" + urllib.parse.urlencode(params)
    req = urllib.request.Request(url, data=body.encode() if body else None,
                                 method="POST" if body else "GET")
    try:
        with urllib.request.urlopen(req, timeout=300) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def params_of(board, goal, **more):
    p = {"board": board}
    if goal:
        p["goal"] = goal
    p.update(more)
    return p


@pytest.fixture(scope="module")
def db():
    return slidedb.open(DB)


@pytest.mark.parametrize("board,goal,states", CASES)
def test_solve_is_the_same_on_every_face(server, db, board, goal, states):
    rc, out, err = cli(board_args(board, goal) + ["--format", "json"],
                       "\n".join(states) + "\n")
    lines = out.splitlines(keepends=True)
    assert len(lines) == len(states), err
    # The server's batch: the same bytes.
    status, body = http(server, "/api/solve", params_of(board, goal),
                        "\n".join(states) + "\n")
    assert status == 200
    assert body == out
    for state, line in zip(states, lines):
        # One state at a time on the server: the same bytes.
        status, body = http(server, "/api/solve",
                            params_of(board, goal, start=state))
        assert body == line
        answer = json.loads(line)
        kwargs = {"board": board, "goal": goal}
        if "error" in answer:
            assert status == 400
            with pytest.raises(ValueError) as e:
                db.solve(state, **kwargs)
            assert str(e.value) == "'%s': %s" % (answer["input"],
                                                 answer["error"])
            continue
        assert status == 200
        # The module's dict (the C++ API's Solution): field for field.
        assert db.solve(state, **kwargs) == answer
        assert db.distance(state, **kwargs) == answer.get("distance")


@pytest.mark.parametrize("board,goal,states", CASES)
def test_moves_are_the_same_on_every_face(server, db, board, goal, states):
    good = [s for s in states if "error" not in json.loads(
        cli(board_args(board, goal) + ["--format", "json", s])[1])][:3]
    rc, out, err = cli(board_args(board, goal) + ["--moves", "--format",
                                                   "json"] + good)
    lines = out.splitlines(keepends=True)
    assert len(lines) == len(good), err
    for state, line in zip(good, lines):
        status, body = http(server, "/api/moves",
                            params_of(board, goal, start=state))
        assert (status, body) == (200, line)
        answer = json.loads(line)
        moves = db.moves(state, board=board, goal=goal)
        if not answer["solvable"]:
            assert all(m["distance"] is None for m in moves)
            continue
        assert [(m["move"], m["tile"], m["state"], m["distance"])
                for m in moves] == [
            (m["move"], m["tile"], m["state"], m["distance"])
            for m in answer["moves"]]
        # Each move's distance is one more or one less, and some move is
        # one nearer: the distances are exact.
        ds = [m["distance"] for m in answer["moves"]]
        assert all(abs(d - answer["distance"]) == 1 for d in ds)
        assert answer["distance"] == 0 or answer["distance"] - 1 in ds


@pytest.mark.parametrize("board,goal,states", CASES)
def test_verify_is_the_same_on_every_face(server, db, board, goal, states):
    state = next(s for s in states if json.loads(
        cli(board_args(board, goal) + ["--format", "json", s])[1]).get(
            "distance", 0) > 0)
    solved = json.loads(cli(board_args(board, goal) + ["--format", "json",
                                                         state])[1])
    for moves in (solved["moves"], solved["moves"][:-1] + "UU"):
        rc, out, err = cli(board_args(board, goal) +
                           ["--format", "json", "--verify", moves, state])
        status, body = http(server, "/api/verify",
                            params_of(board, goal, start=state, moves=moves))
        assert body == out, err
        # Python's dict: the answer's question and metric, then the CLI's
        # "verify" fields (gap None where JSON has null).
        answer = json.loads(out)
        expected = {k: answer[k] for k in ("board", "start", "goal",
                                           "solvable", "metric", "notation")}
        expected.update(answer["verify"])
        assert db.verify(state, moves, board=board, goal=goal) == expected
    assert json.loads(out)["verify"]["optimal_length"] == solved["distance"]


def without_nodes(body):
    return re.sub(r',"nodes":[0-9]+', "", body)


@pytest.mark.parametrize("board,goal,states", CASES)
def test_solutions_are_the_same_on_every_face(server, db, board, goal,
                                              states):
    # Read off a full table, or (4x4) found by a search over the pattern
    # databases.
    for state in states[:3]:
        rc, out, err = cli(board_args(board, goal) + [
            "--format", "json", "--count", "--all", "--limit", "5", state])
        if rc == 65:  # malformed: Python raises as the CLI refuses
            with pytest.raises(ValueError):
                db.solutions(state, limit=5, board=board, goal=goal)
            continue
        answer = json.loads(out)
        status, body = http(server, "/api/solve", params_of(
            board, goal, start=state, count="1", all="1", limit="5"))
        # A searched count's states (in "nodes") depend on how its threads
        # shared the work: all else is the same, byte for byte.
        assert without_nodes(body) == without_nodes(out), err
        keep = ["board", "start", "goal", "solvable"] + (
            ["metric", "notation", "optimal_solutions", "solutions",
             "solutions_complete"] if answer["solvable"] else ["reason"])
        assert db.solutions(state, limit=5, board=board, goal=goal) == {
            k: answer[k] for k in keep}


def test_multi_tile_counting_where_a_search_answers_is_refused_alike(
        server, db):
    state = korf([12])[0]
    rc, out, err = cli(["--board", "4x4", "--goal", KORF_GOAL, "--metric",
                        "mtm", "--count", state])
    assert rc == 64
    message = err.strip()[len("slidedb-query: "):]
    assert "full table" in message
    status, body = http(server, "/api/count", {"board": "4x4", "goal":
                                               KORF_GOAL, "metric": "mtm",
                                               "start": state})
    assert (status, json.loads(body)) == (501, {"error": message,
                                                "code": "NotSupported"})
    with pytest.raises(ValueError) as e:
        db.solutions(state, board="4x4", goal=KORF_GOAL, metric="mtm")
    assert str(e.value) == message
    rc, out, err = cli(["--board", "4x4", "--sample", "2"])
    sample_message = err.strip()[len("slidedb-query: "):]
    status, body = http(server, "/api/sample", {"board": "4x4", "n": "2"})
    assert (status, json.loads(body)) == (501, {"error": sample_message,
                                                "code": "NotSupported"})
    with pytest.raises(ValueError) as e:
        db.sample(2, board="4x4")
    assert str(e.value) == sample_message


def test_a_batch_line_without_an_answer_says_why_in_its_code(server):
    # A line whose budget ran out and a malformed one: the same two error
    # objects but for their "code", which tells a program which to ask
    # again with more time (the CLI's exit status can name only one).
    lines = korf([60])[0] + "\n1,2,3\n"
    args = ["--board", "4x4", "--goal", KORF_GOAL, "--metric", "mtm"]
    rc, out, err = cli(args + ["--max-seconds", "0.01", "--format", "json"],
                       lines)
    assert rc == 65, err
    status, body = http(server, "/api/solve",
                        {"board": "4x4", "goal": KORF_GOAL, "metric": "mtm",
                         "max_seconds": "0.01"}, body=lines)
    assert status == 200, body
    for text in (out, body):
        answers = [json.loads(l) for l in text.splitlines()]
        assert [sorted(a) for a in answers] == [["code", "error", "input"]] * 2
        assert [a["code"] for a in answers] == ["DeadlineExceeded",
                                                "InvalidArgument"]
    # A request's own failure: its HTTP status and the same code.
    status, body = http(server, "/api/solve", {"start": "1,2,3"})
    assert (status, json.loads(body)["code"]) == (400, "InvalidArgument")
    status, body = http(server, "/api/solve",
                        {"board": "3x5",
                         "start": "1,2,3,4,5,6,7,8,9,10,11,12,13,0,14"})
    assert (status, json.loads(body)["code"]) == (404, "NotFound")
    status, body = http(server, "/api/nothing")
    assert (status, json.loads(body)["code"]) == (404, "NotFound")


def test_tables_are_the_same_on_every_face(server, db):
    rc, out, err = cli(["--tables", "--format", "json"])
    assert rc == 0, err
    status, body = http(server, "/api/tables")
    assert status == 200
    # The server adds the database that answers each goal (it may serve
    # several); the rest is the CLI's, in its order.
    served = json.loads(body)["tables"]
    assert all(t.pop("database") == DB for t in served)
    listed = json.loads(out)["tables"]
    assert served == listed
    kinds = {(t["board"], t["goal_blank"]): t["kind"] for t in listed}
    # 3x3: all 9 goal blanks from 3 tables; 3x4 the 4 corners; 4x4 the
    # blank-last pattern databases and the blank-first goal they serve.
    assert sum(1 for b, _ in kinds if b == "3x3") == 9
    assert kinds[("3x4", 0)] == kinds[("3x4", 11)] == "table"
    assert kinds[("4x4", 15)] == kinds[("4x4", 0)] == "pdb"
    assert [(t["board"], t["goal"], t["states"], t["kind"],
             t["max_distance"]) for t in db.tables()] == [
        (t["board"], t["goal"], t["states"], t["kind"], t["max_distance"])
        for t in listed]


def test_numbers_are_checked_alike_on_every_face(server, db):
    # One table of limits (lib/answer/limits.h): every face gives a number
    # out of its range the same sentence, under its own name for it; the
    # server's profile caps it lower, and says why.
    def refusal(text, name):
        assert text.startswith(name + " "), text
        return text[len(name):]

    for n, distance in (("0", None), ("1", "1001")):
        args = ["--sample", n] + (["--distance", distance] if distance else [])
        rc, out, err = cli(args)
        assert rc == 64, err
        # The CLI's name, and Python's and the server's.
        name, key = (("--sample", "n") if distance is None else
                     ("--distance", "distance"))
        first = err.splitlines()[0]  # then "Try 'slidedb-query --help'."
        cli_says = refusal(first[len("slidedb-query: "):], name)
        with pytest.raises(ValueError) as e:
            db.sample(int(n), distance=int(distance) if distance else None)
        assert refusal(str(e.value), key) == cli_says
        params = {"n": n}
        if distance:
            params["distance"] = distance
        status, body = http(server, "/api/sample", params)
        assert status == 400
        says = refusal(json.loads(body)["error"], "parameter '%s'" % key)
        if distance is None:  # the server's cap of n is its own
            says = says.replace("10000", "4294967295")
        assert says == cli_says
    # Past the server's cap, within the library's: the server refuses with
    # its reason, the CLI answers.
    status, body = http(server, "/api/sample", {"n": "10001"})
    assert status == 400
    assert json.loads(body)["error"] == (
        "parameter 'n' must be a whole number from 1 to 10000, not '10001': "
        "the server holds a request's whole answer in memory")
    rc, out, err = cli(["--sample", "10001"])
    assert rc == 0, err
    # A budget: the C++ API's check, in Python too.
    rc, out, err = cli(["--max-seconds", "0", "867254301"])
    assert rc == 64
    with pytest.raises(ValueError) as e:
        db.solve("867254301", max_seconds=0)
    assert refusal(str(e.value), "max_seconds") == refusal(
        err.splitlines()[0][len("slidedb-query: "):], "--max-seconds")
