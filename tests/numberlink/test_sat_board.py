"""The SAT turn of boards that are not grid puzzles (``trapcore.numberlink._sat_board``, with fill):
its solutions against the brute force of every kind of board (hexagons, wrapping edges and
bridges, layers) under both touch rules, against the reference SAT model written from each
variant's rules (``reference.numberlink_graph``) on boards too big for the brute force, and the
portfolio's use of it: boards the board search alone needs millions of nodes for (9x8 tori, not
bipartite, so the colour count cannot refute them) are settled by it, and the board generator
never uses it (its puzzles do not depend on python-sat)."""

from __future__ import annotations

import numpy as np
import pytest
from _suite import seeds
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from reference.numberlink_graph import brute_force, is_solution, sat_solutions
from trapcore.numberlink import _portfolio, _sat, _sat_board

pytest.importorskip("pysat")

nl = tc.numberlink


def random_ends(rng: np.random.Generator, n: int, pairs: int, solids: int = 0) -> np.ndarray:
    values = np.zeros(n, np.int16)
    cells = rng.choice(n, size=min(n, 2 * pairs + solids), replace=False)
    for i in range(min(pairs, len(cells) // 2)):
        values[cells[2 * i]] = values[cells[2 * i + 1]] = i + 1
    for c in cells[2 * pairs :]:
        values[c] = -1
    return values


def blanks(r: int, c: int) -> list[nl.Puzzle]:
    z = np.zeros((r, c), np.int16)
    return [
        nl.hex_board(z),
        nl.grid_board(z, wrap="both"),
        nl.grid_board(z, bridges=[(1, 1)]),
        nl.layered_board(np.zeros((2, r, c), np.int16)),
    ]


def adjacency(board: nl.Puzzle) -> list[set[int]]:
    return [{int(w) for w in row if w >= 0} for row in board.neighbours]


def sat_list(values, table, limit, touch):
    search = _sat_board.BoardSatSearch(values, table, limit, touch, _sat.SOLVER)
    try:
        assert search.step(10**7)
        return search.solutions
    finally:
        search.close()


def key(labellings):
    return sorted(np.asarray(s, np.int16).tobytes() for s in labellings)


def agree_with_brute_force(seed: int, touch: bool) -> None:
    rng = np.random.default_rng(seed)
    r, c = (int(v) for v in rng.integers(2, 4, 2))
    for blank in blanks(r, c):
        if len(blank) > 20:
            continue
        values = random_ends(rng, len(blank), int(rng.integers(1, 4)), int(rng.integers(0, 2)))
        brute = brute_force(values, adjacency(blank), fill=True, touch=touch)
        mine = sat_list(values, blank.neighbours, 10**4, touch)
        assert key(mine) == key(brute), (blank, values.tolist(), touch)
        for s in mine:
            assert is_solution(values, adjacency(blank), s, fill=True, touch=touch)


@pytest.mark.parametrize("touch", [True, False])
@pytest.mark.parametrize("seed", seeds(20, 100))
def test_every_solution_of_small_boards_as_the_brute_force(seed, touch):
    agree_with_brute_force(seed, touch)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**31 - 1), st.booleans())
def test_brute_force_agreement_hypothesis(seed, touch):
    agree_with_brute_force(seed, touch)


@pytest.mark.parametrize("touch", [True, False])
@pytest.mark.parametrize("seed", seeds(4, 16))
def test_counts_as_the_reference_sat_model_on_larger_boards(seed, touch):
    """Generated variant puzzles with many solutions (``unique=False``) and random boards (often
    none): the same number of solutions (up to 3) as the reference model, each checked."""
    rng = np.random.default_rng(seed)
    for blank in blanks(5, 5):
        blank = nl.Puzzle.from_graph(blank.values, blank.neighbours, fill=True, touch=touch)
        made = nl.generate(blank, seed=seed, unique=False)
        for values in (made.values, random_ends(rng, len(blank), 4)):
            mine = sat_list(values, blank.neighbours, 3, touch)
            ref = sat_solutions(values, adjacency(blank), fill=True, touch=touch, limit=3)
            assert len(mine) == len(ref), (blank, seed)
            for s in mine:
                assert is_solution(values, adjacency(blank), s, fill=True, touch=touch)


