"""NumPy arrays in and out: db.distances and db.solve_many of an (n, cells)
uint8 array answer as the same states written as text do.

Run by ctest (python_module, python_install) with SLIDEDB_TEST_DB,
SLIDEDB_TWOBIT_DB, SLIDEDB_FACES_DB (3x3, 3x4 and the 4x4's 5-5-5 pattern
databases) and SLIDEDB_QUERY.
"""
import json
import os
import subprocess
import threading

import numpy as np
import pytest

import slidedb

DB = os.environ["SLIDEDB_TEST_DB"]
TWOBIT_DB = os.environ["SLIDEDB_TWOBIT_DB"]
FACES_DB = os.environ["SLIDEDB_FACES_DB"]
QUERY = os.environ["SLIDEDB_QUERY"]
KORF100 = os.path.join(os.path.dirname(__file__), "..", "..", "bench",
                       "korf100.txt")
KORF_GOAL = ",".join(str(t) for t in range(16))


def random_rows(n, cells, seed=1):
    """n random arrangements of 0..cells-1, solvable or not, as uint8."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, cells)), axis=1).astype(np.uint8)


def text(row):
    return ",".join(str(t) for t in row)


@pytest.fixture(scope="module")
def db():
    return slidedb.open(DB)


@pytest.mark.parametrize("path,options", [
    (DB, {}),
    (DB, {"goal": "012345678"}),  # served by the blank-last table's symmetry
    (DB, {"goal": "1,2,3,4,5,6,7,8,_"}),
    (DB, {"notation": "tile"}),
    (DB, {"metric": "mtm"}),
    (DB, {"board": "2x5"}),
    (DB, {"board": "2x3", "metric": "mtm", "notation": "tile"}),
    (TWOBIT_DB, {}),
    (TWOBIT_DB, {"board": "2x3"}),
    (FACES_DB, {"board": "3x4"}),
])
def test_an_array_answers_as_its_texts(path, options):
    d = slidedb.open(path)
    cells = eval(options.get("board", "3x3").replace("x", "*"))
    rows = random_rows(600, cells)
    rows[0] = np.roll(np.arange(cells, dtype=np.uint8), -1)  # the goal: 0 moves
    texts = [text(r) for r in rows]

    distances = d.distances(rows, **options)
    assert isinstance(distances, np.ndarray)
    assert distances.dtype == np.int32 and distances.shape == (len(rows),)
    expected = [d.distance(s, **options) for s in texts]
    assert d.distances(texts, **options) == expected
    assert distances.tolist() == [-1 if e is None else e for e in expected]
    assert (distances == -1).any() and (distances > 0).any()

    many = d.solve_many(rows[:200], **options)
    assert set(many) == {"distance", "moves", "optimal", "lower_bound",
                         "nodes"}
    assert many["distance"].dtype == np.int32
    assert many["moves"].dtype.kind == "U"
    answers = d.solve_many(texts[:200], **options)
    assert many["distance"].tolist() == [a.get("distance", -1) for a in answers]
    assert many["moves"].tolist() == [a.get("moves", "") for a in answers]
    assert many["optimal"].all() and (many["lower_bound"] == -1).all()
    assert (many["nodes"] == -1).all()  # read off tables


def test_an_array_says_which_paths_max_seconds_left_unproven():
    # Korf's #17 and #88 over the 5-5-5 databases (1.2 and 1.4 s each on
    # one thread here, 15-18 M states), given 20 ms: the weighted search's
    # paths are no proof, and the array says so as the list does.
    korf = [line.split() for line in open(KORF100) if line[0] != "#"]
    hardest = [k for k in korf if k[0] in ("17", "88")]
    assert len(hardest) == 2
    rows = np.array([[int(t) for t in k[2].split(",")] for k in hardest],
                    np.uint8)
    options = {"board": "4x4", "goal": KORF_GOAL, "max_seconds": 0.02}
    d = slidedb.open(FACES_DB)
    many = d.solve_many(rows, **options)
    answers = d.solve_many([text(r) for r in rows], **options)
    assert many["optimal"].tolist() == [a["optimal"] for a in answers]
    assert not many["optimal"].any()
    for k, (length, distance, bound, moves) in enumerate(zip(
            [int(h[1]) for h in hardest], many["distance"],
            many["lower_bound"], many["moves"])):
        assert 0 < bound <= length <= distance == len(moves), k
    assert (many["nodes"] > 0).all()


def test_any_layout_and_no_rows(db):
    rows = random_rows(100, 9)
    expected = db.distances(rows).tolist()
    assert db.distances(np.asfortranarray(rows)).tolist() == expected
    assert db.distances(rows[::-1]).tolist() == expected[::-1]
    empty = db.distances(np.zeros((0, 9), np.uint8))
    assert empty.dtype == np.int32 and empty.shape == (0,)
    many = db.solve_many(np.zeros((0, 9), np.uint8))
    assert many["distance"].shape == (0,) and many["moves"].shape == (0,)


@pytest.mark.parametrize("states,error,words", [
    (np.array([[1, 2, 3, 4, 5, 6, 7, 8, 0]], np.int64), TypeError, "uint8"),
    (np.array([[1, 2, 3, 4, 5, 6, 7, 8, 0]], np.float32), TypeError, "float32"),
    (np.array([1, 2, 3, 4, 5, 6, 7, 8, 0], np.uint8), ValueError, "2-D"),
    (np.array(5, np.uint8), ValueError, "not an array of 0 dimensions"),
    (5, TypeError, "not iterable"),
    (np.zeros((2, 3, 3), np.uint8), ValueError, "3 dimensions"),
    (np.zeros((2, 8), np.uint8), ValueError, "9 numbers each, not 8"),
    (np.array([[1, 2, 3, 4, 5, 6, 7, 8, 0], [1, 2, 3, 3, 5, 6, 7, 8, 0]],
              np.uint8), ValueError, "state 1: the number 3 is on two cells"),
    (np.array([[1, 2, 3, 4, 5, 6, 7, 9, 0]], np.uint8), ValueError,
     "state 0: cell 7 holds 9; a 3x3 board's numbers are 0 to 8"),
])
def test_a_bad_array_says_what_is_wrong(db, states, error, words):
    for method in (db.distances, db.solve_many):
        with pytest.raises(error, match=words):
            method(states)


def test_a_goal_of_other_labels_is_refused(db):
    with pytest.raises(ValueError, match="goal of the numbers 1 to 8"):
        db.distances(random_rows(3, 9), goal="abcdefgh_")
    with pytest.raises(TypeError, match="not one state"):
        db.distances("867254301")


def test_threads_share_a_db():
    d = slidedb.open(DB)
    rows = random_rows(20000, 9, seed=3)
    expected = d.distances(rows).tolist()
    results = [None] * 4

    def run(k):
        results[k] = d.distances(rows).tolist()

    threads = [threading.Thread(target=run, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 4


def test_korf_instances_as_the_cli_gives_them():
    # The ten easiest of Korf's 100, searched over the 5-5-5 pattern
    # databases: the array's distances are the CLI's and Korf's.
    korf = [line.split() for line in open(KORF100) if line[0] != "#"]
    easiest = sorted(korf, key=lambda k: int(k[1]))[:10]
    rows = np.array([[int(t) for t in k[2].split(",")] for k in easiest],
                    np.uint8)
    distances = slidedb.open(FACES_DB).distances(rows, board="4x4",
                                                 goal=KORF_GOAL)
    r = subprocess.run([QUERY, "--db", FACES_DB, "--board", "4x4", "--goal",
                        KORF_GOAL, "--format", "json"],
                       input="".join(k[2] + "\n" for k in easiest),
                       capture_output=True, text=True, check=True)
    cli = [json.loads(line)["distance"] for line in r.stdout.splitlines()]
    assert distances.tolist() == cli == [int(k[1]) for k in easiest]


def test_a_bad_row_is_named_by_its_place_in_a_large_array(db):
    # Answered in chunks on several threads: the place is the array's.
    rows = random_rows(100000, 9, seed=5)
    rows[70000, :2] = 4
    for method in (db.distances, db.solve_many):
        with pytest.raises(ValueError, match="^state 70000: the number 4 is "
                           "on two cells"):
            method(rows)


def test_an_array_of_str_answers_as_a_list(db):
    # A column of str or bytes (NumPy's, or objects as a DataFrame's column
    # gives) is states written as text, not rows of numbers.
    states = ["867254301", "123456780", "123456870"]
    expected = db.distances(states)
    assert expected == [31, 0, None]
    as_bytes = [s.encode() for s in states]
    assert db.distances(as_bytes) == expected
    for array in (
        np.array(states),
        np.array(states, dtype=object),
        np.array(as_bytes),
    ):
        assert db.distances(array) == expected
        assert db.solve_many(array) == db.solve_many(states)


def test_an_array_with_another_blank_label_is_refused(db):
    # Rows write the blank 0: blank="1" would read tile 1 as a blank
    # (solve_many once did, distances ignored it); "0" is taken.
    rows = np.array([[8, 6, 7, 2, 5, 4, 3, 0, 1]], np.uint8)
    for method in (db.distances, db.solve_many):
        with pytest.raises(ValueError, match="blank '1': states given as "
                           "numbers have 0 for the blank"):
            method(rows, blank="1")
    assert db.distances(rows, blank="0").tolist() == db.distances(rows).tolist()
    # An empty array with rows of the wrong length is refused alike.
    for method in (db.distances, db.solve_many):
        with pytest.raises(ValueError, match="9 numbers each, not 8"):
            method(np.zeros((0, 8), np.uint8))
