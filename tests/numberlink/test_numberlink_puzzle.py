"""Numberlink's Puzzle under the 0.2 rules: copied grids, read-only views, typed reprs, checked
symbols, keyword-only options, and files written whole or not at all."""

import os

import numpy as np
import pytest

from trapcore import numberlink as nl
from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink import Puzzle


def test_puzzle_copies_its_grid_and_solution():
    p = nl.generate(6, seed=0)
    g = np.array(p.grid)
    s = np.array(p.solution)
    q = Puzzle(g, s)
    g[:] = 0
    s[:] = 0
    assert np.array_equal(q.grid, p.grid) and np.array_equal(q.solution, p.solution)
    # an int16 C-contiguous input (which validation passes through unchanged) is copied too
    h = np.array(p.grid, dtype=np.int16)
    r = Puzzle(h)
    h[h > 0] = 0
    assert np.array_equal(r.grid, p.grid)


def test_puzzle_hands_out_read_only_views():
    p = nl.generate(6, seed=0)
    for arr in (p.grid, p.solution):
        assert arr.dtype == np.int16 and arr.flags.c_contiguous and not arr.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            arr[0, 0] = 5
        with pytest.raises(ValueError):
            arr.setflags(write=True)  # a view of a read-only array cannot be made writeable
    q = Puzzle([[1, 0, 1]])
    assert q.solution is None
    q.solve()
    assert not q.solution.flags.writeable and q.solution.tolist() == [[1, 1, 1]]


def test_repr_says_what_it_is():
    assert repr(Puzzle([[1, 0, 1], [2, 0, 2]])) == "<Puzzle 2x3 numbers=2>"
    assert repr(Puzzle([[-1, 0], [0, 0]])) == "<Puzzle 2x2 numbers=0>"
    p = nl.generate(4, 9, seed=3)
    assert repr(p) == f"<Puzzle 4x9 numbers={int(p.grid.max())}>"


def test_puzzle_solve_is_keyword_only_and_sets_the_solution():
    p = Puzzle(nl.generate(7, seed=4).grid)
    with pytest.raises(TypeError, match="positional"):
        p.solve(2)
    with pytest.raises(TypeError, match="unexpected keyword"):
        p.solve(rules="strict")  # no parameter accepted and ignored
    with pytest.raises(SearchLimitExceeded, match="max_nodes=3 "):
        p.solve(max_nodes=3)
    assert p.solution is None
    sols = p.solve(limit=2)
    assert len(sols) == 1 and np.array_equal(p.solution, sols[0])
    two = Puzzle.from_text("6 6\n12...2\n..3...\n#..14.\n..34..\n.5.5..\n.....#\n")
    assert len(two.solve(limit=5)) == 2 and two.solution is None  # not unique: nothing set
    assert len(two.solve(limit=1)) == 1 and two.solution is not None  # one asked, one kept
    with pytest.raises(ValueError, match="limit must be >= 1"):
        p.solve(limit=0)


def test_solve_and_count_options_are_keyword_only():
    g = nl.generate(5, seed=1).grid
    with pytest.raises(TypeError, match="positional"):
        nl.solve(g, 2)
    with pytest.raises(TypeError, match="positional"):
        nl.count_nodes(g, 2)
    with pytest.raises(TypeError, match="unexpected keyword"):
        nl.solve(g, rules="strict")
    with pytest.raises(TypeError, match="difficulty"):
        Puzzle(g, difficulty=1.0)  # 0.1's constructor option is gone
    with pytest.raises(TypeError, match="positional"):
        Puzzle(g, None, "ABC")


def test_difficulty_known_for_generated_and_computed_otherwise():
    p = nl.generate(9, seed=2)
    assert p.difficulty == Puzzle(p.grid).difficulty
    # at most the sweeps' nodes (and a thousandth) per square: the board search may need fewer
    # (tests/numberlink/test_difficulty.py checks the whole definition)
    nodes = nl.count_nodes(p.grid, limit=2)
    assert 0 < p.difficulty <= round(nodes * 1.001 / int((p.grid >= 0).sum()), 3)


