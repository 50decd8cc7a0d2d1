"""The Python module answers as slidedb-query --format json does.

Run by ctest (python_module) with PYTHONPATH at the built module,
SLIDEDB_TEST_DB at the suite's database and SLIDEDB_QUERY at the tool.
"""
import fractions
import json
import os
import pathlib
import subprocess
import threading

import pytest

import slidedb

DB = os.environ["SLIDEDB_TEST_DB"]
QUERY = os.environ["SLIDEDB_QUERY"]


def cli(*args, form="json"):
    """slidedb-query's exit status, JSON Lines (as a list) and stderr."""
    r = subprocess.run([QUERY, "--db", DB, "--format", form, *args],
                       capture_output=True, text=True, check=False)
    lines = r.stdout.splitlines() if form == "json" else []
    return r.returncode, [json.loads(line) for line in lines], r.stderr


@pytest.fixture(scope="module")
def db():
    return slidedb.open(DB)


@pytest.mark.parametrize("state,options", [
    ("867254301", {}),
    ("123456870", {}),  # unsolvable: reason instead of a path
    ("123/456/7_8", {}),
    ("283164705", {"goal": "123/8_4/765"}),
    ("abcdefgh9", {"blank": "9"}),
    ("5_4321", {"board": "2x3", "goal": "_54/321"}),
    ("9,8,7,6,5,4,3,2,1,0", {"board": "2x5"}),
    ("867254301", {"metric": "mtm"}),
    ("867254301", {"metric": "mtm", "notation": "tile"}),
    ("867254301", {"notation": "tile"}),
    ("5_4321", {"board": "2x3", "metric": "mtm"}),
])
def test_solve_is_the_cli_json(db, state, options):
    args = [a for k, v in options.items() for a in ("--" + k, v)]
    _, lines, _ = cli(*args, "--", state)
    assert db.solve(state, **options) == lines[0]
    expected = lines[0].get("distance")
    assert db.distance(state, **options) == expected


@pytest.mark.parametrize("metric", ["stm", "mtm"])
def test_moves_are_the_cli_moves(db, metric):
    _, lines, _ = cli("--moves", "--metric", metric, "867254301")
    assert db.moves("867254301", metric=metric) == lines[0]["moves"]


@pytest.mark.parametrize("start,moves,options", [
    ("867254301", "U L D R2 U", {"metric": "mtm"}),
    ("867254301", "D R U L L", {"notation": "tile"}),
    ("123456780", "U U D D", {}),
    ("123456870", "U", {}),  # unsolvable: reason instead of an analysis
])
def test_analyse_is_the_cli_json(db, start, moves, options):
    args = [a for k, v in options.items() for a in ("--" + k, v)]
    _, lines, _ = cli(*args, "--analyse", "--start", start, "--moves", moves)
    assert db.analyse(start, moves, **options) == lines[0]


@pytest.mark.skipif(not os.environ.get("SLIDEDB_FACES_DB"),
                    reason="SLIDEDB_FACES_DB not set")
def test_a_searched_analysis_is_the_cli_json_with_its_states():
    """On a board answered by a search the analysis adds "nodes", the
    states its searches generated, on every face alike."""
    faces = os.environ["SLIDEDB_FACES_DB"]
    start = "5,1,2,4,9,3,6,7,11,10,0,8,13,14,15,12"  # 16 moves
    r = subprocess.run([QUERY, "--db", faces, "--board", "4x4", "--format",
                        "json", "--analyse", "--start", start, "--moves",
                        "ULD"], capture_output=True, text=True, check=True)
    analysis = slidedb.open(faces).analyse(start, "ULD", board="4x4")
    assert analysis == json.loads(r.stdout)
    assert analysis["nodes"] > 0


def test_analyse_names_an_illegal_step(db):
    _, _, err = cli("--analyse", "--start", "867254301", "--moves", "U L D D")
    with pytest.raises(ValueError) as e:
        db.analyse("867254301", "U L D D")
    assert "step 4 of 4 (D) is not legal" in str(e.value)
    assert str(e.value) in err


def test_a_bad_metric_is_the_cli_message(db):
    _, _, err = cli("--metric", "hex", "867254301")
    with pytest.raises(ValueError) as e:
        db.solve("867254301", metric="hex")
    assert str(e.value) in err


