"""Numberlink text formats: round trips (hypothesis), both styles, errors with line and column."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from trapcore import numberlink as nl
from trapcore.numberlink import Puzzle


@st.composite
def grids(draw, square=False, solids=True):
    rows = draw(st.integers(1, 7))
    cols = rows if square else draw(st.integers(1, 7))
    cells = rows * cols
    pairs = draw(st.integers(0, min(cells // 2, 20)))
    order = draw(st.permutations(range(cells)))
    g = np.zeros(cells, np.int16)
    for k in range(pairs):
        g[order[2 * k]] = g[order[2 * k + 1]] = k + 1
    if solids:
        for i in order[2 * pairs :]:
            if draw(st.booleans()):
                g[i] = -1
    return g.reshape(rows, cols)


def canonical(g):
    """Renumber by first endpoint in row-major order (what parsing does)."""
    out = g.copy()
    seen = {}
    for v in g.ravel():
        if v > 0 and v not in seen:
            seen[v] = len(seen) + 1
    for old, new in seen.items():
        out[g == old] = new
    return out


@given(grids())
def test_header_round_trip(g):
    p = Puzzle(g)
    text = p.to_text()
    q = Puzzle.from_text(text)
    assert np.array_equal(q.grid, canonical(g))
    assert q.to_text() == text  # the symbols read are the symbols written
    assert Puzzle.from_text(q.to_text()) == q


@given(grids(square=True, solids=False))
def test_flow_round_trip(g):
    text = Puzzle(g).to_text(style="flow")
    assert np.array_equal(Puzzle.from_text(text).grid, canonical(g))


@given(st.lists(grids(), min_size=1, max_size=4), st.booleans())
def test_several_puzzles_and_comments(gs, end_mark):
    parts = [f"# puzzle {i}\n" + Puzzle(g).to_text() for i, g in enumerate(gs)]
    text = (
        "# a comment before everything\n\n"
        + "\n".join(parts)
        + ("\n0 0\nignored\n" if end_mark else "")
    )
    got = list(nl.parse_puzzles(text))
    assert [p.grid.tolist() for p in got] == [canonical(g).tolist() for g in gs]


@given(st.text(alphabet=st.sampled_from("abc.#\n 12\t"), max_size=40))
def test_parse_never_crashes(text):
    try:
        list(nl.parse_puzzles(text))
    except ValueError as exc:
        assert "line" in str(exc) or "puzzle" in str(exc)


def test_symbols_are_kept():
    text = "5 2\n[\\.^_\n[\\^._\n"
    p = Puzzle.from_text(text)
    assert p.numbers == 4 and p.to_text() == text
    sol = Puzzle.from_text("3 1\nA.A\n")
    sol.solve()
    assert sol.to_text(solution=True) == "3 1\nAAA\n"


def test_solid_inside_rows_is_not_a_comment():
    p = Puzzle.from_text("# comment\n3 2\n#1.\n1.#\n")
    assert p.grid.tolist() == [[-1, 1, 0], [1, 0, -1]]


def test_flow_lowercase_and_other_characters():
    with pytest.raises(ValueError, match="line 2, column 2: symbol 'x' appears 1"):
        Puzzle.from_text("R.G\n.x.\nR-G\n")
    p = Puzzle.from_text("R.G\n.-.\nR-G\n")
    assert p.grid.tolist() == [[1, 0, 2], [0, 0, 0], [1, 0, 2]]


@pytest.mark.parametrize(
    "text, match",
    [
        ("3 2\n1.1\n2.\n", "line 3, column 3: row has 2 squares, expected 3"),
        ("3 2\n1.1\n2..2\n", "line 3, column 4: row has 4 squares, expected 3"),
        ("3 1\n1\x01.\n", "line 2, column 2: unknown character"),
        ("3 1\n1 1\n", "line 2, column 2: unknown character ' '"),
        ("3 1\n1.2\n", "line 2, column 1: symbol '1' appears 1"),
        ("4 1\n1111\n", "line 2, column 3: symbol '1' appears 4"),
        ("3 3\n1.1\n", "line 3, column 1: the text ends after 1 of the 3 rows"),
        ("3 1\n1.1\n\nabc\n", "line 4, column 1: expected a 'W H' header"),
        ("AB.\nA.\n...\n", "line 2, column 3: row has 2 squares, expected 3"),
        ("A..\n..A\n", "line 2, column 1: a flow-style board must be square"),
        ("3 0\n", "line 1, column 1: bad size"),
    ],
)
def test_parse_errors_name_line_and_column(text, match):
    with pytest.raises(ValueError, match=match):
        Puzzle.from_text(text)


def test_from_text_wants_one_puzzle_and_from_file(tmp_path):
    two = "3 1\n1.1\n\n3 1\n2.2\n"
    with pytest.raises(ValueError, match="expected one puzzle, found 2"):
        Puzzle.from_text(two)
    with pytest.raises(ValueError, match="expected one puzzle, found 0"):
        Puzzle.from_text("# nothing\n")
    f = tmp_path / "two.txt"
    f.write_text(two)
    for path in (f, str(f)):
        first = Puzzle.from_file(path)
        assert isinstance(first, Puzzle) and first.to_text() == "3 1\n1.1\n"
        both = nl.read_puzzles(path)
        assert iter(both) is both  # an iterator, not a list
        assert [p.to_text() for p in both] == ["3 1\n1.1\n", "3 1\n2.2\n"]
    f.write_text("3 2\n1.1\n2.\n")
    with pytest.raises(ValueError, match=r"two.txt: line 3, column 3"):
        Puzzle.from_file(f)
    with pytest.raises(ValueError, match=r"two.txt: line 3, column 3"):
        list(nl.read_puzzles(f))
    f.write_text("3 1\n1.1\n\n3 1\n1.2\n")  # from_file stops after the first puzzle
    assert Puzzle.from_file(f).numbers == 1
    with pytest.raises(ValueError, match=r"two.txt: line 5, column 1: symbol '1' appears 1"):
        list(nl.read_puzzles(f))
    f.write_text("# only a comment\n")
    with pytest.raises(ValueError, match="no puzzle in this file"):
        Puzzle.from_file(f)
    assert list(nl.read_puzzles(f)) == []
    with pytest.raises(TypeError, match="file must be"):
        Puzzle.from_file(3)
    with pytest.raises(TypeError, match="file must be"):
        nl.read_puzzles(3)  # checked at the call, not when iterating
    with pytest.raises(OSError):
        nl.read_puzzles(tmp_path / "missing.txt")
    with pytest.raises(TypeError, match="text must be a str"):
        Puzzle.from_text(b"3 1\n1.1\n")
    with pytest.raises(TypeError, match="text must be a str"):
        nl.parse_puzzles(b"3 1\n1.1\n")


def test_to_text_errors():
    p = Puzzle([[1, -1, 1]])
    with pytest.raises(ValueError, match="style must be one of"):
        p.to_text(style="fancy")
    with pytest.raises(TypeError, match="positional"):
        p.to_text("flow")  # options are keyword-only
    with pytest.raises(ValueError, match="square board"):
        p.to_text(style="flow")
    with pytest.raises(ValueError, match="solid"):
        Puzzle([[1, -1], [1, 0]]).to_text(style="flow")
    with pytest.raises(ValueError, match="no solution yet"):
        p.to_text(solution=True)
    many = np.arange(1, 201, dtype=np.int16).repeat(2).reshape(20, 20)
    with pytest.raises(ValueError, match="need more symbols"):
        Puzzle(many).to_text(style="flow")
    # the header style runs on into Unicode letters, and reads back
    text = Puzzle(many).to_text()
    assert np.array_equal(Puzzle.from_text(text).grid, many)
    lots = np.arange(1, 20001, dtype=np.int16).repeat(2).reshape(200, 200)
    assert np.array_equal(Puzzle.from_text(Puzzle(lots).to_text()).grid, lots)


def test_puzzle_class():
    p = nl.generate(6, seed=0)
    assert p.shape == (6, 6) and repr(p) == f"<Puzzle 6x6 numbers={p.numbers}>"
    q = Puzzle(p.grid, p.solution)
    assert q == p and q.difficulty == p.difficulty
    with pytest.raises(ValueError, match="solution"):
        Puzzle(p.grid, np.where(p.solution > 0, 1, p.solution))
    with pytest.raises(ValueError, match="exactly two endpoints"):
        Puzzle([[1, 0]])
    assert (p == "x") is False


SYMBOL_CHARS = st.characters(
    blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp", "Cf", "Co", "Cn"),
    blacklist_characters=".#",
)


@given(grids(), st.lists(SYMBOL_CHARS, min_size=20, max_size=20, unique=True))
def test_any_printable_symbols_round_trip(g, syms):
    # write the text by hand with arbitrary symbols; reading must give the grid back
    syms = [ch for ch in syms if ch.isprintable() and not ch.isspace()]
    if len(syms) < g.max(initial=0):
        return
    rows = ["".join("." if v == 0 else "#" if v < 0 else syms[v - 1] for v in row) for row in g]
    text = f"{g.shape[1]} {g.shape[0]}\n" + "\n".join(rows) + "\n"
    p = Puzzle.from_text(text)
    assert np.array_equal(p.grid, canonical(g))
    assert p.to_text() == text


@given(grids(), st.data())
def test_errors_point_at_the_broken_square(g, data):
    text_rows = Puzzle(g).to_text().splitlines()
    rows, cols = g.shape
    r = data.draw(st.integers(0, rows - 1))
    c = data.draw(st.integers(0, cols - 1))
    kind = data.draw(st.sampled_from(["control", "short", "long"]))
    line = text_rows[1 + r]
    if kind == "control":
        bad = line[:c] + "\x07" + line[c + 1 :]
        match = f"line {r + 2}, column {c + 1}: unknown character"
    elif kind == "short":
        bad = line[:c]
        match = f"line {r + 2}, column {c + 1}: row has {c} squares, expected {cols}"
    else:
        bad = line + "."
        match = f"line {r + 2}, column {cols + 1}: row has {cols + 1} squares"
    text_rows[1 + r] = bad
    with pytest.raises(ValueError, match=match):
        Puzzle.from_text("\n".join(text_rows) + "\n")
