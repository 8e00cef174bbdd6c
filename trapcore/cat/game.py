"""Trap the Cat: the game (``CatGame``) and its cat policies, on even-r hex boards.

The board is a ``uint8`` array, ``0`` free and ``1`` blocked; the cat starts in the centre cell
``(rows // 2, cols // 2)``. Each turn the player blocks a free cell, then the cat answers:

1. if the cat stands on a border cell (first or last row or column), it escapes: the player lost;
2. otherwise, if the cat has no path to the border, the player won (``rules="enclosed"``); with
   ``rules="surrounded"`` an enclosed cat keeps moving inside its pocket and the player wins only
   when it cannot move at all, as in the original Chat Noir;
3. otherwise the cat steps one cell by its policy.

Policies: ``"bfs"`` steps along :func:`trapcore.hexgrid.escape_path`; ``"rays"`` looks down the six
straight rays and takes a step along the open one with the fewest cells to the edge, or, with no
open ray, a random free neighbour; ``"smart"`` takes a border cell when it can, else a move that
forces an escape (a short exact search), else the move whose escape distance suffers least from
the player's best single block, breaking ties at random from the game's seed.

Beyond the game: :func:`solve` decides a position exactly (against the optimal cat, or the BFS or
ray cat), :meth:`CatGame.hint` and :meth:`CatGame.analyze` use it, and :func:`simulate` plays whole
games inside the kernels.
"""
from __future__ import annotations

import math
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from trapcore import hexgrid
from trapcore._native import cat as _k
from trapcore._native import catsim as _sim
from trapcore._native import catpns as _pns
from trapcore._native import catsolve as _solve
from trapcore._validate import as_cell, as_choice, as_generator, as_int, as_size

__all__ = [
    "CatGame",
    "POLICIES",
    "RULES",
    "SOLVE_POLICIES",
    "PLAYERS",
    "cat_move",
    "solve",
    "Solution",
    "Hint",
    "player_move",
    "simulate",
    "SimResult",
    "batch_seeds",
    "model_of",
]

#: Cat policies and their kernel codes.
POLICIES = {"bfs": 0, "rays": 1, "smart": 2}
#: The cats the solver plays against, and their kernel codes.
SOLVE_POLICIES = {"optimal": 0, "bfs": 1, "rays": 2}
#: The solver's search methods (see :func:`solve`).
SOLVE_METHODS = ("id", "pns")
# The proof-number search's player candidates: at most this many blocks a position, on escape
# routes at most _PNS_SLACK steps longer than the shortest; the 1+epsilon threshold factor.
_PNS_CANDIDATES = 20
_PNS_SLACK = 1
_PNS_EPS = 0.25
#: Player policies for :func:`simulate` and :func:`player_move`, and their kernel codes.
PLAYERS = {"random": 0, "greedy": 1, "lookahead": 2, "solver": 3}
_VERDICTS = {0: "unknown", 1: "win", 2: "loss"}
#: The solver's default node budget (player nodes) for solve(), hints and winnable starts.
DEFAULT_NODES = 200_000
#: The "solver" player's node budget per move in simulate() and player_move().
SOLVER_PLAYER_NODES = 2_000
_SOLVER_DEPTH = 64  # the "solver" player's deepest horizon (a fixed number keeps moves reproducible)
_MAX_SOLVE_CELLS = 4096
#: Rule sets and their kernel codes.
RULES = {"enclosed": 0, "surrounded": 1}

_MAX_CAT_CELLS = 1 << 20  # a game board is played by hand: a million cells is plenty


def cat_move(board, cat, policy: str = "bfs", rules: str = "enclosed", seed=None):
    """The cat's reply on ``board`` (the player's block already made) from ``cat``.

    Returns
    -------
    (row, col) or None
        The cat's new cell, or ``None`` when the player has won (the cat is enclosed under
        ``"enclosed"`` rules, or cannot move under ``"surrounded"`` rules).

    Raises
    ------
    ValueError
        If ``cat`` is blocked or on a border cell (a cat there escapes instead of moving).
    """
    b = hexgrid.as_board(board)
    policy = as_choice(policy, "policy", POLICIES)
    rules = as_choice(rules, "rules", RULES)
    r, c = as_cell(cat, b.shape, "cat")
    if b[r, c]:
        raise ValueError(f"cat = ({r}, {c}) stands on a blocked cell")
    if hexgrid.is_border(r, c, *b.shape):
        raise ValueError(f"cat = ({r}, {c}) is on the border: it escapes instead of moving")
    gen = as_generator(seed)
    p = _k.reply(b, r, c, POLICIES[policy], RULES[rules], gen.bit_generator)
    return None if p < 0 else divmod(int(p), b.shape[1])