def test_solve_many_is_solve_for_each(db):
    states = ["867254301", "123456870", "123456780", "647850321"] * 50
    assert db.solve_many(states) == [db.solve(s) for s in states]
    assert db.solve_many(iter(states[:3])) == [db.solve(s) for s in states[:3]]
    assert db.solve_many([]) == []
    # One state, str or bytes, not an iterable of them; an item that is no
    # str is named by its place, counted from 0 as an array's rows are, and
    # its type.
    for method, one in ((db.solve_many, "solve"), (db.distances, "distance")):
        for state in ("867254301", b"867254301"):
            with pytest.raises(TypeError, match="not one state: use " + one):
                method(state)
        with pytest.raises(TypeError, match="state 1 is of type int, not str or bytes"):
            method(["867254301", 5])


def test_solve_many_releases_the_gil(db):
    # Threads calling solve_many at once get the answers one thread gets.
    states = [s["state"] for s in db.sample(3000, seed=5)]
    expected = db.solve_many(states)
    results = [None] * 4

    def work(k):
        results[k] = db.solve_many(states)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == expected for r in results)


def test_malformed_input_raises_value_error_with_the_cli_message(db):
    for bad in ["12345", "1234567899", "12345678x"]:
        rc, _, err = cli(bad, form="text")
        assert rc == 65
        message = err.strip()[len("slidedb-query: "):]
        with pytest.raises(ValueError) as e:
            db.solve(bad)
        assert str(e.value) == message
        with pytest.raises(ValueError):
            db.distance(bad)
        with pytest.raises(ValueError):
            db.moves(bad)
        with pytest.raises(ValueError) as e:
            db.solve_many(["867254301", bad])
        assert str(e.value) == message
    with pytest.raises(ValueError):
        db.solve("123456780", board="6x5")
    # An empty goal given is an error, as --goal '' and goal= are, not the
    # start's own goal.
    with pytest.raises(ValueError) as e:
        db.solve("867254301", goal="")
    assert str(e.value) == "goal '': empty state"
    # So is an empty blank, metric or notation (blank= once meant the
    # default on the server and here, an error on the command line).
    for name in ("blank", "metric", "notation"):
        with pytest.raises(ValueError, match=name + " is empty"):
            db.solve("867254301", **{name: ""})
    # Sides whose product overflows int once crashed the interpreter.
    for huge in ("46341x46341", "65536x65536", "2x2147483647"):
        with pytest.raises(ValueError):
            db.solve("1", board=huge)
        with pytest.raises(ValueError):
            db.histogram(board=huge)
    for bad_budget in (0, -1.5, float("nan")):
        with pytest.raises(ValueError):
            db.solve("867254301", max_seconds=bad_budget)
    # A table's answer ignores a budget: always optimal, no 'optimal' key.
    assert db.solve("867254301", max_seconds=0.5)["distance"] == 31
    # Nothing answers 3x5 in this database: a LookupError naming the
    # command that builds it; but a start malformed for the board is a
    # ValueError first (a typo is not mended by a build).
    with pytest.raises(LookupError) as e:
        db.solve("1,2,3,4,5,6,7,8,9,10,11,12,13,0,14", board="3x5")
    assert "slidedb-build" in str(e.value)
    with pytest.raises(ValueError, match="9 cells given; a 3x5 board"):
        db.solve("123456780", board="3x5")
    with pytest.raises(ValueError):
        db.solve("123456780", goal="1234")
    with pytest.raises(TypeError):
        db.solve(123456780)


def test_missing_database_and_table(db, tmp_path):
    with pytest.raises(FileNotFoundError):
        slidedb.open(str(tmp_path / "none"))
    # A NUL in the path is a ValueError, as Python's open() makes it; it
    # was an OSError naming the path cut short there.
    with pytest.raises(ValueError, match="embedded null byte"):
        slidedb.open(str(tmp_path) + "\0/none")
    # An empty path too, as slidedb-query refuses --db '': no default
    # folder taken unseen.
    with pytest.raises(ValueError, match="the database path is empty"):
        slidedb.open("")
    rc, _, err = cli("--board", "3x4", "1,2,3,4,5,6,7,8,9,10,0,11")
    assert rc == 66
    with pytest.raises(LookupError) as e:
        db.solve("1,2,3,4,5,6,7,8,9,10,0,11", board="3x4")
    assert str(e.value) in err
    with pytest.raises(LookupError):
        db.histogram(board="3x4")


