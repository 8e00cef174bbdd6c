"""Proven starts for the tests of the cat solver's memory (tests/cat/test_cat_keeps_wins.py,
tests/cat/test_cat_memory.py): positions the default solver proves won within the solver
player's budget, cached for the session."""

from __future__ import annotations

import functools

import numpy as np

import trapcore as tc
from trapcore.cat import hexgrid

BUDGET = 2_000  # the solver player's default budget: the starts are proven within it too


@functools.cache
def proven_starts(n, blocked, count, seed):
    """Positions the default solver proves won within BUDGET, the player to move: random starts
    played by the lookahead player against the smart cat until the solver proves the position
    (random boards of 11x11 with 8 blocks are seldom proven won at the start itself)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(100 * count):
        if len(out) == count:
            break
        b = hexgrid.random_board(n, n, blocked, seed=rng, keep_free=(n // 2, n // 2))
        cat = (n // 2, n // 2)
        while hexgrid.escape_path(b, cat) is not None and not hexgrid.is_border(cat, b.shape):
            if tc.cat.solve(b, cat, max_nodes=BUDGET).verdict is tc.Verdict.WIN:
                out.append((b.copy(), cat))
                break
            b[tc.cat.player_move(b, cat, player="lookahead")] = 1
            if hexgrid.escape_path(b, cat) is None:
                break
            cat = tc.cat.cat_move(b, cat, policy="smart", seed=rng)
    return tuple(out)