def model_of(policy: str) -> str:
    """The solver's model of a cat policy: the fixed policies are solved exactly as they play;
    the smart cat (randomised) is treated as the optimal cat."""
    policy = as_choice(policy, "cat", POLICIES)
    return "optimal" if policy == "smart" else policy


class Solution(NamedTuple):
    """What :func:`solve` found.

    Attributes
    ----------
    verdict : {"win", "loss", "unknown"}
        ``"win"``: the player (to move) can force the cat to be enclosed; ``"loss"``: the cat
        escapes whatever she does; ``"unknown"``: the node budget ran out first.
    block : (row, col) or None
        The best block: the proven winning block for a win; otherwise the block that held out
        longest in the search (``None`` when there is no free cell to block).
    nodes : int
        Player positions searched.
    depth : int
        For a win or a loss, the horizon (cat moves) within which it was proved: a loss means
        the cat reaches a border cell within ``depth`` of its moves. For ``"unknown"``, the
        deepest horizon shown to hold no forced escape (-1 if none).
    """

    verdict: str
    block: tuple | None
    nodes: int
    depth: int


def _free_cat(b: np.ndarray, cat, name: str = "cat") -> tuple[int, int]:
    r, c = as_cell(cat, b.shape, name)
    if b[r, c]:
        raise ValueError(f"{name} = ({r}, {c}) stands on a blocked cell")
    return r, c


def _tt_bits(max_nodes: int, n: int) -> int:
    words = (n + 63) // 64
    bits = max(10, min(22, int(max_nodes * 2).bit_length()))
    while bits > 10 and (1 << bits) * (25 + 8 * words) > (96 << 20):  # at most ~96 MB of table
        bits -= 1
    return bits


