"""The solver's static layer test (src/cat/search.pyx's layer_win, one widest-path pass for every
layer): the same value and marks as its plain-Python twin (one flood a layer), and every win it
claims a win for the exact minimax twin."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.cat_layer import HUGE, layer_twin
from reference.cat_solver import solve_twin
from trapcore.cat import _pns as catpns
from trapcore.cat import hexgrid


def _kernel(b, cat):
    value, marks = catpns.layer(np.ascontiguousarray(b, np.uint8), *cat)
    return int(value), {(int(r), int(c)): int(marks[r, c]) for r, c in np.argwhere(marks)}


def _free_cat(rng, b):
    free = np.argwhere(b == 0)
    return tuple(int(v) for v in free[int(rng.integers(len(free)))])


def test_same_values_and_marks_as_the_twin():
    rng = np.random.default_rng(2026)
    wins = layered = 0
    for _ in range(400):
        rows, cols = int(rng.integers(1, 16)), int(rng.integers(1, 16))
        b = (rng.random((rows, cols)) < rng.uniform(0, 0.7)).astype(np.uint8)
        b[rows // 2, cols // 2] = 0
        cat = (rows // 2, cols // 2) if rng.random() < 0.5 else _free_cat(rng, b)
        got = _kernel(b, cat)
        assert got == layer_twin(b.tolist(), cat), (b, cat)
        wins += got[0] == 0
        layered += 0 < got[0] < HUGE
    assert wins >= 25 and layered >= 100


@settings(max_examples=80, deadline=None)
@given(st.integers(3, 25), st.integers(3, 25), st.floats(0, 0.6), st.integers(0, 2**32 - 1))
def test_twin_agrees_hypothesis(rows, cols, density, seed):
    rng = np.random.default_rng(seed)
    b = (rng.random((rows, cols)) < density).astype(np.uint8)
    cat = _free_cat(rng, b) if (b == 0).any() else None
    if cat is not None:
        assert _kernel(b, cat) == layer_twin(b.tolist(), cat)


def test_a_ring_that_closes_in_time_is_a_win():
    # the cat at the centre of an empty 9x9 board: the ring at distance 1 has 6 cells (excess 5),
    # and every outer ring is longer than its distance; with most of ring 2 blocked it closes
    b = np.zeros((9, 9), np.uint8)
    value, _ = _kernel(b, (4, 4))
    assert value == 5
    ring = np.argwhere(hexgrid.distances(b, (4, 4)) == 2)
    for p in ring[:-2]:
        b[tuple(p)] = 1
    value, marks = _kernel(b, (4, 4))
    assert value == 0 and sorted(p for p, m in marks.items() if m == 2) == sorted(
        tuple(int(v) for v in p) for p in ring[-2:]
    )


def test_claimed_wins_are_minimax_wins():
    rng = np.random.default_rng(5)
    claimed = 0
    for _ in range(300):
        n = int(rng.integers(4, 7))
        b = (rng.random((n, n)) < rng.uniform(0.2, 0.6)).astype(np.uint8)
        cat = (n // 2, n // 2)
        b[cat] = 0
        value, _ = _kernel(b, cat)
        if value == 0:
            claimed += 1
            assert solve_twin(b, cat, "optimal") == "win", (b, cat)
    assert claimed >= 12


def test_enclosed_and_border_cats_have_no_layer():
    b = np.zeros((5, 5), np.uint8)
    assert _kernel(b, (0, 2)) == (HUGE, {})
    b[1:4, 1:4] = 1
    b[2, 2] = 0
    assert _kernel(b, (2, 2)) == (HUGE, {})
