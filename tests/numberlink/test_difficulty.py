"""``Puzzle.difficulty`` of a grid puzzle (``_portfolio.difficulty``): under the touch rules
the lesser of the sweeps' nodes for two solutions (``count_nodes(limit=2)``) and the board
search's (when it finishes within 64 nodes a square and the sweeps' nodes), under no-touch the
sweeps'; plus a thousandth of the sweeps' nodes (which orders the puzzles whose least ties); per
non-solid square.

- It is that formula: against the board search run alone and unbounded (the brute force), on
  generated puzzles under all four rule sets and on random boards with or without solutions.
- Under Flow Free's rules without solid squares, a puzzle that sound deduction proves unique
  (``_proof.deduce_grid``) has the deduction's effort instead (squares looked at per square).
- A generated puzzle's difficulty (from the generator's own proof) is the one a puzzle read from
  its grid measures.
- Outside checks: on fixed seeds under Flow Free's rules the difficulty ranks puzzles much as
  the human-style reference solver (forced moves, then guesses; it shares nothing with the
  kernel) and the SAT model's conflicts do; the sweeps' nodes alone, the measure before 0.3,
  ranked them far worse on these seeds (figures in each test).
"""

from __future__ import annotations

import importlib.util
import math

import numpy as np
import pytest
from _suite import seeds
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from reference.numberlink_human import human_solve
from reference.numberlink_rules import random_grid
from reference.ranking import ranks, spearman
from trapcore.numberlink import Puzzle, _graph, _portfolio, _proof
from trapcore.numberlink.variants import grid_board

nl = tc.numberlink
RULES = [(True, True), (True, False), (False, True), (False, False)]
#: a thousandth (the same float as the code's, so that rounding cannot tell them apart)
SHARE = _portfolio.SWEEPS_SHARE
assert SHARE == 1e-3


def expected(g: np.ndarray, fill: bool, touch: bool) -> float:
    """The difficulty by its definition, with the board search run unbounded; under Flow Free's
    rules without solid squares, the deduction's effort when it proves the puzzle (its proof
    confirmed by the SAT model)."""
    if fill and touch and g.size and (g >= 0).all():
        proven, sol, _, steps = _proof.deduce_grid(
            g.astype(np.int16), _portfolio.DEDUCE_STEPS_PER_SQUARE * g.size
        )
        if proven == 1:
            if g.size <= 100 and importlib.util.find_spec("pysat") is not None:
                from reference.numberlink_sat import sat_solutions

                sols = sat_solutions(g, limit=2)
                assert len(sols) == 1 and np.array_equal(sols[0], sol)
            return round(steps / g.size, 4)
    sweeps = nl.count_nodes(g, limit=2, fill=fill, touch=touch, max_nodes=None)
    squares = max(1, int((g >= 0).sum()))
    least = sweeps
    if touch and sweeps > 0:
        b = grid_board(g, fill=fill, touch=touch)
        _, board, done = _graph.solve(b.values, b.neighbours, fill, touch, 2, 10**9)
        assert done
        if board <= min(sweeps, 64 * squares):
            least = min(sweeps, int(board))
    return round((least + SHARE * sweeps) / squares, 4)


@pytest.mark.parametrize("fill, touch", RULES)
@pytest.mark.parametrize("seed", seeds(6, 40))
def test_difficulty_of_generated_puzzles(fill, touch, seed):
    n = 5 + seed % 5
    p = nl.generate(n, seed=seed, fill=fill, touch=touch)
    assert p.difficulty == expected(p.grid, fill, touch)
    assert p.difficulty == Puzzle(p.grid, fill=fill, touch=touch).difficulty


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(RULES))
def test_difficulty_on_random_boards(seed, rules):
    """Boards with no solution, one or many (the searches stop at two)."""
    fill, touch = rules
    rng = np.random.default_rng(seed)
    rows, cols = (int(x) for x in rng.integers(2, 6, 2))
    g = random_grid(rng, rows, cols, int(rng.integers(1, 5)), int(rng.integers(0, 3)))
    assert Puzzle(g, fill=fill, touch=touch).difficulty == expected(g, fill, touch)