def test_an_error_quoting_the_input_says_why(db, tmp_path):
    # Bytes that are not UTF-8, or a NUL, in the input: the message still
    # says why (it was empty, or cut at the NUL), as the CLI does.
    rc, lines, _ = cli("--", b"86725430\xff")
    why = lines[0]["error"]
    assert rc == 65 and why
    # A str that UTF-8 cannot hold (os.fsdecode's surrogate escape) is the
    # same input as its bytes (a TypeError from pybind11 once).
    for bad in (b"86725430\xff", os.fsdecode(b"86725430\xff"),
                "867254301\0", "86725430\x001"):
        with pytest.raises(ValueError) as e:
            db.solve(bad)
        assert str(e.value).endswith(why), str(e.value)
    for moves in (b"\xff", "\udcff"):
        with pytest.raises(ValueError, match="names '\ufffd', which is no tile"):
            db.analyse("867254301", moves)
    for call in (db.distance, db.moves, db.solutions):
        with pytest.raises(ValueError):
            call("8672543\ud8001")
    # So in a batch: the item's bytes, refused as the state alone is (a
    # UnicodeEncodeError from the batch's own reading once).
    for many in (db.solve_many, db.distances):
        with pytest.raises(ValueError) as e:
            many(["867254301", os.fsdecode(b"86725430\xff")])
        assert type(e.value) is ValueError and str(e.value).endswith(why)


def test_a_path_that_is_not_utf8(tmp_path):
    # Linux names are bytes: such a database opens, and its path is given
    # back as os.fsdecode gives it.
    where = os.fsencode(str(tmp_path)) + b"/d\xffb"
    build = os.path.join(os.path.dirname(QUERY), "slidedb-build")
    subprocess.run([build, "--db", where, "--board", "2x3", "--quiet"],
                   check=True)
    d = slidedb.open(where)
    assert d.path == os.fsdecode(where)
    assert repr(d) == "<slidedb.Db " + repr(os.fsdecode(where)) + ">"
    assert repr(d).isascii()  # printable wherever output is strict
    assert d.distance("1234_5", board="2x3") == 1
    assert slidedb.open(os.fsdecode(where)).path == d.path
    with pytest.raises(FileNotFoundError):
        slidedb.open(where + b"\xfe")


def test_moves(db):
    moves = db.moves("123456708")
    assert [m["move"] for m in moves] == ["U", "L", "R"]
    assert {m["tile"]: m["distance"] for m in moves} == {5: 2, 7: 2, 8: 0}
    for m in moves:
        assert db.distance(m["state"]) == m["distance"]
    assert all(m["distance"] is None for m in db.moves("123456870"))


def test_numbers_are_read_as_given(db):
    """max_seconds of any int is read as its digits, as the CLI reads
    --max-seconds: one out of range quoted as given (10**400 was pybind11's
    TypeError, 10**30 quoted as 1e+30); a bool is no number of seconds,
    nor of states."""
    with pytest.raises(ValueError, match="max_seconds '1" + "0" * 30 + "'"):
        db.solve("867254301", max_seconds=10**30)
    with pytest.raises(ValueError, match="max_seconds '1" + "0" * 99 +
                       r"\.\.\.'"):
        db.solve("867254301", max_seconds=10**400)
    assert db.solve("867254301", max_seconds=86400)["distance"] == 31
    for ask in (lambda: db.solve("867254301", max_seconds=True),
                lambda: db.sample(True), lambda: db.sample(2, seed=False),
                lambda: db.solutions("867254301", limit=True)):
        with pytest.raises(TypeError, match="not a bool"):
            ask()


def test_max_seconds_of_numpy_and_fractions(db):
    """What makes a number of seconds still does: NumPy's ints and
    floats, a Fraction."""
    np = pytest.importorskip("numpy")
    for seconds in (np.int64(5), np.float32(2.5), fractions.Fraction(5, 2)):
        assert db.solve("867254301", max_seconds=seconds)["distance"] == 31
    with pytest.raises(ValueError, match="max_seconds '-1'"):
        db.solve("867254301", max_seconds=np.int64(-1))


