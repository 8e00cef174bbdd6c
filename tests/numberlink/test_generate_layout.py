"""The default generator under Flow Free's rules (``trapcore.numberlink._layout``): pieces joined
while sound deduction proves the puzzle unique.

- Every puzzle is unique, confirmed by SAT models that share nothing with the kernel
  (``reference.numberlink_sat``, a colour per square and number, on small boards;
  ``reference.numberlink_sat_bits``, bits per square, on larger ones).
- The deduction is sound: on random boards, what it proves is the SAT model's only solution, and
  a board it refutes has none; it matches its pure-Python twin (``reference.numberlink_proof``)
  step for step.
- Paths look published (median path, share of 3 squares or fewer: Flow Free 11-15, a median of
  10 and 8%; Janko 15-24, 15.5 and about 1%), paths never run beside themselves, no solids.
- ``difficulty`` is known at generation and is the one the grid measures; the deductive solver
  (``deduce``) solves every puzzle, so its ``grade`` needs no search; the same seed gives the
  same puzzle; bad input is refused.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest
from _suite import seeds
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from reference.numberlink_proof import deduce as twin_deduce
from reference.numberlink_rules import random_grid
from trapcore.numberlink import Puzzle, _proof, _sat

nl = tc.numberlink
pysat = pytest.importorskip("pysat")
from reference.numberlink_sat import sat_solutions  # noqa: E402
from reference.numberlink_sat_bits import is_unique  # noqa: E402


def lengths(p: Puzzle) -> np.ndarray:
    return np.asarray(nl.measure(p).lengths)


def runs_beside_itself(sol: np.ndarray) -> bool:
    """Some path has two neighbouring squares that are not consecutive along it (a path of k
    squares has k - 1 neighbouring pairs when it never runs beside itself)."""
    for k in range(1, int(sol.max()) + 1):
        mask = sol == k
        pairs = int((mask[1:] & mask[:-1]).sum() + (mask[:, 1:] & mask[:, :-1]).sum())
        if pairs != int(mask.sum()) - 1:
            return True
    return False


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8, 9])
def test_small_puzzles_are_unique_by_the_colour_model(n):
    for seed in seeds(8, 40):
        p = nl.generate(n, seed=seed)
        assert nl.check(p.grid, p.solution)
        sols = sat_solutions(p.grid, limit=2)
        assert len(sols) == 1 and np.array_equal(sols[0], p.solution), (n, seed)


@pytest.mark.parametrize("n", [10, 15])
def test_puzzles_are_unique_by_the_bits_model(n):
    for seed in seeds(4, 20):
        p = nl.generate(n, seed=seed)
        assert nl.check(p.grid, p.solution)
        assert is_unique(p.grid, p.solution), (n, seed)


def test_rectangles():
    for shape in ((3, 9), (6, 13), (12, 5)):
        p = nl.generate(*shape, seed=1)
        assert p.shape == shape
        assert len(sat_solutions(p.grid, limit=2)) == 1


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_deduction_is_sound_on_random_boards(seed):
    """Random boards (most without a solution, some with many): a proof is the SAT model's only
    solution; a contradiction means the SAT model finds none."""
    rng = np.random.default_rng(seed)
    rows, cols = (int(x) for x in rng.integers(2, 6, 2))
    g = random_grid(rng, rows, cols, int(rng.integers(1, 5)), 0)
    outcome, sol, _, steps = _proof.deduce_grid(g, 10**6)
    assert steps >= 0
    sols = sat_solutions(g, limit=2)
    if outcome == 1:
        assert len(sols) == 1 and np.array_equal(sols[0], sol)
    elif outcome == -1:
        assert sols == []


def same(a, b) -> bool:
    return (
        a[0] == b[0] and a[2:] == b[2:] and (a[1] is None) == (b[1] is None)
        and (a[1] is None or np.array_equal(a[1], b[1]))
    )  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([(10**6, 64), (40, 64), (10**6, 3)]))
def test_deduction_matches_its_twin(seed, budgets):
    """Outcome, solution, trial and steps equal to the pure-Python twin's, with budgets large and
    small (a small one stops both at the same step)."""
    rng = np.random.default_rng(seed)
    rows, cols = (int(x) for x in rng.integers(2, 7, 2))
    g = random_grid(rng, rows, cols, int(rng.integers(1, 6)), 0)
    assert same(_proof.deduce_grid(g, *budgets), twin_deduce(g, *budgets))


def test_deduction_matches_its_twin_on_generated_puzzles():
    for n in (5, 9, 13):
        for seed in seeds(2, 6):
            g = nl.generate(n, seed=seed).grid
            mine = _proof.deduce_grid(g, 10 * g.size)
            assert mine[0] == 1 and same(mine, twin_deduce(g, 10 * g.size))


def test_deduction_on_generated_puzzles_with_clues_removed():
    """Generated puzzles with one pair of numbers removed (its squares free to the other paths):
    whatever the deduction proves, the SAT model agrees; what it refutes has no solution."""
    proven = refused = 0
    for seed in range(12):
        p = nl.generate(7, seed=seed)
        g = p.grid.copy()
        k = int(g.max())
        g[g == k] = 0  # drop a pair: the path's squares are free to any neighbour
        outcome, got, _, _ = _proof.deduce_grid(g, 10**6)
        sols = sat_solutions(g, limit=2)
        if outcome == 1:
            proven += 1
            assert len(sols) == 1 and np.array_equal(sols[0], got)
        else:
            refused += 1
            assert outcome == 0 or sols == []
    assert proven + refused == 12


@pytest.mark.parametrize(
    "n, count, median, short",
    [
        (15, 12, 10, 0.05),
        pytest.param(20, 8, 12, 0.05, marks=pytest.mark.slow),
        pytest.param(30, 4, 12, 0.05, marks=pytest.mark.slow),
        pytest.param(50, 2, 12, 0.05, marks=pytest.mark.slow),
    ],
)
def test_paths_look_published(n, count, median, short):
    """The median over seeds of each puzzle's median path, and the share of paths of 3 squares or
    fewer over all of them; every puzzle confirmed unique by the bits model."""
    medians, all_lengths = [], []
    for seed in range(count):
        p = nl.generate(n, seed=seed)
        lens = lengths(p)
        medians.append(float(np.median(lens)))
        all_lengths.extend(lens.tolist())
        assert (p.grid >= 0).all() and lens.min() >= 3
        assert not runs_beside_itself(p.solution)
        assert is_unique(p.grid, p.solution), (n, seed)
    assert np.median(medians) >= median, medians
    assert np.mean(np.asarray(all_lengths) <= 3) <= short


def test_difficulty_is_known_and_measured_again_from_the_grid():
    for seed in range(10):
        p = nl.generate(6 + seed, seed=seed)
        assert p._difficulty is not None  # set by the generator: no search on first use
        assert p.difficulty == Puzzle(p.grid).difficulty
        assert p.difficulty >= 1  # every square is looked at at least once


def test_graded_by_the_deductive_solver():
    """``trapcore.numberlink.deduce`` (another deduction, with region rules; it shares no code with
    the generator's) solves every generated puzzle to the generator's solution: the grade is
    known without search."""
    for n in (5, 9, 14, 20):
        for seed in seeds(3, 10):
            p = nl.generate(n, seed=seed)
            d = nl.deduce(p)
            assert d.solved and np.array_equal(d.solution, p.solution), (n, seed)
            assert p.grade in ("forced", "regions", "trial")


def test_difficulty_levels():
    for level in nl.DIFFICULTY_LEVELS:
        p = nl.generate(10, seed=3, difficulty=level)
        lo, hi = nl.difficulty_band(level, 10)
        assert lo <= p.difficulty < hi or lo == p.difficulty == hi
        assert nl.difficulty_level(p) == level


def test_without_python_sat(monkeypatch):
    """The default needs no python-sat: with it unimportable, the same puzzles come out, with
    their difficulty."""
    want = [nl.generate(n, seed=n) for n in (6, 12, 20)]
    monkeypatch.setitem(sys.modules, "pysat", None)
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)
    monkeypatch.setattr(_sat, "available", lambda: False)
    for p in want:
        got = nl.generate(p.shape[0], seed=p.shape[0])
        assert got == p and np.array_equal(got.solution, p.solution)
        assert got.difficulty == p.difficulty


def test_same_seed_same_puzzle():
    a, b = nl.generate(12, seed=7), nl.generate(12, seed=7)
    assert a == b and np.array_equal(a.solution, b.solution)
    gen = np.random.default_rng(7)
    first, second = nl.generate(9, seed=gen), nl.generate(9, seed=gen)
    assert first != second  # a Generator is advanced
    assert nl.generate(9, seed=np.random.default_rng(7)) == first


def test_min_length():
    for seed in range(4):
        assert lengths(nl.generate(10, seed=seed, min_length=5)).min() >= 5
        assert len(sat_solutions(nl.generate(6, seed=seed, min_length=2).grid, limit=2)) == 1


def test_bad_input():
    with pytest.raises(ValueError, match="rows"):
        nl.generate(1)
    with pytest.raises(ValueError, match="min_length"):
        nl.generate(5, min_length=1)
    with pytest.raises(ValueError, match="2 x 2"):
        nl.generate(2, max_attempts=20)  # paths of 3 squares that never run beside themselves
    with pytest.raises(ValueError, match="attempts"):
        nl.generate(8, min_length=60, max_attempts=3)
    with pytest.raises(TypeError, match="max_attempts"):
        nl.generate(8, max_attempts="many")