def test_the_board_search_decides_under_the_touch_rules_only():
    """Seeds where the board search needs far fewer nodes than the sweeps: it sets the figure
    under Flow's rules; under no-touch the sweeps' figure stands."""
    lower = 0
    for s in range(20):
        p = nl.generate(10, seed=s)
        sweeps = nl.count_nodes(p.grid, limit=2)
        squares = int((p.grid >= 0).sum())
        lower += p.difficulty < round(sweeps / squares, 3)
        q = Puzzle(p.grid, touch=False)
        if len(nl.solve(p.grid, limit=2, touch=False)) >= 1:
            s2 = nl.count_nodes(p.grid, limit=2, touch=False)
            assert q.difficulty == round((s2 + SHARE * s2) / squares, 4)
    assert lower >= 10


@pytest.mark.parametrize("fill, touch", RULES)
def test_a_generated_difficulty_is_what_a_read_puzzle_measures(fill, touch):
    n = 7 if fill or touch else 8
    for level in nl.DIFFICULTY_LEVELS:
        p = nl.generate(n, seed=5, difficulty=level, fill=fill, touch=touch)
        assert p.difficulty == Puzzle(p.grid, fill=fill, touch=touch).difficulty > 0
        assert nl.difficulty_level(p) == level


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_past_the_calibrated_sizes_of_0_2(level):
    """Under Flow's rules past 20x20 (a smaller budget a check, so easier puzzles): the thirds
    measured there, not extrapolated from 20x20, so every level exists (the trend of the table
    up to 20x20 put the medium level of 25x25 above every puzzle made there)."""
    p = nl.generate(25, seed=4, difficulty=level)
    lo, hi = nl.difficulty_band(level, 25)
    assert lo <= p.difficulty < hi and nl.difficulty_level(p) == level


def test_spearman_against_known_values():
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # with ties: scipy.stats.spearmanr([1, 2, 2, 3], [1, 3, 2, 4]) = 0.9486832980505138
    assert spearman([1, 2, 2, 3], [1, 3, 2, 4]) == pytest.approx(0.9486832980505138)
    assert list(ranks([5, 1, 5, 3])) == [3.5, 1.0, 3.5, 2.0]
    assert math.isnan(spearman([1, 1, 1], [1, 2, 3]))


@pytest.mark.parametrize("n, floor", [(7, 0.6), (9, 0.75)])
def test_difficulty_ranks_puzzles_as_a_human_style_solver(n, floor):
    """Seeds 0-39 under Flow Free's rules: rho 0.72 (7x7) and 0.85 (9x9) with the reference
    human-style solver's guesses; the sweeps' nodes alone gave 0.28 and 0.65."""
    ours, guesses = [], []
    for s in range(40):
        p = nl.generate(n, seed=s)
        ours.append(p.difficulty)
        guesses.append(human_solve(p.grid, limit=2)[1])
    assert spearman(ours, guesses) >= floor


@pytest.mark.parametrize("n", [7, 12])
def test_difficulty_ranks_puzzles_as_the_sat_model(n):
    """Seeds 0-39 under Flow Free's rules: the SAT model's conflicts (CaDiCaL, a solver that
    shares nothing with the kernel) rank them much as the difficulty does (rho 0.83 at 7x7,
    0.67 at 12x12; the sweeps' nodes alone gave 0.20 and 0.18)."""
    pytest.importorskip("pysat")
    ours, conflicts = [], []
    for s in range(40):
        p = nl.generate(n, seed=s)
        ours.append(p.difficulty)
        conflicts.append(nl.solve(p.grid, limit=2, method="sat").nodes)
    assert spearman(ours, conflicts) >= 0.6