def test_histogram_and_sample_are_the_cli(db):
    for options in [{}, {"board": "2x3", "goal": "_54/321"}]:
        args = [a for k, v in options.items() for a in ("--" + k, v)]
        _, lines, _ = cli(*args, "--histogram")
        assert db.histogram(**options) == lines[0]
        _, lines, _ = cli(*args, "--sample", "25", "--seed", "9")
        assert db.sample(25, seed=9, **options) == lines
        _, lines, _ = cli(*args, "--sample", "25", "--distance", "6")
        assert db.sample(25, distance=6, **options) == lines
    # notation, which neither writes, and a blank's label that is a tile of
    # the goal they answer about (tiles 1 to 8: a goal with a tile twice),
    # are refused as the CLI refuses them.
    for option, value, why in [("notation", "tile", "notation does not apply"),
                               ("blank", "1", "is a tile's in the 3x3 goal")]:
        given = {option: value}
        for ask, flag in [(lambda: db.histogram(**given), "--histogram"),
                          (lambda: db.sample(1, **given), "--sample")]:
            with pytest.raises(ValueError, match=why):
                ask()
            status, _, err = cli(flag,
                                 *(["1"] if flag == "--sample" else []),
                                 "--" + option, value)
            assert status == 64 and why in err, err
    # Numbers out of range say so as slidedb-query does, quoting what was
    # given.
    # Past 64 bits, and -1 for a distance (None is "any"), too.
    for option, value in [("--sample", 0), ("--sample", -5),
                          ("--sample", 2**70), ("--sample", -2**70),
                          ("--seed", -1), ("--seed", 2**64),
                          ("--distance", -1), ("--distance", 1001),
                          ("--distance", 2**40), ("--distance", -2**70)]:
        given = {"n": 2, "seed": 1}
        given[{"--sample": "n"}.get(option, option[2:])] = value
        with pytest.raises(ValueError) as e:
            db.sample(given.pop("n"), **given)
        args = ["--sample", "2"] + [a for k, v in given.items()
                                    for a in ("--" + k, str(v))]
        status, _, err = cli(*(args if option != "--sample" else
                               ["--sample", str(value)]))
        assert status == 64
        quoted = "'%d'" % value
        assert quoted in str(e.value) and quoted in err, (str(e.value), err)
    # solutions' limit too (past 64 bits a TypeError once).
    for value in (10**9 + 1, 2**63, 2**70, -1, -2**70):
        with pytest.raises(ValueError) as e:
            db.solutions("867254301", limit=value)
        assert "limit must be a whole number" in str(e.value)
        assert "'%d'" % value in str(e.value)


def test_numpy_integers_and_paths_are_taken(db):
    # Any integer (operator.index), NumPy's too, as Python's own calls take
    # them; a path-like object where a path goes.
    np = pytest.importorskip("numpy")
    assert (db.sample(np.int64(3), distance=np.int32(6), seed=np.uint64(9))
            == db.sample(3, distance=6, seed=9))
    for not_whole in (2.0, "2"):
        with pytest.raises(TypeError):
            db.sample(not_whole)
    assert slidedb.open(pathlib.Path(DB)).distance("867254301") == 31
    with pytest.raises(FileNotFoundError):
        slidedb.open(pathlib.Path(DB) / "none")


def test_a_goal_with_nothing_built_is_a_lookup_error(db):
    # No 4x4 pattern databases here: histogram() says what to build, as
    # solve() does (not that a search answers the goal).
    with pytest.raises(LookupError) as solve:
        db.solve("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", board="4x4")
    with pytest.raises(LookupError) as histogram:
        db.histogram(board="4x4")
    assert "slidedb-build" in str(histogram.value)
    assert str(histogram.value) == str(solve.value)


def test_tables_and_version(db):
    tables = db.tables()
    assert {"board": "3x3", "goal": "123456780", "states": 181440,
            "max_distance": 31, "kind": "table", "metric": "stm"} in tables
    assert {"board": "3x3", "goal": "123456780", "states": 181440,
            "max_distance": 24, "kind": "table", "metric": "mtm"} in tables
    assert slidedb.__version__ == subprocess.run(
        [QUERY, "--version"], capture_output=True, text=True).stdout.split()[1]
    assert db.path == DB
    assert db.tables(board="3x3") == [t for t in tables if t["board"] == "3x3"]
    assert len(db.tables(board="3x3")) < len(tables)
    with pytest.raises(ValueError, match="9x9"):
        db.tables(board="9x9")


