"""Pluggable cats and players: a callable (board, cat, rng) -> cell as policy= or player= in
CatGame, cat_move, player_move and simulate, and the difficulty levels."""

from __future__ import annotations

import numpy as np
import pytest
from _suite import size

import trapcore as tc
from trapcore.cat.hexgrid import neighbours
from trapcore.errors import IllegalMoveError


def bfs_cat(board, cat, rng):
    assert not board.flags.writeable
    return tc.cat.cat_move(board, cat, policy="bfs", seed=rng)


def rays_cat(board, cat, rng):
    return tc.cat.cat_move(board, cat, policy="rays", seed=rng)


def greedy_player(board, cat, rng):
    return tc.cat.player_move(board, cat, player="greedy", seed=rng)


def lookahead_player(board, cat, rng):
    return tc.cat.player_move(board, cat, player="lookahead", seed=rng)


@pytest.mark.parametrize("policy,cat_fn", [("bfs", bfs_cat), ("rays", rays_cat)])
@pytest.mark.parametrize(
    "player,player_fn", [("greedy", greedy_player), ("lookahead", lookahead_player)]
)
def test_callables_replay_the_kernel_games(policy, cat_fn, player, player_fn):
    games = size(100, 300)
    want = tc.cat.simulate(games, 11, 11, 8, policy=policy, player=player, seed=7)
    for pol, pl in [(cat_fn, player), (policy, player_fn), (cat_fn, player_fn)]:
        got = tc.cat.simulate(games, 11, 11, 8, policy=pol, player=pl, seed=7)
        assert np.array_equal(got.outcomes, want.outcomes)
        assert np.array_equal(got.moves, want.moves)


def test_callable_in_catgame_plays_like_the_name():
    a = tc.CatGame(policy="rays", seed=3)
    b = tc.CatGame(policy=rays_cat, seed=3)
    assert "rays_cat" in repr(b)
    while a.status is tc.Status.PLAYING:
        cell = tc.cat.player_move(a.board, a.cat, player="lookahead")
        assert a.block(cell) == b.block(cell)
        assert a.cat == b.cat
    assert b.hint is not None


def test_bad_callable_moves_are_refused_and_leave_the_game_unchanged():
    def teleport(board, cat, rng):
        return (0, 0)

    g = tc.CatGame(policy=teleport, seed=1)
    before = g.board.copy()
    cell = g.legal_blocks()[-1]
    with pytest.raises(IllegalMoveError, match="not a free neighbour"):
        g.block(cell)
    assert np.array_equal(g.board, before) and g.moves == 0
    with pytest.raises(IllegalMoveError):
        tc.cat.player_move(g.board, g.cat, player=lambda b, c, r: c)
    # whatever a callable returns, a bad answer is the documented IllegalMoveError (issue 31)
    for bad in ("east", None, (1, 2, 3), (99, 0), 1.5):
        with pytest.raises(IllegalMoveError):
            tc.cat.cat_move(g.board, g.cat, policy=lambda b, c, r, bad=bad: bad)
        with pytest.raises(IllegalMoveError):
            tc.cat.player_move(g.board, g.cat, player=lambda b, c, r, bad=bad: bad)
        with pytest.raises(IllegalMoveError):
            tc.CatGame(policy=lambda b, c, r, bad=bad: bad, seed=1).block(cell)


def test_levels_are_policies():
    b = tc.cat.hexgrid.random_board(11, 11, 8, seed=2, keep_free=(5, 5))
    assert tc.cat.LEVELS == {"easy": "bfs", "normal": "rays", "hard": "smart"}
    for level, name in tc.cat.LEVELS.items():
        assert tc.cat.cat_move(b, (5, 5), policy=level, seed=9) == tc.cat.cat_move(
            b, (5, 5), policy=name, seed=9
        )
        assert tc.CatGame(policy=level, seed=1).policy == name
    with pytest.raises(ValueError, match="policy"):
        tc.cat.cat_move(b, (5, 5), policy="impossible")


def test_callable_cat_that_is_enclosed_is_not_asked():
    calls = []

    def cat(board, c, rng):
        calls.append(c)
        return next(q for q in neighbours(c, board.shape) if not board[q])

    b = np.ones((5, 5), np.uint8)
    b[2, 2] = 0
    b[2, 3] = 0
    assert tc.cat.cat_move(b, (2, 2), policy=cat) is None
    assert tc.cat.cat_move(b, (2, 2), policy=cat, rules="surrounded") == (2, 3)
    assert calls == [(2, 2)]
