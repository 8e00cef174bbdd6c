"""Other people's formats (issue 11): the DA Symposium contest's problem and answer files and
puzz.link URLs, read and written; hand-decoded examples, round trips, clear errors."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore.numberlink as nl

CONTEST = """SIZE 6X4
LINE_NUM 3
LINE#1 (0,0)-(5,3)
LINE#2 (1,1)-(4,1)
LINE#3 (2,2)-(0,3)
"""


def test_contest_problem_by_hand():
    p = nl.parse_contest(CONTEST)
    want = np.zeros((4, 6), np.int16)
    want[0, 0] = want[3, 5] = 1  # (x, y): x is the column
    want[1, 1] = want[1, 4] = 2
    want[3, 0] = want[2, 2] = 3
    assert np.array_equal(p.grid, want) and (p.fill, p.touch) == (False, True)
    assert nl.contest_text(p) == CONTEST
    assert nl.parse_puzzles(CONTEST).__next__() == p  # parse_puzzles recognises the format


def test_contest_answer_is_a_checked_solution():
    p = nl.parse_contest(CONTEST)
    (sol,) = nl.solve(p.grid, fill=False, limit=1)
    text = nl.contest_text(nl.Puzzle(p.grid, sol, fill=False), solution=True)
    lines = text.splitlines()
    assert lines[0] == "SIZE 6X4" and len(lines) == 5
    back = np.array([[int(v) for v in ln.split(",")] for ln in lines[1:]], np.int16)
    assert np.array_equal(back, sol) and nl.check(p.grid, back, fill=False)


@pytest.mark.parametrize(
    "text,words",
    [
        ("SIZE 4X4X2\nLINE_NUM 1\nLINE#1 (0,0,1)-(3,3,2)\n", ["2 layers", "one layer"]),
        ("LINE_NUM 1\nLINE#1 (0,0)-(1,1)\n", ["no SIZE"]),
        ("SIZE 3X3\nLINE_NUM 2\nLINE#1 (0,0)-(1,1)\n", ["LINE_NUM says 2"]),
        ("SIZE 3X3\nLINE#1 (0,0)-(3,1)\n", ["off the 3x3 board"]),
        ("SIZE 3X3\nLINE#1 (0,0)-(1,1)\nLINE#2 (1,1)-(2,2)\n", ["already taken"]),
        ("SIZE 3X3\nLINE#2 (0,0)-(1,1)\n", ["numbered 1 to 1"]),
        ("SIZE 3X3\nVIA#a (0,0,1)-(0,0,2)\n", ["line 2", "expected SIZE"]),
        ("SIZE 0X3\n", ["out of range"]),
    ],
)
def test_contest_errors(text, words):
    with pytest.raises(ValueError) as info:
        nl.parse_contest(text, source="q.txt")
    for w in words:
        assert w in str(info.value)


def test_puzzlink_by_hand():
    # 3 x 2: row 0 is "1 . 2", row 1 is ". 2 1"; g is a run of one empty square
    p = nl.parse_puzzlink("https://puzz.link/p?numlin/3/2/1g2g21")
    assert p.grid.tolist() == [[1, 0, 2], [0, 2, 1]] and not p.fill
    assert nl.puzzlink_url(p) == "https://puzz.link/p?numlin/3/2/1g2g21"
    # runs longer than 20 squares take several letters; numbers past 15 take '-' and two digits
    q = nl.parse_puzzlink("http://pzv.jp/p.html?numlin/25/1/-10zi-10")  # 16, 23 empty, 16
    assert q.grid[0, 0] == q.grid[0, 24] == 1 and (q.grid[0, 1:24] == 0).all()


def _boards():
    @st.composite
    def board(draw):
        rows, cols = draw(st.integers(1, 9)), draw(st.integers(2, 40))
        n = rows * cols
        k = draw(st.integers(1, n // 2))
        cells = draw(st.permutations(range(n)))[: 2 * k]
        g = np.zeros(n, np.int16)
        for i in range(k):
            g[cells[2 * i]] = g[cells[2 * i + 1]] = i + 1
        return g.reshape(rows, cols)

    return board()


@settings(max_examples=60, deadline=None)
@given(grid=_boards())
def test_round_trips(grid):
    p = nl.Puzzle(grid, fill=False)
    assert np.array_equal(nl.parse_contest(nl.contest_text(p)).grid, grid)
    q = nl.parse_puzzlink(nl.puzzlink_url(p))
    # the URL keeps the numbers; reading renumbers them by first appearance
    first = {}
    for v in grid.ravel():
        if v > 0:
            first.setdefault(int(v), len(first) + 1)
    assert np.array_equal(q.grid, np.vectorize(lambda v: first.get(int(v), 0))(grid))


def test_puzzlink_wide_numbers():
    g = np.zeros((1, 2 * 300), np.int16)
    g[0, 0::2] = g[0, 1::2] = np.arange(1, 301)  # numbers up to 300: '-', '+' forms
    url = nl.puzzlink_url(nl.Puzzle(g, fill=False))
    assert "-10" in url and "+12c" in url
    assert np.array_equal(nl.parse_puzzlink(url).grid, g)


@pytest.mark.parametrize(
    "url,word",
    [
        ("https://puzz.link/p?slither/3/3/abc", "not a puzz.link Numberlink"),
        ("https://puzz.link/p?numlin/3/1/1.1", "'?' square"),
        ("https://puzz.link/p?numlin/3/1/1g2", "exactly two"),
        ("https://puzz.link/p?numlin/2/1/111", "past the 2x1 board"),
        ("https://puzz.link/p?numlin/3/1/1-z1", "bad number"),
        ("https://puzz.link/p?numlin/3/1/1#1", "not a puzz.link"),
    ],
)
def test_puzzlink_errors(url, word):
    with pytest.raises(ValueError, match=word):
        nl.parse_puzzlink(url)


def test_solid_squares_cannot_be_written():
    p = nl.Puzzle([[1, -1, 1]])
    for fn in (nl.contest_text, nl.puzzlink_url):
        with pytest.raises(ValueError, match="solid"):
            fn(p)
    with pytest.raises(TypeError, match="puzzle"):
        nl.contest_text(p.grid)


def test_url_file_names_its_line(tmp_path):
    f = tmp_path / "urls.txt"
    f.write_text("https://puzz.link/p?numlin/3/2/1g2g21\nhttps://puzz.link/p?numlin/3/1/1g2\n")
    it = nl.read_puzzles(f)
    assert next(it).numbers == 2
    with pytest.raises(ValueError, match="urls.txt: line 2"):
        next(it)