def torus(seed: int) -> nl.Puzzle:
    """A 9x8 torus (wrapping both ways: not bipartite, so the colour count cannot refute it) with
    four random pairs, fill."""
    from reference.numberlink_rules import random_pairs

    return nl.grid_board(random_pairs(seed, 9, 8, 4), wrap="both")


@pytest.mark.parametrize("seed", [70, 73])
def test_tori_the_board_search_needs_millions_of_nodes_for(seed):
    """9x8 tori with four pairs: the board search alone needs 63,654,218 nodes (seed 73, 37 s)
    or more than 10**9 (seed 70); with the SAT turn ``Puzzle.solve`` settles them within
    100,000 units (nodes and conflicts), as the reference model counts."""
    board = torus(seed)
    found = board.solve(limit=2, max_nodes=10**5)
    assert found.method == "sat" and found.nodes <= 10**5
    ref = sat_solutions(board.values, adjacency(board), fill=True, touch=True, limit=2)
    assert len(found) == len(ref)
    for s in found:
        assert board.check(s)


def test_the_board_generator_never_uses_it(monkeypatch):
    """The same puzzles with and without python-sat: the generator's checks are the board
    search's alone, even when the schedule would give the SAT model its turn at once."""
    blank = nl.hex_board(np.zeros((7, 7), np.int16))
    without = [nl.generate(blank, seed=s) for s in range(3)]
    monkeypatch.setattr(_sat, "available", lambda: True)
    monkeypatch.setattr(_portfolio, "BOARD_SAT_NODES_PER_NODE", 0)
    assert without[0].solve().method == "sat"  # a solve would use it

    def refused(*args):
        raise AssertionError("the board generator ran the SAT model")

    monkeypatch.setattr(_sat_board, "BoardSatSearch", refused)
    with_sat = [nl.generate(blank, seed=s) for s in range(3)]
    for a, b in zip(with_sat, without):
        assert np.array_equal(a.values, b.values) and np.array_equal(a.solution, b.solution)


def test_a_node_that_cannot_meet_its_degree_is_no_solution():
    # a leaf of a path graph that is not an endpoint: no solution with fill
    table = np.array([[1, -1], [0, 2], [1, -1]], np.int32)
    assert sat_list(np.array([1, 1, 0], np.int16), table, 2, True) == []
    assert len(sat_list(np.array([1, 0, 1], np.int16), table, 2, True)) == 1


def test_the_schedule_uses_it_only_with_fill(monkeypatch):
    board = nl.hex_board(np.zeros((4, 4), np.int16))
    monkeypatch.setattr(_sat, "available", lambda: True)
    task = _portfolio.Task(board.values, board.neighbours, True, True, 2)
    names = [n for n, _ in _portfolio.schedule(task, 10**9)]
    assert names == ["board", "boardsat"]
    no_sat = _portfolio.Task(board.values, board.neighbours, True, True, 2, sat=False)
    assert list(_portfolio.schedule(no_sat, 10**9)) == [("board", 10**9)]


def test_ctrl_c_goes_through_the_grid_models_rounds(monkeypatch):
    """Each CaDiCaL call of the board's model is a round of ``_sat._round`` (a bounded number of
    conflicts on its own thread, then a poll; tests/numberlink/test_numberlink_sat.py sends it
    real interrupts): the first poll acting as Ctrl-C leaves ``step`` as KeyboardInterrupt after
    one round, and the solver can still be freed."""
    from _sigint import trapped

    calls = []
    monkeypatch.setattr(_sat, "_on_solve", lambda: calls.append(1))
    board = torus(70)
    search = _sat_board.BoardSatSearch(board.values, board.neighbours, 2, True, _sat.SOLVER)
    try:
        assert trapped(lambda: search.step(10**6), 1) == 1
    finally:
        search.close()
    assert len(calls) == 1
