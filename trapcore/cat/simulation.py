"""Whole games played inside the kernels: simulate() measures a player's win rate against a cat."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from trapcore._renamed import module_getattr
from trapcore._seeding import item_generator, root_key
from trapcore._threads import imap
from trapcore._types import Cell, SeedLike
from trapcore._validate import as_choice, as_int, as_size, check_callback
from trapcore.cat import _play, hexgrid
from trapcore.cat._board import MAX_SOLVE_CELLS
from trapcore.cat._engine import Memory
from trapcore.cat._types import PlayerLike, PolicyLike
from trapcore.cat.players import (
    _MODEL,
    _PLAYER,
    _POLICY,
    _RULES,
    _SOLVER_DEPTH,
    RULES,
    SOLVER_PLAYER_NODES,
    _call_player,
    _cat_step,
    _model_of,
    _player_block,
    as_player,
    as_policy,
)

__all__ = ["SimResult", "simulate"]

#: simulate() plays its games in batches of this many (``LIMITS.batch_games``).
BATCH = 256
_MAX_GAMES = 1 << 31
# a batch's games: outcomes (1 won, 0 lost) and blocks played
_Games = tuple[npt.NDArray[np.int8], npt.NDArray[np.int32]]


def _batch_generators(
    games: int, *, seed: SeedLike = None
) -> list[tuple[np.random.Generator, int]]:
    """The batches :func:`simulate` plays: ``(generator, n_games)`` pairs (0.2's public
    ``trapcore.cat.batch_generators``, deprecated).

    Batch ``k`` (games ``k * BATCH`` to ``k * BATCH + n_games - 1``) draws everything from one
    generator, a pure function of ``(seed, k)`` (trapcore's batch seeding: Philox keyed by the
    seed, ``k`` in the counter), game after game: the start board, then each turn the player's
    choice (:func:`trapcore.cat.player_move`) and the cat's (:class:`trapcore.CatGame`). So
    ``CatGame(..., seed=generator)`` and ``player_move(..., seed=generator)`` replay a batch's
    games in order.

    Parameters
    ----------
    games : int
        Number of games (>= 0).
    seed : None, int, SeedSequence or Generator
        As for :func:`simulate` (a Generator is advanced by two draws).

    Returns
    -------
    list of (numpy.random.Generator, int)
    """
    # a list of at most 65536 generators (simulate itself takes up to 2**31 games)
    games = as_int(games, "games", minimum=0, maximum=BATCH << 16)
    key = root_key(seed)
    return [
        (item_generator(key, k), min(BATCH, games - k * BATCH)) for k in range(-(-games // BATCH))
    ]


def _wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


@dataclass(frozen=True, eq=False)
class SimResult:
    """What :func:`simulate` measured.

    Attributes
    ----------
    games, wins : int
    win_rate : float
        The player's share of games won.
    interval : (float, float)
        95% Wilson score interval of ``win_rate``.
    mean_moves : float
        Mean number of blocks per game.
    outcomes : ndarray of int8, read-only
        Per game: 1 the player won, 0 the cat escaped.
    moves : ndarray of int32, read-only
        Per game: blocks played.
    seconds : float
        Wall time of the run.

    See Also
    --------
    simulate : Returns it.

    Examples
    --------
    >>> import trapcore as tc
    >>> result = tc.cat.simulate(50, 7, 7, 10, player="lookahead", seed=1)
    >>> print(result)
    42/50 won: 84.0% (95% CI 71.5-91.7%), 6.8 moves per game
    >>> result.games, result.wins, result.win_rate, result.mean_moves
    (50, 42, 0.84, 6.76)
    >>> result.outcomes[:8].tolist(), result.moves[:8].tolist()
    ([0, 1, 1, 1, 1, 1, 1, 1], [5, 6, 5, 4, 4, 8, 12, 9])
    """

    games: int
    wins: int
    win_rate: float
    interval: tuple[float, float]
    mean_moves: float
    outcomes: npt.NDArray[np.int8] = field(repr=False)
    moves: npt.NDArray[np.int32] = field(repr=False)
    seconds: float = 0.0

    def __str__(self) -> str:
        lo, hi = self.interval
        return (
            f"{self.wins}/{self.games} won: {100 * self.win_rate:.1f}% "
            f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%), {self.mean_moves:.1f} moves per game"
        )


def simulate(
    games: int,
    rows: int = 11,
    cols: int = 11,
    blocked: int = 15,
    *,
    policy: PolicyLike = "bfs",
    player: PlayerLike = "greedy",
    rules: str = "enclosed",
    seed: SeedLike = None,
    workers: int | None = None,
    max_nodes: int = SOLVER_PLAYER_NODES,
    progress: Callable[[int, int], object] | None = None,
) -> SimResult:
    """Play whole games in the kernels and measure the player's win rate.

    Each game starts from ``blocked`` random cells (never the cat's centre cell), the player
    moving first. The games are played in batches of ``LIMITS.batch_games`` (256) games;
    batch ``k`` draws its start boards, the player's and the cat's choices from one generator
    that depends only on ``(seed, k)``, exactly as :class:`CatGame` and :func:`player_move` draw
    them, so the same games can be replayed through ``CatGame``.

    Parameters
    ----------
    games : int
        Number of games (>= 0).
    rows, cols, blocked : int
        Board size (at most 4096 cells) and start blocks, as for :class:`CatGame` (default
        11 x 11, 15 blocks).
    policy : {"bfs", "rays", "smart", "easy", "normal", "hard"} or callable
        The cat (see :func:`trapcore.cat.cat_move`).
    player : {"random", "greedy", "lookahead", "solver"} or callable
        See :func:`trapcore.cat.player_move`. A callable policy or player
        ``(board, cat, rng) -> cell`` plays the games in Python, one move at a time, with the
        same draws as the kernel (so a callable that plays as a named policy gives the same
        games); that is much slower (tens of microseconds a move plus the callable's own time),
        and threads help little (the callable holds the GIL).
    rules : {"enclosed", "surrounded"}
    seed : None, int, SeedSequence or Generator
        The same seed gives the same games, whatever ``workers`` is.
    workers : int, optional
        Threads to play on (the kernels release the GIL); default 1.
    max_nodes : int
        The solver player's budget per move (the other players do not search).
    progress : callable, optional
        Called as ``progress(done, games)`` after each batch of games.

    Returns
    -------
    SimResult

    Raises
    ------
    TypeError, ValueError
        Bad count, size, policy, player, rules, seed, workers or budget.

    See Also
    --------
    CatGame : One game, move by move.
    SimResult : What it returns.

    Examples
    --------
    >>> import trapcore as tc
    >>> r = tc.cat.simulate(100, 9, 9, 8, policy="bfs", player="lookahead", seed=1)
    >>> r.games, r.wins == int(r.outcomes.sum())
    (100, True)
    """
    games = as_int(games, "games", minimum=0, maximum=_MAX_GAMES)
    rows, cols = as_size(rows, cols, max_cells=MAX_SOLVE_CELLS)
    blocked = as_int(blocked, "blocked", minimum=0, maximum=rows * cols - 1)
    policy = as_policy(policy)
    player = as_player(player)
    rules = as_choice(rules, "rules", RULES)
    workers = 1 if workers is None else as_int(workers, "workers", minimum=1, maximum=256)
    max_nodes = as_int(max_nodes, "max_nodes", minimum=1, maximum=1 << 40)
    check_callback(progress, "progress", "(done, games)")
    key = root_key(seed)
    t0 = time.perf_counter()
    batches = [(k, min(BATCH, games - k * BATCH)) for k in range(-(-games // BATCH))]
    if callable(policy) or callable(player):

        def run(batch: tuple[int, int]) -> _Games:
            k, n = batch
            return _play_python(
                rows, cols, blocked, policy, player, rules, max_nodes, n, item_generator(key, k)
            )
    else:
        codes = (_POLICY[policy], _RULES[rules], _PLAYER[player], _MODEL[_model_of(policy)])

        def run(batch: tuple[int, int]) -> _Games:
            k, n = batch
            gen = item_generator(key, k)
            return _play.play_games(
                rows, cols, blocked, *codes, max_nodes, _SOLVER_DEPTH, n, gen.bit_generator
            )

    results: list[_Games] = []
    done = 0
    if workers == 1:
        for batch in batches:
            results.append(run(batch))
            done += batch[1]
            if progress is not None:
                progress(done, games)
    else:
        # closed on any exception, a Ctrl-C between two results included: the pool's jobs
        # then stop at their next poll instead of running on until the interpreter exits
        with closing(imap(run, batches, workers)) as runs:
            for batch, res in zip(batches, runs):
                results.append(res)
                done += batch[1]
                if progress is not None:
                    progress(done, games)
    outcomes = np.concatenate([r[0] for r in results]) if results else np.zeros(0, np.int8)
    moves = np.concatenate([r[1] for r in results]) if results else np.zeros(0, np.int32)
    outcomes.flags.writeable = False
    moves.flags.writeable = False
    wins = int((outcomes == 1).sum())
    return SimResult(
        games,
        wins,
        wins / games if games else 0.0,
        _wilson(wins, games),
        float(moves.mean()) if games else 0.0,
        outcomes,
        moves,
        time.perf_counter() - t0,
    )


def _play_python(
    rows: int,
    cols: int,
    blocked: int,
    policy: PolicyLike,
    player: PlayerLike,
    rules: str,
    max_nodes: int,
    games: int,
    gen: np.random.Generator,
) -> _Games:
    """play_games in Python for callable policies or players: the same draws, the same rules."""
    outcome = np.zeros(games, np.int8)
    moves = np.zeros(games, np.int32)
    start = (rows // 2, cols // 2)
    for g in range(games):
        b = hexgrid.random_board(rows, cols, blocked, seed=gen, keep_free=start)
        cat = start
        # the solver player's memory, new each game (as play_games empties it)
        memory = Memory(rows, cols, max_nodes) if player == "solver" else None
        while True:
            if int(b.sum()) >= b.size - 1:  # no free cell but the cat's: settled as CatGame does
                outcome[g] = 0 if hexgrid.is_border(cat, b.shape) else 1
                break
            block: Cell | None  # never None: a free cell is left
            if callable(player):
                block = _call_player(player, b, cat, gen)
            else:
                block = _player_block(b, cat, player, policy, gen, max_nodes, memory)
            b[block] = 1
            moves[g] += 1
            if hexgrid.is_border(cat, b.shape):
                break
            nxt = _cat_step(b, cat, policy, rules, gen)
            if nxt is None:
                outcome[g] = 1
                break
            cat = nxt
    return outcome, moves


#: 0.2's name, deprecated (it goes in 0.4): the helper is private.
__getattr__ = module_getattr(__name__, {"batch_generators": "_batch_generators"}, globals())
del module_getattr