@pytest.mark.parametrize(
    "symbols, exc, match",
    [
        (b"AB", TypeError, "symbols must be a str or None"),
        (["A", "B"], TypeError, "symbols must be a str or None"),
        ("A", ValueError, "2 needed, got 1"),
        ("AA", ValueError, "symbols must be distinct, 'A'"),
        ("A.", ValueError, r"symbols\[1\] = '\.'"),
        ("#B", ValueError, r"symbols\[0\] = '#'"),
        ("A ", ValueError, "cannot stand for a number"),
        ("A\x07", ValueError, "cannot stand for a number"),
    ],
)
def test_symbols_are_checked(symbols, exc, match):
    with pytest.raises(exc, match=match):
        Puzzle([[1, 0, 1], [2, 0, 2]], symbols=symbols)


def test_symbols_are_used_and_trimmed():
    p = Puzzle([[1, 0, 1], [2, 0, 2]], symbols="xyzw")
    assert p.symbols == "xy" and p.to_text() == "3 2\nx.x\ny.y\n"
    p.solve()
    assert p.to_text(solution=True) == "3 2\nxxx\nyyy\n"
    # Flow style shows ASCII letters and digits only: others fall back to the defaults
    q = Puzzle([[1, 0], [1, 0]], symbols="é")
    assert q.to_text() == "2 2\né.\né.\n" and q.to_text(style="flow") == "1.\n1.\n"
    with pytest.raises(TypeError, match="solution must be a bool"):
        q.to_text(solution="yes")


def test_write_puzzles_round_trips_and_is_atomic(tmp_path):
    ps = [nl.generate(n, seed=n) for n in (4, 5, 6)]
    f = tmp_path / "set.txt"
    assert nl.write_puzzles(f, ps) == 3
    back = list(nl.read_puzzles(f))
    assert back == ps and [p.to_text() for p in back] == [p.to_text() for p in ps]
    assert nl.write_puzzles(str(f), ps, solution=True) == 3
    text = f.read_text()
    assert text == "\n".join(p.to_text(solution=True) for p in ps)
    # a failure (here: a puzzle without a solution) leaves the old file whole, and no debris
    with pytest.raises(ValueError, match="no solution yet"):
        nl.write_puzzles(f, [ps[0], Puzzle(ps[1].grid)], solution=True)
    assert f.read_text() == text and os.listdir(tmp_path) == ["set.txt"]
    with pytest.raises(TypeError, match=r"puzzles\[1\] must be a Puzzle"):
        nl.write_puzzles(f, [ps[0], ps[1].grid])
    with pytest.raises(TypeError, match="puzzles must be an iterable of Puzzle"):
        nl.write_puzzles(f, ps[0])
    with pytest.raises(TypeError, match="file must be"):
        nl.write_puzzles(3, ps)
    with pytest.raises(ValueError, match="style must be one of"):
        nl.write_puzzles(f, ps, style="fancy")
    assert f.read_text() == text and os.listdir(tmp_path) == ["set.txt"]
    # Flow style: square, no solids
    flow = [Puzzle([[1, 2], [1, 2]]), Puzzle([[1, 1, 0], [0, 0, 0], [2, 0, 2]])]
    g = tmp_path / "flow.txt"
    nl.write_puzzles(g, flow, style="flow")
    assert g.read_text() == "12\n12\n\n11.\n...\n2.2\n"
    assert list(nl.read_puzzles(g)) == flow
    with pytest.raises(ValueError, match="is a folder"):  # refused before anything is written
        nl.write_puzzles(tmp_path, ps)


def test_puzzle_pickles_and_copies():
    import copy
    import pickle

    p = nl.generate(5, seed=7)
    p.difficulty  # noqa: B018 - known; must survive the round trip
    for q in (pickle.loads(pickle.dumps(p)), copy.deepcopy(p), copy.copy(p)):
        assert q == p and np.array_equal(q.solution, p.solution)
        assert q.difficulty == p.difficulty and q.symbols == p.symbols
        assert not q.grid.flags.writeable and not q.solution.flags.writeable


@pytest.mark.parametrize("module", ["puzzle", "generate", "board_generate", "variants"])
def test_docstring_examples_run(module, tmp_path, monkeypatch):
    import doctest
    import importlib

    monkeypatch.chdir(tmp_path)  # an example that writes a file writes it there

    mod = importlib.import_module(f"trapcore.numberlink.{module}")
    result = doctest.testmod(mod)
    assert result.attempted > 0 and result.failed == 0
