"""The proof-number search's border-distance cut test (src/cat/cuts.pxd, every cut in one
widest-path pass): the same deficits and marks as its plain-Python twin (one flood a cut), and
every win it claims, with either side to move, a win for the exact minimax twin."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.cat_cuts import NONE, cuts_twin
from reference.cat_solver import nbrs, solve_twin
from trapcore.cat import _pns as catpns
from trapcore.cat import hexgrid


def _kernel(b, cat, mark=True):
    deficit, marks = catpns.cuts(np.ascontiguousarray(b, np.uint8), *cat, mark)
    return int(deficit), {(int(r), int(c)): int(marks[r, c]) for r, c in np.argwhere(marks)}


def _escapes(b, cat):
    d = hexgrid.distance_to_border(b)[cat]
    return d >= 0 and not hexgrid.is_border(cat, b.shape)


def _random_position(rng, smallest=1, largest=16, density=0.6):
    rows, cols = int(rng.integers(smallest, largest)), int(rng.integers(smallest, largest))
    b = (rng.random((rows, cols)) < rng.uniform(0, density)).astype(np.uint8)
    free = np.argwhere(b == 0)
    if not len(free):
        return None, None
    cat = tuple(int(v) for v in free[int(rng.integers(len(free)))])
    if rng.random() < 0.5:
        cat = (rows // 2, cols // 2)
        b[cat] = 0
    return (b, cat) if _escapes(b, cat) else (None, None)


def test_same_deficits_and_marks_as_the_twin():
    rng = np.random.default_rng(2027)
    checked = wins = cat_to_move_wins = 0
    while checked < 400:
        b, cat = _random_position(rng)
        if b is None:
            continue
        got = _kernel(b, cat)
        assert got == cuts_twin(b.tolist(), cat), (b, cat)
        assert _kernel(b, cat, mark=False) == (got[0], {})
        checked += 1
        wins += got[0] <= 0
        cat_to_move_wins += got[0] <= -1
    assert wins >= 40 and cat_to_move_wins >= 10


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_twin_agrees_hypothesis(seed):
    b, cat = _random_position(np.random.default_rng(seed), 2, 26)
    if b is not None:
        assert _kernel(b, cat) == cuts_twin(b.tolist(), cat)


def test_claimed_wins_are_minimax_wins():
    rng = np.random.default_rng(11)
    claimed = cat_to_move = 0
    for _ in range(200):
        n = int(rng.integers(5, 8))
        b = (rng.random((n, n)) < rng.uniform(0.3, 0.7)).astype(np.uint8)
        cat = (n // 2, n // 2)
        b[cat] = 0
        if not _escapes(b, cat):
            continue
        deficit, _ = _kernel(b, cat)
        if deficit <= 0:
            claimed += 1
            assert solve_twin(b, cat, "optimal") == "win", (b, cat)
        if deficit <= -1:  # won with the cat to move: after every reply, the player to move wins
            cat_to_move += 1
            rows, cols = b.shape
            for q in nbrs(*cat, rows, cols):
                if not b[q] and not hexgrid.is_border(q, b.shape):
                    assert solve_twin(b, q, "optimal") == "win", (b, cat, q)
    assert claimed >= 40 and cat_to_move >= 12


def test_next_to_the_border_there_is_no_cut():
    b = np.zeros((7, 7), np.uint8)
    assert _kernel(b, (1, 3)) == (NONE, {})