TWOBIT_DB = os.environ.get("SLIDEDB_TWOBIT_DB")


@pytest.mark.skipif(not TWOBIT_DB, reason="SLIDEDB_TWOBIT_DB not set")
def test_two_bit_tables_answer_as_byte_tables(db):
    """The same tables at two bits a state (issue 23) give the same answers."""
    two = slidedb.open(TWOBIT_DB)
    for state, options in [("867254301", {}),
                           ("283164705", {"goal": "123/8_4/765"}),
                           ("867254301", {"goal": "_12/345/678"}),
                           ("5_4321", {"board": "2x3", "goal": "_54/321"})]:
        assert two.solve(state, **options) == db.solve(state, **options)
        assert two.moves(state, **options) == db.moves(state, **options)
        assert two.distance(state, **options) == db.distance(state, **options)
    assert two.histogram() == db.histogram()
    assert two.sample(10, distance=12, seed=3) == db.sample(10, distance=12,
                                                            seed=3)


def test_preload_answers_as_on_demand(tmp_path):
    """open(..., preload=True) reads the pattern databases whole at open; its
    answers are those of the default, which reads their pages on demand."""
    build = os.path.join(os.path.dirname(QUERY), "slidedb-build")
    d = str(tmp_path / "db")
    subprocess.run([build, "--db", d, "--board", "2x4", "--pdb", "3-4",
                    "--quiet"], check=True, capture_output=True)
    on_demand = slidedb.open(d)
    whole = slidedb.open(d, preload=True)
    for state in ["1234567_", "_7654321", "1235_674", "4321_765"]:
        expected = on_demand.solve(state, board="2x4")
        assert whole.solve(state, board="2x4") == expected
        r = subprocess.run([QUERY, "--db", d, "--board", "2x4", "--format",
                            "json", state], capture_output=True, text=True,
                           check=False)
        cli_answer = json.loads(r.stdout)
        assert cli_answer.get("distance") == expected.get("distance")
        assert cli_answer.get("moves") == expected.get("moves")
    with pytest.raises(TypeError):
        slidedb.open(d, True)  # preload is a keyword
    with pytest.raises(FileNotFoundError):
        slidedb.open(d + "-missing", preload=True)


def test_strong_pattern_databases_name_their_index(tmp_path):
    """--pdb strong numbers the entries by the blank's region as well: tables()
    says which numbering each goal's databases use, and both answer alike."""
    build = os.path.join(os.path.dirname(QUERY), "slidedb-build")
    dbs = {}
    for name, pdb in [("placement", "3-4"), ("blank-region", "strong")]:
        d = str(tmp_path / name)
        subprocess.run([build, "--db", d, "--board", "2x4", "--pdb", pdb,
                        "--quiet"], check=True, capture_output=True)
        dbs[name] = slidedb.open(d)
        pdbs = [t for t in dbs[name].tables() if t["kind"] == "pdb"]
        assert pdbs and all(t["index"] == name for t in pdbs), pdbs
        # Successor words by default only past 16 cells.
        assert not any(t["words"] for t in pdbs), pdbs
    d = str(tmp_path / "words")
    subprocess.run([build, "--db", d, "--board", "2x4", "--pdb", "strong",
                    "--words", "--quiet"], check=True, capture_output=True)
    dbs["words"] = slidedb.open(d)
    pdbs = [t for t in dbs["words"].tables() if t["kind"] == "pdb"]
    assert pdbs and all(t["words"] for t in pdbs), pdbs
    for state in ["_7654321", "5_123476", "7612_354", "3_762154"]:
        by_region = dbs["blank-region"].solve(state, board="2x4")
        by_placement = dbs["placement"].solve(state, board="2x4")
        assert by_region["distance"] == by_placement["distance"] > 0
        assert by_region["nodes"] <= by_placement["nodes"]
        # The words' search visits the same states, on the same path.
        assert dbs["words"].solve(state, board="2x4") == by_region
