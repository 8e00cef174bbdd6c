"""The human-style reference solver (``reference.numberlink_human``: forced moves, then guesses)
under Flow Free's rules: it finds exactly the solutions of the brute-force twin of the rules on
small random boards, every one passing the independent checker (so its forced moves never cut a
solution and its final check lets no non-solution through: no loop, no square left over); and on
generated puzzles it agrees with ``trapcore.numberlink.solve``, one and the same solution. The
difficulty benchmark (bench/test_bench_numberlink_difficulty.py) counts its guesses, so they must
come from a solver that is right."""

from __future__ import annotations

import ast
import pathlib

import numpy as np
import pytest
from _suite import seeds
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from reference import numberlink_human as human
from reference.numberlink_rules import brute_solutions, is_solution, random_grid

nl = tc.numberlink


def small_board(seed: int) -> np.ndarray:
    """A random board of 2..4 x 2..4 squares, 1..4 pairs, 0..2 solids (often without a
    solution)."""
    rng = np.random.default_rng(seed)
    rows, cols = (int(x) for x in rng.integers(2, 5, 2))
    return random_grid(rng, rows, cols, int(rng.integers(1, 5)), int(rng.integers(0, 3)))


def same_as_brute(grid: np.ndarray) -> int:
    """The human solver's solutions (all of them) are the brute-force solver's, grid for grid
    (one per set of paths), and each solves the board; returns how many there are."""
    want = brute_solutions(grid, fill=True, touch=True)
    got, guesses, forced = human.human_solve(grid, limit=10**6)
    assert len(got) == len(want)
    assert sorted(s.tobytes() for s in got) == sorted(s.tobytes() for s in want)
    for sol in got:
        assert sol.dtype == np.int16 and sol.shape == grid.shape
        assert is_solution(grid, sol, fill=True, touch=True)
    assert guesses >= 0 and forced >= 0
    return len(want)


@pytest.mark.parametrize("seed", range(40))
def test_small_random_boards_match_brute_force(seed):
    # 25 boards a seed: the few with solutions among them are what the comparison is about
    for i in range(25):
        same_as_brute(small_board(1000 * seed + i))


def test_the_comparison_covers_none_one_and_many():
    counts = {same_as_brute(small_board(1000 * seed + i)) for seed in range(40) for i in range(25)}
    assert 0 in counts and 1 in counts and max(counts) >= 3


@given(
    seed=st.integers(0, 2**32 - 1),
    rows=st.integers(2, 4),
    cols=st.integers(2, 4),
    pairs=st.integers(1, 4),
    solids=st.integers(0, 2),
)
@settings(max_examples=40, deadline=None)
def test_hypothesis_boards_match_brute_force(seed, rows, cols, pairs, solids):
    same_as_brute(random_grid(np.random.default_rng(seed), rows, cols, pairs, solids))


@pytest.mark.parametrize("n", [5, 6, 7, 8])
@pytest.mark.parametrize("seed", seeds(4, 24))
def test_generated_puzzles_agree_with_trapcore(n, seed):
    """Both find the puzzle's one solution, the same, and prove there is no second."""
    p = nl.generate(n, seed=seed)
    got, guesses, forced = human.human_solve(p.grid, limit=2)
    ref = nl.solve(p.grid, limit=2)
    assert len(got) == len(ref) == 1
    assert np.array_equal(got[0], ref[0])
    assert forced > 0 and guesses >= 0


def test_a_loop_without_an_endpoint_is_no_solution():
    """With fill, the 2x2 corner walled off from both endpoints could only be covered by a loop
    of its own, which is no path: no solution."""
    g = np.array([[1, 1, -1, 0, 0], [-1, -1, -1, 0, 0]], np.int16)
    assert brute_solutions(g) == []
    assert human.human_solve(g, limit=10)[0] == []


def test_limit_stops_early_and_forced_moves_alone_solve_easy_boards():
    g = np.zeros((3, 4), np.int16)  # one pair in the corners of an empty board: many solutions
    g[0, 0] = g[2, 3] = 1
    total = len(brute_solutions(g))
    assert total >= 3
    assert len(human.human_solve(g, limit=None)[0]) == total
    assert len(human.human_solve(g, limit=2)[0]) == 2
    line = np.array([[1, 0, 0, 1], [2, 0, 0, 2]], np.int16)  # forced all the way
    sols, guesses, forced = human.human_solve(line)
    assert len(sols) == 1 and guesses == 0 and forced > 0


def test_guess_limit():
    g = np.zeros((4, 4), np.int16)
    g[0, 0] = g[3, 3] = 1
    with pytest.raises(human.GuessLimitExceeded) as info:
        human.human_solve(g, limit=None, max_guesses=3)
    assert info.value.guesses == 3


def test_bad_grids_are_refused():
    with pytest.raises(ValueError, match="exactly twice"):
        human.human_solve(np.array([[1, 0], [0, 0]]))
    with pytest.raises(ValueError, match="-1"):
        human.human_solve(np.array([[1, 1], [-2, 0]]))


def test_it_shares_nothing_with_trapcore():
    """A yardstick apart from the library: the module imports numpy and nothing of trapcore."""
    tree = ast.parse(pathlib.Path(human.__file__).read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add((node.module or "").split(".")[0])
    assert names <= {"__future__", "numpy"}
