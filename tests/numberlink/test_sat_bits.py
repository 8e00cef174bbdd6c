"""The compact SAT model ``reference.numberlink_sat_bits`` (log2 K bits a square), the outside
check of generated puzzles' uniqueness on big boards: it agrees with the brute force and with the
colour-per-square model ``reference.numberlink_sat`` on small boards, every second solution it
returns is a real one, and it confirms what ``generate`` proves under Flow Free's rules."""

import numpy as np
import pytest

from reference.numberlink_rules import brute_solutions
from reference.numberlink_sat import sat_solutions
from reference.numberlink_sat_bits import is_unique, second_solution
from trapcore import numberlink as nl

pytest.importorskip("pysat")


def test_agrees_with_brute_force_and_the_colour_model():
    """Raw (not made unique) puzzles from 3 x 3 to 7 x 7: many have second solutions."""
    seen = {True: 0, False: 0}
    for n in (3, 4, 5, 6, 7):
        for seed in range(12):
            p = nl.generate(n, seed=seed, unique=False, min_length=2)
            other = second_solution(p.grid, p.solution)
            unique = len(sat_solutions(p.grid, limit=2)) == 1
            assert (other is None) == unique, (n, seed)
            if n <= 4:
                assert unique == (len(brute_solutions(p.grid, fill=True, touch=True)) == 1)
            if other is not None:
                assert nl.check(p.grid, other) and not np.array_equal(other, p.solution)
            seen[unique] += 1
    assert seen[True] >= 5 and seen[False] >= 5  # both answers were exercised


def test_small_cases():
    # 2 x 3 with the ends of 1 and 2 placed so that each path can go two ways round
    grid = np.array([[1, 0, 1], [2, 0, 2]], np.int16)
    sols = nl.solve(grid, limit=5)
    assert len(sols) == 1 and is_unique(grid, sols[0])
    # under touching, solutions are sets of paths: here 2 winds through its 3 x 3 block in
    # several ways, each running beside itself, so its edges are not its neighbours of one
    # number: the model refuses such a solution rather than block the wrong edges
    grid = np.array([[1, 0, 0, 2], [0, 0, 0, 0], [1, 0, 0, 2]], np.int16)
    sols = nl.solve(grid, limit=5)
    assert len(sols) >= 2
    with pytest.raises(ValueError, match="beside itself"):
        second_solution(grid, sols[0])
    # a dead end (one neighbour) on an empty square: no solution at all
    grid = np.array([[1, -1, 0], [1, 2, 2]], np.int16)
    with pytest.raises(ValueError, match="cannot lie inside a path"):
        second_solution(grid, grid)


@pytest.mark.parametrize("n", [10, 15])
def test_confirms_generated_puzzles(n):
    for seed in range(4):
        p = nl.generate(n, seed=seed)
        assert is_unique(p.grid, p.solution), (n, seed)


@pytest.mark.slow
@pytest.mark.parametrize("n", [30, 50])
def test_confirms_generated_puzzles_big(n):
    p = nl.generate(n, seed=1)
    assert is_unique(p.grid, p.solution)
