"""The solver keeps its wins (issue 12): a start the default solver proves won stays won when the
solver player follows it, against every cat we have and adversarial cats; and the default solver
finds every win within 3 blocks that a brute force finds."""

from __future__ import annotations

import numpy as np
import pytest
from _cat_starts import BUDGET, proven_starts
from _suite import size
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trapcore as tc
from reference.cat_solver import solve_twin, wins_within
from reference.cats_published import PUBLISHED
from trapcore.cat import hexgrid
from trapcore.cat.hexgrid import neighbours

ISSUE_BLOCKS = [
    (5, 7),
    (6, 6),
    (6, 7),
    (7, 8),
    (7, 10),
    (8, 5),
    (8, 9),
    (8, 10),
    (9, 7),
    (9, 10),
    (10, 6),
    (10, 7),
    (10, 8),
    (10, 10),
]


def _issue_board():
    b = np.zeros((11, 11), np.uint8)
    for p in ISSUE_BLOCKS:
        b[p] = 1
    return b


def test_issue_start_stays_won():
    b = _issue_board()
    sol = tc.cat.solve(b, (8, 8), policy="optimal")
    assert sol.verdict is tc.Verdict.WIN and sol.block == (7, 9)
    b[7, 9] = 1
    assert tc.cat.solve(b, (8, 7), policy="optimal").verdict is tc.Verdict.WIN
    b[8, 6] = 1  # the winning block 0.1's default played there (the issue's line)
    # 0.1's default (the horizon-bounded search alone) no longer saw the win here
    assert (
        tc.cat.solve(b, (7, 7), max_nodes=20_000, method="id", policy="optimal").verdict
        is tc.Verdict.UNKNOWN
    )
    again = tc.cat.solve(b, (7, 7), max_nodes=sol.nodes, policy="optimal")
    assert again.verdict is tc.Verdict.WIN and again.nodes <= 10
    h = tc.cat.hint(b, (7, 7), policy="smart", max_nodes=sol.nodes)
    assert h.proven and h.block == again.block
    assert (
        tc.cat.player_move(b, (7, 7), player="solver", policy="smart", max_nodes=sol.nodes)
        == again.block
    )


# -- cats: (board, cat, rng) -> cell ---------------------------------------------------------------
def _free_moves(board, cat):
    return [q for q in neighbours(cat, board.shape) if not board[q]]


def _named(policy):
    def cat(board, cell, rng):
        return tc.cat.cat_move(board, cell, policy=policy, seed=rng)

    cat.__name__ = policy
    return cat


def _unknown_seeker(method):
    """Steers toward replies the solver (``method``, small budget) does not prove won for the
    player; escapes when it can; else the reply farthest from being enclosed."""

    def cat(board, cell, rng):
        moves = _free_moves(board, cell)
        rows, cols = board.shape
        edge = [q for q in moves if q[0] in (0, rows - 1) or q[1] in (0, cols - 1)]
        if edge:
            return edge[0]
        scored = []
        for q in moves:
            if hexgrid.escape_path(board, q) is None:
                continue
            sol = tc.cat.solve(board, q, max_nodes=300, method=method, policy="optimal")
            scored.append((sol.verdict is tc.Verdict.WIN, -sol.nodes, q))
        if not scored:
            return moves[int(rng.integers(len(moves)))]
        scored.sort()
        return scored[0][2]

    cat.__name__ = f"unknown_seeker_{method}"
    return cat


def _twin_optimal(board, cell, rng):
    """The optimal cat from the plain minimax twin: a reply that the twin says escapes, else the
    reply after which the player needs the most blocks (searched to 2)."""
    moves = _free_moves(board, cell)
    rows, cols = board.shape
    for q in moves:
        if q[0] in (0, rows - 1) or q[1] in (0, cols - 1):
            return q
    for q in moves:
        if solve_twin(board, q, "optimal") == "loss":
            return q
    slow = [q for q in moves if not wins_within(board, q, 1)]
    return slow[0] if slow else moves[0]


def _play_out(board, cat, cat_fn, rng, budget):
    """Follow a SolverPlayer's hints (optimal-cat model, its table kept through the game) against
    cat_fn: every hint must be a proven win; True when the cat is enclosed."""
    b = board.copy()
    rows, cols = b.shape
    keeper = tc.cat.SolverPlayer("smart", max_nodes=budget)
    while True:
        h = keeper.hint(b, cat)
        assert h.proven, (b, cat)
        b[h.block] = 1
        if cat[0] in (0, rows - 1) or cat[1] in (0, cols - 1):
            return False
        if hexgrid.escape_path(b, cat) is None:
            return True
        cat = cat_fn(b, cat, rng)