def solve(board, cat, policy: str = "optimal", max_nodes: int = DEFAULT_NODES,
          rules: str = "enclosed", max_depth=None, method: str = "id") -> Solution:
    """Decide a position exactly: can the player, to move, force a win?

    AND/OR search with iterative deepening on the cat's horizon, a Zobrist-hashed transposition
    table, blocks ordered by escape distance and sound pruning (against the optimal cat: only
    blocks near a short escape route matter, and a block outside the cells that refute an
    earlier block is refuted too). A ``"win"`` or ``"loss"`` is a proof; ``"unknown"`` means
    the budget ran out.

    Parameters
    ----------
    board : array_like of int, shape (rows, cols)
        0 free, 1 blocked, even-r offset rows; at most 4096 cells.
    cat : (row, col)
        The cat's cell (free).
    policy : {"optimal", "bfs", "rays"}
        The cat to solve against: ``"optimal"`` lets it choose any move (a win is then a win
        against every cat); ``"bfs"`` and ``"rays"`` play as those policies do (the ray cat's
        random step, when no ray is open, is searched as an adversary).
    max_nodes : int
        Budget in player positions (>= 1).
    rules : {"enclosed", "surrounded"}
        Accepted for symmetry with :class:`CatGame`; the verdict is the same under both (an
        enclosed cat's pocket only shrinks, so it is caught in the end), only games are longer.
    max_depth : int, optional
        Deepest horizon in cat moves (default: the number of free cells, at most 200).
    method : {"id", "pns"}
        ``"id"`` (default): the iterative deepening search above. ``"pns"`` (only with
        ``policy="optimal"``): first a depth-first proof-number search over whole games
        (src/catpns.pyx, no horizon; the player's blocks pruned by the proof zones of refuted
        blocks, a ring test and a border-distance cut test as terminal wins) on three quarters
        of ``max_nodes`` (its positions, player's and cat's); when its budget runs out, the
        iterative deepening search tries with the rest. A verdict of the proof-number search
        reports ``depth = -1``.

    Returns
    -------
    Solution
        ``(verdict, block, nodes, depth)``.

    Raises
    ------
    TypeError, ValueError
        Bad board, cat cell (blocked or outside), policy, rules or budget.
    """
    b = hexgrid.as_board(board)
    if b.size > _MAX_SOLVE_CELLS:
        raise ValueError(f"board has {b.size} cells; the solver accepts at most {_MAX_SOLVE_CELLS}")
    r, c = _free_cat(b, cat)
    policy = as_choice(policy, "policy", SOLVE_POLICIES)
    as_choice(rules, "rules", RULES)
    max_nodes = as_int(max_nodes, "max_nodes", minimum=1, maximum=1 << 40)
    free = int(b.size - b.sum())
    if max_depth is None:
        max_depth = max(1, min(free, 200))
    max_depth = as_int(max_depth, "max_depth", minimum=1, maximum=1000)
    method = as_choice(method, "method", SOLVE_METHODS)
    if method == "pns":
        if policy != "optimal":
            raise ValueError(f"method = 'pns' solves against the optimal cat only, not policy = "
                             f"{policy!r}")
        pns, spent = _solve_pns(b, r, c, max(1, max_nodes * 3 // 4))
        if pns is not None:
            return pns
        max_nodes = max(1, max_nodes - spent)
    res, best, nodes, depth = _solve.solve(b, r, c, SOLVE_POLICIES[policy], max_nodes,
                                           max_depth, _tt_bits(max_nodes, b.size))
    if method == "pns":
        nodes += spent
    if best < 0:  # nothing was searched (the verdict was immediate): any free block
        free_cells = np.flatnonzero(b.ravel() == 0)
        free_cells = free_cells[free_cells != r * b.shape[1] + c]
        if res != 1:
            greedy = _player_block(b, (r, c), "greedy", "bfs", None)
            best = -1 if greedy is None else greedy[0] * b.shape[1] + greedy[1]
        elif free_cells.size:
            best = int(free_cells[0])
    block = None if best < 0 else divmod(int(best), b.shape[1])
    return Solution(_VERDICTS[res], block, int(nodes), int(depth))


def _solve_pns(b, r, c, max_nodes):
    """The proof-number search's verdict as a Solution, or None (budget out, or the win is
    immediate and the iterative deepening search names its block); and the positions searched."""
    res, best, nodes, _, _ = _pns.solve_pns(b, r, c, max_nodes, _PNS_CANDIDATES, _PNS_SLACK,
                                            _PNS_EPS, _pns_tt_bits(max_nodes, b.size), True)
    if res == 1 and best >= 0:
        return Solution("win", divmod(int(best), b.shape[1]), int(nodes), -1), int(nodes)
    if res == 2:
        greedy = _player_block(b, (r, c), "greedy", "bfs", None)
        return Solution("loss", greedy, int(nodes), -1), int(nodes)
    return None, int(nodes)


def _pns_tt_bits(max_nodes: int, n: int) -> int:
    """Two-way table: about two entries per searched position, at most ~100 MB."""
    per = 20 + 8 * ((n + 63) // 64)
    bits = max(10, min(22, int(max_nodes * 2).bit_length()))
    while bits > 10 and (1 << bits) * per > (100 << 20):
        bits -= 1
    return bits


def _player_block(b, cat, player, cat_policy, gen, max_nodes=SOLVER_PLAYER_NODES):
    model = SOLVE_POLICIES[model_of(cat_policy)]
    gen = gen if gen is not None else as_generator(0)
    p = _sim.player_move(b, cat[0], cat[1], PLAYERS[player], model, max_nodes, _SOLVER_DEPTH,
                         gen.bit_generator)
    return None if p < 0 else divmod(int(p), b.shape[1])


def player_move(board, cat, player: str = "greedy", cat_policy: str = "bfs", seed=None,
                max_nodes: int = SOLVER_PLAYER_NODES):
    """The block a player policy makes (the same kernel :func:`simulate` uses).

    Parameters
    ----------
    board : array_like of int
        0 free, 1 blocked (even-r offset rows).
    cat : (row, col)
        The cat's cell (free).
    player : {"random", "greedy", "lookahead", "solver"}
        ``"random"`` blocks a uniformly random free cell; ``"greedy"`` the cell a fixed-tie BFS
        cat would step to next; ``"lookahead"`` tries each block near the cat's shortest escape
        routes, plays the rest greedily against a fixed-tie BFS cat and keeps the best;
        ``"solver"`` plays the solver's proven winning block against ``cat_policy``'s model
        (within ``max_nodes``), else the lookahead block.
    cat_policy : {"bfs", "rays", "smart"}
        The cat being played (the solver models "smart" as the optimal cat).
    seed : None, int, SeedSequence or Generator
        Randomness of the random player.

    Returns
    -------
    (row, col) or None
        ``None`` when no cell can be blocked.
    """
    b = hexgrid.as_board(board)
    r, c = _free_cat(b, cat)
    player = as_choice(player, "player", PLAYERS)
    as_choice(cat_policy, "cat_policy", POLICIES)
    if player == "solver" and b.size > _MAX_SOLVE_CELLS:
        raise ValueError(f"board has {b.size} cells; the solver player accepts at most "
                         f"{_MAX_SOLVE_CELLS}")
    max_nodes = as_int(max_nodes, "max_nodes", minimum=1, maximum=1 << 40)
    return _player_block(b, (r, c), player, cat_policy, as_generator(seed), max_nodes)


#: simulate() plays its games in batches of this many, each from one generator.
BATCH = 256


def batch_seeds(seed, games: int) -> list[tuple[np.random.SeedSequence, int]]:
    """The batches :func:`simulate` plays: ``(seed_sequence, n_games)`` pairs. Batch ``j`` draws
    everything from one ``numpy.random.Generator(numpy.random.PCG64(seed_sequence))``, game
    after game: the start board, then each turn the player's choice (:func:`player_move`) and
    the cat's (:class:`CatGame`), so ``CatGame(..., seed=that_generator)`` and
    ``player_move(..., seed=that_generator)`` replay the same games in order."""
    games = as_int(games, "games", minimum=0, maximum=1 << 31)
    if isinstance(seed, np.random.Generator):
        root = np.random.SeedSequence(int(seed.integers(1 << 62)))
    elif isinstance(seed, np.random.SeedSequence):
        root = seed
    else:
        root = as_generator(seed).bit_generator.seed_seq  # validates seed like everywhere else
    nb = -(-games // BATCH)
    return [(child, min(BATCH, games - j * BATCH)) for j, child in enumerate(root.spawn(nb))]


def _wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


@dataclass
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
    outcomes : ndarray of int8
        Per game: 1 the player won, 0 the cat escaped.
    moves : ndarray of int32
        Per game: blocks played.
    seconds : float
        Wall time of the run.
    """

    games: int
    wins: int
    win_rate: float
    interval: tuple
    mean_moves: float
    outcomes: np.ndarray = field(repr=False)
    moves: np.ndarray = field(repr=False)
    seconds: float = 0.0

    def __str__(self) -> str:
        lo, hi = self.interval
        return (f"{self.wins}/{self.games} won: {100 * self.win_rate:.1f}% "
                f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%), {self.mean_moves:.1f} moves per game")


def simulate(games, rows=11, cols=11, blocked=15, cat="bfs", player="greedy", seed=None,
             workers=None, rules="enclosed", max_nodes=SOLVER_PLAYER_NODES,
             progress=None) -> SimResult:
    """Play whole games in the kernels and measure the player's win rate.

    The games are played in batches (:func:`batch_seeds`); each batch draws its start boards
    (``blocked`` random cells, never the cat's centre cell), the player's and the cat's choices
    from one generator, game after game, exactly as :class:`CatGame` and :func:`player_move`
    draw them, so the same games can be replayed through ``CatGame``.

    Parameters
    ----------
    games : int
        Number of games (>= 0).
    rows, cols, blocked : int
        Board size and start blocks, as for :class:`CatGame` (default 11 x 11, 15 blocks).
    cat : {"bfs", "rays", "smart"}
    player : {"random", "greedy", "lookahead", "solver"}
        See :func:`player_move`.
    seed : None, int, SeedSequence or Generator
        The same seed gives the same games, whatever ``workers`` is.
    workers : int, optional
        Threads to play on (the kernels release the GIL); default 1.
    rules : {"enclosed", "surrounded"}
    max_nodes : int
        The solver player's budget per move.
    progress : callable, optional
        Called as ``progress(done, games)`` after each batch of games.

    Returns
    -------
    SimResult
    """
    games = as_int(games, "games", minimum=0, maximum=1 << 31)
    rows, cols = as_size(rows, cols, max_cells=_MAX_SOLVE_CELLS)
    blocked = as_int(blocked, "blocked", minimum=0, maximum=rows * cols - 1)
    cat = as_choice(cat, "cat", POLICIES)
    player = as_choice(player, "player", PLAYERS)
    rules = as_choice(rules, "rules", RULES)
    workers = 1 if workers is None else as_int(workers, "workers", minimum=1, maximum=256)
    max_nodes = as_int(max_nodes, "max_nodes", minimum=1, maximum=1 << 40)
    t0 = time.perf_counter()
    chunks = batch_seeds(seed, games)
    model = SOLVE_POLICIES[model_of(cat)]

    def run(chunk):
        ss, n = chunk
        gen = np.random.Generator(np.random.PCG64(ss))
        return _sim.play(rows, cols, blocked, POLICIES[cat], RULES[rules], PLAYERS[player], model,
                         max_nodes, _SOLVER_DEPTH, n, gen.bit_generator)

    results = []
    done = 0
    if workers == 1:
        for chunk in chunks:
            results.append(run(chunk))
            done += chunk[1]
            if progress is not None:
                progress(done, games)
    else:
        with ThreadPoolExecutor(workers) as pool:
            for chunk, res in zip(chunks, pool.map(run, chunks)):
                results.append(res)
                done += chunk[1]
                if progress is not None:
                    progress(done, games)
    outcomes = np.concatenate([r[0] for r in results]) if results else np.zeros(0, np.int8)
    moves = np.concatenate([r[1] for r in results]) if results else np.zeros(0, np.int32)
    wins = int((outcomes == 1).sum())
    return SimResult(games, wins, wins / games if games else 0.0, _wilson(wins, games),
                     float(moves.mean()) if games else 0.0, outcomes, moves,
                     time.perf_counter() - t0)


@dataclass
class Hint:
    """A hint: the block to play, whether it is a proven win, and what the solver found."""

    block: tuple | None
    proven: bool
    verdict: str
    nodes: int

    def __str__(self) -> str:
        if self.block is None:
            return "no block possible"
        how = {"win": "a proven win", "loss": "the cat escapes with best play whatever you do",
               "unknown": "not proven either way"}[self.verdict]
        return f"block {self.block[0]} {self.block[1]} ({how})"


class CatGame:
    """A game of Trap the Cat.

    Parameters
    ----------
    rows, cols : int
        Board size (default 11 x 11), at least 1 each.
    blocked : int
        Cells blocked at random at the start, never the cat's (default 15).
    cat : {"bfs", "rays", "smart"}
        The cat's policy.
    rules : {"enclosed", "surrounded"}
        When the player wins: as soon as the cat has no path to the border, or only when it
        cannot move at all.
    seed : None, int, SeedSequence or Generator
        The start board and every random choice of the cat; the same seed and the same blocks
        give the same game.
    board : array_like, optional
        A start board to use instead of a random one (``blocked`` is then ignored); the cat's
        cell must be free.
    start : (row, col), optional
        The cat's cell (default the centre ``(rows // 2, cols // 2)``).
    winnable : bool
        Draw random starts until the solver proves one won against this cat (the smart cat is
        solved as the optimal cat), so no one is dealt a lost game. Raises ``ValueError`` when
        ``max_tries`` starts in a row are not proven (too many blocks, too few, or a budget too
        small). Ignored with ``board=``.
    max_nodes : int
        The solver's budget per start for ``winnable`` (default 200,000).
    max_tries : int
        Starts to try for ``winnable`` (default 100).

    Attributes
    ----------
    board : ndarray of uint8, read-only view
    cat : (row, col)
    status : {"playing", "won", "lost"}
    history : list of dict
        One entry per turn: ``block``, ``cat_from`` and ``cat_to`` (``None`` when the cat did not
        move: it escaped or was caught).
    """

    def __init__(self, rows=11, cols=11, blocked=15, cat="bfs", rules="enclosed", seed=None, *,
                 board=None, start=None, winnable=False, max_nodes=DEFAULT_NODES, max_tries=100):
        self.policy = as_choice(cat, "cat", POLICIES)
        self.rules = as_choice(rules, "rules", RULES)
        self._rng = as_generator(seed)
        if board is not None:
            b = hexgrid.as_board(board).copy()
            rows, cols = b.shape
        else:
            rows, cols = as_size(rows, cols, max_cells=_MAX_CAT_CELLS)
        self.rows, self.cols = rows, cols
        cat_cell = (rows // 2, cols // 2) if start is None else as_cell(start, (rows, cols), "start")
        if board is None and winnable:
            b = _winnable_board(rows, cols, blocked, self._rng, cat_cell, model_of(self.policy),
                                max_nodes, max_tries)
        elif board is None:
            b = hexgrid.random_board(rows, cols, blocked, seed=self._rng, keep_free=cat_cell)
        elif b[cat_cell]:
            raise ValueError(f"start = {cat_cell} is a blocked cell of board")
        self._board = b
        self._start = (b.copy(), cat_cell)
        self._cat = cat_cell
        self.status = "playing"
        self.history: list[dict] = []
        self._undo: list[tuple] = []
        self._settle()

    def _settle(self) -> None:
        """End a game the player can no longer move in (no free cell but the cat's): the cat on
        the border escapes, anywhere else it is caught. Only tiny or full boards get here."""
        if self.status == "playing" and int(self._board.sum()) == self._board.size - 1:
            self.status = "lost" if hexgrid.is_border(*self._cat, self.rows, self.cols) else "won"

    # -- state -------------------------------------------------------------------------------
    @property
    def board(self) -> np.ndarray:
        """The board as a read-only view (0 free, 1 blocked)."""
        view = self._board.view()
        view.flags.writeable = False
        return view

    @property
    def cat(self) -> tuple[int, int]:
        """The cat's cell ``(row, col)``."""
        return self._cat

    @property
    def moves(self) -> int:
        """How many blocks the player has made."""
        return len(self.history)

    def escape_distance(self) -> int:
        """The cat's BFS distance to the border (-1 when enclosed)."""
        d = hexgrid.distance_to_border(self._board)
        return int(d[self._cat])

    def legal_blocks(self) -> list[tuple[int, int]]:
        """Every cell the player may block now (free and not the cat's)."""
        if self.status != "playing":
            return []
        free = self._board == 0
        free[self._cat] = False
        return [tuple(int(v) for v in rc) for rc in np.argwhere(free)]

    # -- play --------------------------------------------------------------------------------
    def block(self, r, c) -> str:
        """Block ``(r, c)``, then let the cat answer. Returns the new status.

        Raises
        ------
        ValueError
            If the game is over, or ``(r, c)`` is off the board, blocked or the cat's cell (the
            game is unchanged).
        """
        if self.status != "playing":
            raise ValueError(f"the game is over ({self.status}); start a new one or undo")
        cell = as_cell((r, c), (self.rows, self.cols), "(r, c)")
        if cell == self._cat:
            raise ValueError(f"(r, c) = {cell} is the cat's cell")
        if self._board[cell]:
            raise ValueError(f"(r, c) = {cell} is already blocked")
        self._undo.append((cell, self._cat, self.status, self._rng.bit_generator.state))
        self._board[cell] = 1
        cat_from = self._cat
        cat_to = None
        if hexgrid.is_border(*self._cat, self.rows, self.cols):
            self.status = "lost"
        else:
            p = self._reply()
            if p < 0:
                self.status = "won"
            else:
                cat_to = divmod(int(p), self.cols)
                self._cat = cat_to
        self.history.append({"block": cell, "cat_from": cat_from, "cat_to": cat_to})
        self._settle()
        return self.status

    def _reply(self) -> int:
        r, c = self._cat
        return _k.reply(self._board, r, c, POLICIES[self.policy], RULES[self.rules],
                        self._rng.bit_generator)

    def undo(self) -> None:
        """Take back the last block and the cat's reply (board, cat, status and the random
        state are restored). Raises ``ValueError`` when there is nothing to undo."""
        if not self._undo:
            raise ValueError("nothing to undo")
        cell, cat, status, state = self._undo.pop()
        self.history.pop()
        self._board[cell] = 0
        self._cat = cat
        self.status = status
        self._rng.bit_generator.state = state

    # -- help ----------------------------------------------------------------------------------
    def hint(self, max_nodes: int = DEFAULT_NODES) -> Hint:
        """The block to play now: the solver's proven winning block against this cat (the smart
        cat is solved as the optimal cat) when it finds one within ``max_nodes``, otherwise the
        best heuristic block: the one that held out longest in the solver's search for a forced
        escape (the lookahead player's block if the search tried none). ``proven`` says whether
        the win is proven.

        Raises ``ValueError`` when the game is over."""
        if self.status != "playing":
            raise ValueError(f"the game is over ({self.status}); no hint")
        sol = solve(self._board, self._cat, model_of(self.policy), max_nodes=max_nodes)
        if sol.verdict == "win":
            return Hint(sol.block, True, "win", sol.nodes)
        block = sol.block  # the block that held out longest against forced escapes
        if block is None:
            block = _player_block(self._board, self._cat, "lookahead", self.policy, None)
        return Hint(block, False, sol.verdict, sol.nodes)

    def analyze(self, max_nodes: int = DEFAULT_NODES) -> dict:
        """Replay the game with the solver: the verdict before each block and the first block
        that turned a proven win into a proven loss.

        Returns
        -------
        dict
            ``verdicts``: the solver's verdict (``"win"``, ``"loss"``, ``"unknown"``) of the
            position before each block, then of the final position (``"won"``/``"lost"`` when
            the game ended); ``mistake``: the index into ``history`` of the first block played
            from a proven win into a proven loss, or ``None``; ``block``: that block;
            ``better``: a winning block there instead.
        """
        board, cat = self._start[0].copy(), self._start[1]
        model = model_of(self.policy)
        verdicts, solutions = [], []
        for turn in self.history:
            sol = solve(board, cat, model, max_nodes=max_nodes)
            verdicts.append(sol.verdict)
            solutions.append(sol)
            board[turn["block"]] = 1
            if turn["cat_to"] is not None:
                cat = turn["cat_to"]
        if self.status == "playing":
            verdicts.append(solve(board, cat, model, max_nodes=max_nodes).verdict)
        else:
            verdicts.append(self.status)
        mistake = None
        for i in range(len(self.history)):
            after = verdicts[i + 1]
            if verdicts[i] == "win" and after in ("loss", "lost"):
                mistake = i
                break
        return {
            "verdicts": verdicts,
            "mistake": mistake,
            "block": None if mistake is None else self.history[mistake]["block"],
            "better": None if mistake is None else solutions[mistake].block,
        }

    def __repr__(self) -> str:
        return (f"CatGame({self.rows}x{self.cols}, cat={self.policy!r}, rules={self.rules!r}, "
                f"cat_at={self._cat}, status={self.status!r}, moves={self.moves})")

    def to_text(self) -> str:
        """The board as offset hex rows: ``.`` free, ``#`` blocked, ``C`` the cat; even rows are
        indented half a cell (even-r)."""
        return render_board(self._board, self._cat)


def render_board(board: np.ndarray, cat=None, *, numbers: bool = True) -> str:
    """Draw a board as text in offset rows (even rows shifted right), with row and column numbers."""
    b = hexgrid.as_board(board)
    rows, cols = b.shape
    chars = np.where(b == 0, ".", "#").astype("<U1")
    if cat is not None:
        chars[tuple(cat)] = "C"
    width = len(str(max(rows, cols) - 1))
    lines = []
    if numbers:
        head = " " * (width + 2) + " ".join(str(c % 10) for c in range(cols))
        lines.append(head)
    for r in range(rows):
        shift = " " if r % 2 == 0 else ""
        prefix = f"{r:>{width}}  " if numbers else ""
        lines.append(prefix + shift + " ".join(chars[r]))
    return "\n".join(lines)


def _winnable_board(rows, cols, blocked, gen, cat_cell, model, max_nodes, max_tries):
    """Draw boards from gen until the solver proves the player wins against model."""
    max_tries = as_int(max_tries, "max_tries", minimum=1)
    max_nodes = as_int(max_nodes, "max_nodes", minimum=1, maximum=1 << 40)
    for _ in range(max_tries):
        b = hexgrid.random_board(rows, cols, blocked, seed=gen, keep_free=cat_cell)
        if solve(b, cat_cell, model, max_nodes=max_nodes).verdict == "win":
            return b
    raise ValueError(
        f"winnable: no start among {max_tries} random {rows}x{cols} boards with {blocked} blocks "
        f"was proven won against the {model} cat within max_nodes={max_nodes}; try more blocks, "
        "a larger max_nodes or max_tries"
    )
