"""The reimplemented published cats (tests/reference/cats_published.py) play legal moves, escape
when they can, and run as callables in simulate()."""

from __future__ import annotations

import numpy as np
import pytest

import trapcore as tc
from reference.cats_published import PUBLISHED
from trapcore.cat import hexgrid


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_published_cats_move_legally(name):
    cat_fn = PUBLISHED[name]
    rng = np.random.default_rng(0)
    for seed in range(15):
        b = hexgrid.random_board(9, 9, 20, seed=seed, keep_free=(4, 4))
        if hexgrid.escape_path(b, (4, 4)) is None:
            continue
        q = cat_fn(b, (4, 4), rng)
        assert q in hexgrid.neighbors((4, 4), b.shape) and not b[q]
        path = hexgrid.escape_path(b, (4, 4))
        if len(path) == 2:  # a border cell next to the cat: every published cat takes it
            assert hexgrid.is_border(q, b.shape)


@pytest.mark.parametrize("name", ["ganlvtech", "racket", "zhangyoufu_hard"])
def test_published_cats_in_simulate(name):
    r = tc.cat.simulate(20, 9, 9, 8, policy=PUBLISHED[name], player="greedy", seed=3)
    again = tc.cat.simulate(20, 9, 9, 8, policy=PUBLISHED[name], player="greedy", seed=3)
    assert np.array_equal(r.outcomes, again.outcomes) and r.games == 20