def _play_moves(board, cat, cat_fn, rng, budget):
    """The SolverPlayer's own moves (the kernel's solver player, as simulate plays it) against
    cat_fn; True when the cat is enclosed."""
    b = board.copy()
    rows, cols = b.shape
    keeper = tc.cat.SolverPlayer("smart", max_nodes=budget)
    while True:
        b[keeper(b, cat, rng)] = 1
        if cat[0] in (0, rows - 1) or cat[1] in (0, cols - 1):
            return False
        if hexgrid.escape_path(b, cat) is None:
            return True
        cat = cat_fn(b, cat, rng)


CATS = [
    _named("bfs"),
    _named("rays"),
    _named("smart"),
    _unknown_seeker("id"),
    _unknown_seeker("auto"),
] + [PUBLISHED[name] for name in sorted(PUBLISHED)]


# slow: the tests that play from the cached proven starts (finding them costs minutes when the
# cache is cold, a minute of the kernels the rest of the suite runs too when it is warm) run in
# `pytest --full` (CI), not in the README's quick run
@pytest.mark.slow
@pytest.mark.parametrize("n,blocked,count", [(7, 9, 10), (9, 10, 10), (11, 8, 10), (11, 15, 10)])
@pytest.mark.parametrize("cat_fn", CATS, ids=lambda f: f.__name__)
def test_hints_stay_proven_from_a_proven_start(n, blocked, count, cat_fn):
    starts = proven_starts(n, blocked, count, seed=n * 100 + blocked)
    assert len(starts) == count
    for k, (b, cat) in enumerate(starts):
        assert _play_out(b, cat, cat_fn, np.random.default_rng(k), BUDGET), (b, cat, k)


@pytest.mark.slow
@pytest.mark.parametrize("n,blocked,count", [(9, 10, 10), (11, 8, 10)])
@pytest.mark.parametrize("cat_fn", CATS, ids=lambda f: f.__name__)
def test_solver_player_never_loses_a_proven_start(n, blocked, count, cat_fn):
    for k, (b, cat) in enumerate(proven_starts(n, blocked, count, seed=n * 100 + blocked)):
        assert _play_moves(b, cat, cat_fn, np.random.default_rng(k), BUDGET), (b, cat, k)


def test_solver_player_never_loses_against_the_optimal_twin_cat():
    played = 0
    for b, cat in proven_starts(5, 7, 8, seed=5)[: size(3, 8)]:
        assert solve_twin(b, cat, "optimal") == "win"
        assert _play_out(b, cat, _twin_optimal, np.random.default_rng(0), BUDGET), b
        assert _play_moves(b, cat, _twin_optimal, np.random.default_rng(0), BUDGET), b
        played += 1
    assert played == size(3, 8)


@pytest.mark.slow
def test_catgame_hints_stay_proven():
    """CatGame.hint keeps its table through the game: followed from a proven start against a
    published cat, each hint is a proven win and the game is won."""
    for k, (b, cat) in enumerate(proven_starts(11, 8, 10, seed=1108)[:5]):
        g = tc.CatGame.from_board(b, cat, policy=PUBLISHED["zhangyoufu_hard"], seed=k)
        while g.status == "playing":
            h = g.hint(max_nodes=BUDGET)
            assert h.proven, (b, cat, k, g.moves)
            g.block(h.block)
        assert g.status == "won"


# -- every win within 3 blocks is found -----------------------------------------------------------
def _pocket_board(draw_or_rng, n, density):
    rng = draw_or_rng
    b = (rng.random((n, n)) < density).astype(np.uint8)
    free = [
        tuple(map(int, p)) for p in np.argwhere(b == 0) if 0 < p[0] < n - 1 and 0 < p[1] < n - 1
    ]
    if not free:
        return None, None
    cat = free[int(rng.integers(len(free)))]
    if int((hexgrid.distances(b, cat) >= 0).sum()) > 34:  # brute force on small pockets only
        return None, None
    return b, cat


def _check_brute(b, cat):
    if hexgrid.escape_path(b, cat) is None:
        return 0
    for k in (1, 2, 3):
        if wins_within(b, cat, k):
            sol = tc.cat.solve(b, cat, policy="optimal")
            assert sol.verdict is tc.Verdict.WIN, (b, cat, k)
            return 1
    return 0


@pytest.mark.parametrize("n", [5, 7, 9, 11])
def test_finds_every_win_within_three_blocks_seeds(n):
    rng = np.random.default_rng(1200 + n)
    found = tried = 0
    while tried < size(12, 25):
        b, cat = _pocket_board(rng, n, 0.45)
        if b is None:
            continue
        tried += 1
        found += _check_brute(b, cat)
    assert found >= size(2, 5)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(5, 11), st.floats(0.35, 0.55), st.integers(0, 2**32 - 1))
def test_finds_every_win_within_three_blocks_hypothesis(n, density, seed):
    b, cat = _pocket_board(np.random.default_rng(seed), n, density)
    if b is not None:
        _check_brute(b, cat)
