"""The Trap the Cat solver (trapcore.cat.solve): known results, agreement with the plain minimax
twins on small boards, proofs checked by playing them out, bad input."""

from __future__ import annotations

import numpy as np
import pytest
from _suite import size

import trapcore as tc
from reference.cat_solver import escapes_within, solve_twin
from trapcore.cat import Verdict, hexgrid
from trapcore.cat.hexgrid import neighbours


def _empty(n):
    return np.zeros((n, n), dtype=np.uint8)


# -- known results -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "n, moves", [(5, 2), (7, 4), (9, 6), pytest.param(11, 9, marks=pytest.mark.slow)]
)
def test_optimal_cat_escapes_empty_boards(n, moves):
    sol = tc.cat.solve(_empty(n), (n // 2, n // 2), policy="optimal", max_nodes=2_000_000)
    assert sol.verdict is Verdict.LOSS
    assert sol.depth == moves
    assert sol.block is not None


@pytest.mark.parametrize("policy", ["bfs", "rays"])
def test_player_wins_empty_11x11_against_fixed_cats(policy):
    sol = tc.cat.solve(_empty(11), (5, 5), policy=policy, max_nodes=2_000_000)
    assert sol.verdict == "win"
    # the proof is a line against a deterministic cat: play it out through CatGame
    game = tc.CatGame.from_board(_empty(11), policy=policy, seed=0)
    for _ in range(121):
        if game.status != "playing":
            break
        s = tc.cat.solve(game.board, game.cat, policy=policy, max_nodes=2_000_000)
        assert s.verdict == "win"
        game.block(s.block)
    assert game.status == "won"


def test_trivial_positions():
    b = _empty(5)
    assert tc.cat.solve(b, (0, 2), policy="optimal").verdict == "loss"  # on the border: it escapes
    b = np.ones((5, 5), dtype=np.uint8)
    b[2, 2] = 0
    b[0, 0] = 0
    sol = tc.cat.solve(b, (2, 2), policy="optimal")
    assert sol.verdict == "win" and sol.block == (0, 0)
    b[0, 0] = 1
    assert tc.cat.solve(b, (2, 2), policy="optimal") == ("win", None, 0, 0)


def test_budget_gives_unknown():
    sol = tc.cat.solve(_empty(11), (5, 5), max_nodes=50, policy="optimal")
    assert sol.verdict == "unknown"
    assert sol.nodes <= 50
    assert sol.block is not None


def test_solve_has_no_rules_option():
    # the verdict is the same under both rule sets (an enclosed cat's pocket only shrinks), so
    # solve() takes no rules= (0.1 accepted and ignored it)
    with pytest.raises(TypeError):
        tc.cat.solve(_empty(5), (2, 2), rules="enclosed")
    with pytest.raises(TypeError):
        tc.cat.solve(_empty(5), (2, 2), "optimal")  # options are keyword-only


# -- against the minimax twins ---------------------------------------------------------------------
def _boards(n, count, lo, hi, seed):
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        k = int(rng.integers(lo, hi + 1))
        b = hexgrid.random_board(
            n, n, k, seed=int(rng.integers(1 << 30)), keep_free=(n // 2, n // 2)
        )
        out.append(b)
    return out


@pytest.mark.parametrize("policy", ["optimal", "bfs", "rays"])
def test_same_verdicts_as_minimax_5x5(policy):
    seen = set()
    for b in _boards(5, size(16, 40), 2, 12, seed=11):
        sol = tc.cat.solve(b, (2, 2), policy=policy, max_nodes=1_000_000)
        assert sol.verdict != "unknown"
        assert sol.verdict == solve_twin(b.tolist(), (2, 2), policy)
        seen.add(sol.verdict)
    assert seen == {"win", "loss"}


def test_escape_depths_match_minimax():
    """A loss at depth D: the cat escapes within D moves but not within D - 1 (plain minimax);
    otherwise no escape within the depth the solver reports."""
    for b in _boards(5, size(10, 20), 0, 8, seed=4) + _boards(7, size(2, 4), 12, 18, seed=5):
        c = (b.shape[0] // 2, b.shape[1] // 2)
        sol = tc.cat.solve(b, c, policy="optimal", max_nodes=1_000_000, max_depth=3)
        board = b.tolist()
        if sol.verdict == "loss":
            assert escapes_within(board, c, sol.depth)
            assert not escapes_within(board, c, sol.depth - 1)
        elif sol.depth >= 0:
            assert not escapes_within(board, c, sol.depth)


def test_same_verdicts_as_minimax_7x7_fixed_cats():
    decided = 0
    for b in _boards(7, size(2, 6), 10, 16, seed=9):
        for policy in ("bfs", "rays"):
            sol = tc.cat.solve(b, (3, 3), policy=policy, max_nodes=1_000_000)
            if sol.verdict != "unknown":
                decided += 1
                assert sol.verdict == solve_twin(b.tolist(), (3, 3), policy)
    assert decided >= size(3, 8)  # most are decided, so the comparison above is not vacuous


# -- proofs played out ---------------------------------------------------------------------------
def _cat_replies(board, cat):
    return [q for q in neighbours(cat, board.shape) if not board[q]]


def _check_win(board, cat, nodes, depth=0):
    """Play the solver's block; then every cat reply must still be a win, down to enclosure."""
    rows, cols = board.shape
    sol = tc.cat.solve(board, cat, policy="optimal", max_nodes=nodes)
    assert sol.verdict == "win", (board, cat, sol)
    b = board.copy()
    b[sol.block] = 1
    if hexgrid.distance_to_border(b)[cat] < 0:
        return  # enclosed
    assert not hexgrid.is_border(cat, (rows, cols))
    assert depth < rows * cols
    for q in _cat_replies(b, cat):
        _check_win(b, q, nodes, depth + 1)


def test_solver_wins_hold_against_every_cat_reply():
    wins = 0
    for n, lo, hi, count in ((5, 4, 10, size(8, 16)), (7, 12, 18, size(4, 8))):
        for b in _boards(n, count, lo, hi, seed=n):
            c = (n // 2, n // 2)
            sol = tc.cat.solve(b, c, policy="optimal", max_nodes=50_000)
            if sol.verdict == "win":
                wins += 1
                _check_win(b, c, 50_000)
    assert wins >= size(3, 5)


def test_solver_losses_hold_against_every_block():
    """A loss: whatever the player blocks, some cat reply keeps it lost (or escapes)."""
    losses = 0
    for b in _boards(5, size(10, 25), 0, 6, seed=21):
        sol = tc.cat.solve(b, (2, 2), policy="optimal", max_nodes=200_000)
        if sol.verdict != "loss":
            continue
        losses += 1
        free = [tuple(int(v) for v in rc) for rc in np.argwhere(b == 0) if tuple(rc) != (2, 2)]
        for x in free:
            b2 = b.copy()
            b2[x] = 1
            assert hexgrid.distance_to_border(b2)[2, 2] >= 0
            assert any(
                tc.cat.solve(b2, q, max_nodes=200_000, policy="optimal").verdict == "loss"
                for q in _cat_replies(b2, (2, 2))
            )
    assert losses >= 3


# -- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        (dict(board=np.zeros((5, 5), float)), TypeError, "board"),
        (dict(board=np.zeros((5, 5), bool)), TypeError, "board"),
        (dict(board=np.zeros(5, np.uint8)), ValueError, "board"),
        (dict(board=np.full((5, 5), 2)), ValueError, "board"),
        (dict(board=np.zeros((70, 70), np.uint8)), ValueError, "board"),
        (dict(cat=(9, 9)), ValueError, "cat"),
        (dict(cat=(0,)), TypeError, "cat"),
        (dict(cat=(1.5, 2)), TypeError, "cat"),
        (dict(policy="nope"), ValueError, "policy"),  # "smart" is taken since 0.3 (issue 26)
        (dict(policy=3), TypeError, "policy"),
        (dict(max_nodes=0), ValueError, "max_nodes"),
        (dict(max_nodes=2.5), TypeError, "max_nodes"),
        (dict(max_depth=0), ValueError, "max_depth"),
    ],
)
def test_bad_input(kwargs, exc, match):
    args = dict(board=np.zeros((5, 5), np.uint8), cat=(2, 2))
    args.update(kwargs)
    with pytest.raises(exc, match=match):
        tc.cat.solve(**args)


def test_blocked_cat_cell():
    b = _empty(5)
    b[2, 2] = 1
    with pytest.raises(ValueError, match="cat"):
        tc.cat.solve(b, (2, 2), policy="optimal")


def test_read_only_and_non_contiguous_boards():
    b = np.zeros((14, 14), np.uint8)[::2, ::2]
    assert not b.flags.c_contiguous
    r = tc.cat.solve(b, (3, 3), policy="optimal")
    b2 = np.zeros((7, 7), np.uint8)
    b2.flags.writeable = False
    assert tc.cat.solve(b2, (3, 3), policy="optimal") == r


@pytest.mark.parametrize(
    "rows, cols", [(1, 1), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5), (5, 6), (6, 6)]
)
def test_empty_boards_lost_as_the_exact_twin_says(rows, cols):
    """The README's "every empty board up to 12x12 is lost": on the sizes the plain minimax twin
    can afford, it agrees (the larger ones rest on the solver's own proofs)."""
    board = np.zeros((rows, cols), dtype=np.uint8)
    cat = (rows // 2, cols // 2)
    assert solve_twin(board.tolist(), cat) == "loss"
    assert tc.cat.solve(board, cat, policy="optimal").verdict is Verdict.LOSS
