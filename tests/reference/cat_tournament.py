"""Cats compared on the same starts (used by bench/cat_tournament.py and
tests/cat/test_cat_strength.py): start ``i`` of a seed is
``random_board(n, n, blocks, seed=item_generator(root_key(seed), i), keep_free=centre)``, every cat
meets it with the same player and the same player's random stream, so two cats differ only by how
they play; the sign test counts the starts where only one of the two was caught."""

from __future__ import annotations

import math

import numpy as np

import trapcore as tc
from reference.cats_published import PUBLISHED
from trapcore._seeding import item_generator, root_key


def starts(n: int, blocks: int, games: int, seed: int) -> list[np.ndarray]:
    """The tournament's starts: ``games`` boards of ``n x n`` with ``blocks`` blocks."""
    key = root_key(seed)
    return [
        tc.cat.hexgrid.random_board(
            n, n, blocks, seed=item_generator(key, i), keep_free=(n // 2, n // 2)
        )
        for i in range(games)
    ]


def policy_of(name: str) -> object:
    """A cat by name: ``solvercat:N``, a published cat, or a policy name."""
    if name.startswith("solvercat:"):
        return tc.cat.SolverCat(int(name.split(":")[1]))
    return PUBLISHED.get(name, name)


def play(start: np.ndarray, policy: object, player: str, seed: int) -> bool:
    """One game from ``start`` (the cat in the centre, the player first): True if she wins.
    ``player`` is a ``player_move`` name or ``hint:N`` (a ``SolverPlayer("smart", max_nodes=N)``
    kept through the game, its hint played, proven or not)."""
    board = start.copy()
    rows, cols = board.shape
    cat = (rows // 2, cols // 2)
    rng = np.random.default_rng(seed)  # the player's draws: the same for every cat
    cat_rng = np.random.default_rng(seed + 1)
    hinter = None
    if player.startswith("hint:"):
        hinter = tc.cat.SolverPlayer("smart", max_nodes=int(player.split(":")[1]))
    while True:
        if int(board.sum()) >= board.size - 1:
            return not tc.cat.hexgrid.is_border(cat, board.shape)
        if hinter is not None:
            block = hinter.hint(board, cat).block
        else:
            block = tc.cat.player_move(board, cat, player=player, policy="smart", seed=rng)
        board[block] = 1
        if tc.cat.hexgrid.is_border(cat, board.shape):
            return False
        nxt = tc.cat.cat_move(board, cat, policy=policy, seed=cat_rng)  # type: ignore[arg-type]
        if nxt is None:
            return True
        cat = nxt


def player_wins(boards: list[np.ndarray], cat: str, player: str) -> np.ndarray:
    """For each start, whether the player wins against ``cat``."""
    policy = policy_of(cat)
    return np.array([play(s, policy, player, i) for i, s in enumerate(boards)], dtype=bool)


def sign_test(a: int, b: int) -> float:
    """Two-sided exact binomial p-value for a successes against b (p = 1/2)."""
    n, k = a + b, min(a, b)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)
