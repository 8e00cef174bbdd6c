"""The cat solver: solve() decides a position exactly, hint() names the block to play, and
winnable_board() draws random starts until one is proven won."""

from __future__ import annotations

import enum
import os
import threading
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from trapcore._names import by_name
from trapcore._renamed import renamed
from trapcore._types import Cell, CellLike, SeedLike
from trapcore._validate import as_cell, as_choice, as_generator, as_int, as_size
from trapcore.cat import _engine, hexgrid
from trapcore.cat._board import (
    MAX_SOLVE_CELLS,
    as_board,
    check_solver_size,
    default_depth,
    free_cell,
)
from trapcore.cat._codes import Result, SolveMethod
from trapcore.cat._engine import Memory
from trapcore.cat._types import Board, PolicyLike
from trapcore.cat.players import (
    _MODEL,
    SOLVER_PLAYER_NODES,
    _model_of,
    _player_block,
    as_solver_policy,
)

__all__ = [
    "Verdict",
    "Solution",
    "Hint",
    "SOLVE_METHODS",
    "solve",
    "hint",
    "SolverPlayer",
    "winnable_board",
]

# the search methods, from the kernels' codes (src/cat/codes.pxd): METHOD_AUTO is "auto"
_METHOD = by_name(SolveMethod, "METHOD_")
#: The solver's search methods (see :func:`solve`): ``("auto", "id", "pns")``.
SOLVE_METHODS = tuple(_METHOD)
#: The default node budget of solve(), hints and winnable starts (``LIMITS.solve_nodes``).
DEFAULT_NODES = 200_000
#: The most threads :func:`solve` runs its proof-number search on (``LIMITS.workers``).
MAX_SOLVE_WORKERS = 64


class Verdict(str, enum.Enum):
    """What the solver proved about a position, the player to move (a ``str``: it equals
    ``"win"``, ``"loss"`` or ``"unknown"``)."""

    WIN = "win"
    """The player can force the cat to be enclosed."""
    LOSS = "loss"
    """The cat escapes whatever the player does."""
    UNKNOWN = "unknown"
    """Neither was proven within the budget."""

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Verdict.{self.name}"


# the kernels' result codes (src/cat/codes.pxd): Result.RES_WIN is Verdict.WIN
_VERDICTS = {res: Verdict[res.name.removeprefix("RES_")] for res in Result}


class Solution(NamedTuple):
    """What :func:`solve` found.

    Attributes
    ----------
    verdict : Verdict
        ``WIN``: the player (to move) can force the cat to be enclosed; ``LOSS``: the cat
        escapes whatever she does; ``UNKNOWN``: the node budget ran out first.
    block : (row, col) or None
        The best block: the proven winning block for a win; otherwise the block that held out
        longest in the search (``None`` when there is no free cell to block).
    nodes : int
        Player positions searched.
    depth : int
        For a win or a loss, the horizon (cat moves) within which it was proved: a loss means
        the cat reaches a border cell within ``depth`` of its moves (-1 when the proof-number
        search proved it, which has no horizon). For ``UNKNOWN``, the deepest horizon shown to
        hold no forced escape (-1 if none).

    See Also
    --------
    solve : Returns it.
    Hint : hint's answer.

    Examples
    --------
    >>> import trapcore as tc
    >>> board = tc.cat.hexgrid.random_board(7, 7, 6, seed=1, keep_free=(3, 3))
    >>> solution = tc.cat.solve(board, (3, 3), max_nodes=2000)
    >>> solution
    Solution(verdict=Verdict.WIN, block=(2, 2), nodes=307, depth=3)
    >>> verdict, block, nodes, depth = solution
    >>> verdict == "win", block
    (True, (2, 2))
    """

    verdict: Verdict
    block: tuple[int, int] | None
    nodes: int
    depth: int


@dataclass(frozen=True)
class Hint:
    """The block to play, as :func:`hint` and :meth:`CatGame.hint` give it.

    Attributes
    ----------
    block : (row, col) or None
        The block (``None`` when no cell can be blocked).
    proven : bool
        Whether ``block`` is a proven win.
    verdict : Verdict
        The solver's verdict of the position.
    nodes : int
        Positions the solver searched.

    See Also
    --------
    hint : Returns it.
    Solution : solve's answer.

    Examples
    --------
    >>> import numpy as np
    >>> import trapcore as tc
    >>> board = tc.cat.hexgrid.random_board(7, 7, 6, seed=1, keep_free=(3, 3))
    >>> hint = tc.cat.hint(board, (3, 3), max_nodes=2000)
    >>> hint.block, hint.proven, hint.verdict
    ((2, 2), True, Verdict.WIN)
    >>> print(hint)
    block 2 2 (a proven win)
    >>> print(tc.cat.hint(np.zeros((7, 7), np.uint8), (3, 3), max_nodes=2000))
    block 2 2 (not proven either way)
    """

    block: tuple[int, int] | None
    proven: bool
    verdict: Verdict
    nodes: int

    def __str__(self) -> str:
        if self.block is None:
            return "no block possible"
        how = {
            Verdict.WIN: "a proven win",
            Verdict.LOSS: "the cat escapes with best play whatever you do",
            Verdict.UNKNOWN: "not proven either way",
        }[self.verdict]
        return f"block {self.block[0]} {self.block[1]} ({how})"


def solve(
    board: npt.ArrayLike,
    cat: CellLike,
    *,
    policy: PolicyLike = "bfs",
    max_nodes: int = DEFAULT_NODES,
    max_depth: int | None = None,
    method: str = "auto",
    workers: int | None = None,
) -> Solution:
    """Decide a position exactly: can the player, to move, force a win?

    AND/OR search with iterative deepening on the cat's horizon, a Zobrist-hashed transposition
    table, blocks ordered by escape distance and sound pruning (against the optimal cat: only
    blocks near a short escape route matter, and a block outside the cells that refute an
    earlier block is refuted too). A ``WIN`` or ``LOSS`` is a proof against the cat of
    ``policy``; ``UNKNOWN`` means the budget ran out. By default that cat is the classic game's
    BFS cat (``"bfs"``, the default of every ``policy`` in trapcore), so a default ``WIN``
    proves the BFS cat caught, not every cat: ``policy="optimal"`` proves a win against every
    reply (and a ``LOSS`` there only says that *some* cat escapes). The rules do not change the
    verdict (an enclosed cat's pocket only shrinks, so under ``"surrounded"`` rules it is caught
    in the end), only the length of games.

    Parameters
    ----------
    board : array_like of int, shape (rows, cols)
        0 free, 1 blocked, even-r offset rows; at most 4096 cells.
    cat : (row, col)
        The cat's cell (free).
    policy : {"bfs", "rays", "smart", "easy", "normal", "hard", "optimal"} or callable
        The cat to solve against (default ``"bfs"``, 0.2's was ``"optimal"``): ``"bfs"`` and
        ``"rays"`` play as those policies do (the ray cat's random step, when no ray is open,
        is searched as an adversary); ``"optimal"`` lets the cat choose any move (a win is then
        a win against every cat). The same values as :func:`hint`, :class:`SolverPlayer` and
        :meth:`CatGame.hint` take: the fixed policies are solved as they play, the smart cat
        (randomised) and callables (unknown to the solver) as the optimal cat.
    max_nodes : int
        Budget in player positions (>= 1).
    max_depth : int, optional
        Deepest horizon in cat moves (default: the number of free cells, at most 200).
    method : {"auto", "id", "pns"}
        ``"id"``: the iterative deepening search above. ``"pns"`` (only against the optimal
        cat: ``policy="optimal"``, ``"smart"`` or a callable): first a depth-first
        proof-number search over whole games
        (src/cat/pns.pyx, no horizon; the player's blocks pruned by the proof zones of refuted
        blocks, a ring test and a border-distance cut test as terminal wins) on three quarters
        of ``max_nodes`` (its positions, player's and cat's); when its budget runs out, the
        iterative deepening search tries with the rest; a loss it proves is returned at once.
        ``"auto"`` (default): the same split against the optimal cat, and when the
        proof-number search proves a loss the iterative deepening search then tries to name its
        horizon; ``"id"`` against the fixed cats. So the default finds every proof either
        method finds alone within ``max_nodes`` on the positions from real games that the tests
        check. The proof-number search proves wins that need a long cut, which the
        horizon-bounded search alone can miss; its positions cost about ten times the other's
        (measurements: the documentation's "How it works" page on the cat solver). One kernel
        entry (src/cat/engine.pyx)
        chooses the method, splits the budget and sizes the tables for :func:`solve`,
        :func:`hint`, :class:`SolverPlayer`, :class:`SolverCat` and the solver player. Each
        call searches from scratch, and a follow-up of a proven win can need more positions
        than the proof did: :class:`SolverPlayer` keeps the table between moves so that it
        does not.
    workers : int, optional
        Threads for the proof-number search (methods ``"pns"`` and ``"auto"`` against the optimal
        cat): ``None`` or 1 searches in the calling thread, -1 uses every CPU, at most
        ``LIMITS.workers`` (64; more than the CPUs are taken as one a CPU). Each expansion's
        children (the blocks, or the cat's steps, that its table does not know yet) are
        evaluated in parallel; every position is searched
        exactly as with one worker, so the result, ``nodes`` included, does not depend on it,
        only the time. The iterative deepening search stays on one thread.

    Returns
    -------
    Solution
        ``(verdict, block, nodes, depth)``.

    Raises
    ------
    TypeError, ValueError
        Bad board, cat cell (blocked or outside), policy, method, budget or workers.

    See Also
    --------
    hint : A block to play, proven or not.
    certificate : The proof written out.
    SolverPlayer : Solves move after move.

    Examples
    --------
    >>> import trapcore as tc
    >>> board = tc.cat.hexgrid.random_board(7, 7, 6, seed=1, keep_free=(3, 3))
    >>> tc.cat.solve(board, (3, 3), max_nodes=2000)  # against the BFS cat
    Solution(verdict=Verdict.WIN, block=(2, 2), nodes=307, depth=3)
    >>> tc.cat.solve(board, (3, 3), policy="optimal", max_nodes=2000)  # against every cat
    Solution(verdict=Verdict.LOSS, block=(2, 2), nodes=677, depth=4)
    """
    b = as_board(board)
    check_solver_size(b)
    r, c = free_cell(b, cat, "cat")
    policy = _solve_model(policy)
    max_nodes = as_int(max_nodes, "max_nodes", minimum=1, maximum=1 << 40)
    if max_depth is None:
        max_depth = default_depth(b)
    max_depth = as_int(max_depth, "max_depth", minimum=1, maximum=1000)
    method = as_choice(method, "method", SOLVE_METHODS)
    return _solve(b, r, c, policy, max_nodes, max_depth, method, None, _as_workers(workers))


def _solve_model(policy: object) -> str:
    """solve()'s policy as the solver's model (``players._model_of``: the values hint() and
    SolverPlayer take)."""
    return _model_of(policy)  # type: ignore[arg-type]


def _as_workers(workers: object) -> int:
    """solve()'s workers as a number of threads (None: 1; -1: every CPU)."""
    if workers is None:
        return 1
    n = as_int(workers, "workers", minimum=-1, maximum=MAX_SOLVE_WORKERS)
    if n == 0:
        raise ValueError("workers must be a positive number of threads or -1 (every CPU), got 0")
    # more threads than CPUs only slow the search down (its threads spin while they wait), and
    # the result is the same on any number: so at most one a CPU
    cpus = os.cpu_count() or 1
    return min(cpus, MAX_SOLVE_WORKERS) if n == -1 else min(n, cpus)


def _solve(
    b: Board,
    r: int,
    c: int,
    policy: str,
    max_nodes: int,
    max_depth: int,
    method: str,
    memory: Memory | None = None,
    workers: int = 1,
) -> Solution:
    """solve() on validated arguments, through the kernel's one entry (src/cat/engine.pyx: the
    method, the budget split, the tables); memory: the table kept between calls
    (:class:`SolverPlayer`), or None; workers: the proof-number search's threads."""
    if method == "pns" and policy != "optimal":
        raise ValueError(
            f"method = 'pns' solves against the optimal cat only, not policy = {policy!r}"
        )
    res, best, nodes, depth = _engine.solve(
        b, r, c, _MODEL[policy], _METHOD[method], max_nodes, max_depth, memory, workers
    )
    block = None if best < 0 else divmod(int(best), b.shape[1])
    return Solution(_VERDICTS[res], block, int(nodes), int(depth))


def _hint(
    b: Board, cat: Cell, policy: PolicyLike, max_nodes: int, memory: Memory | None = None
) -> Hint:
    """hint() on a validated board, cat and policy (memory: see _solve)."""
    check_solver_size(b)
    max_depth = default_depth(b)
    res, best, proven, nodes = _engine.hint(
        b, cat[0], cat[1], _MODEL[_model_of(policy)], max_nodes, max_depth, memory
    )
    block = None if best < 0 else divmod(int(best), b.shape[1])
    return Hint(block, bool(proven), _VERDICTS[res], int(nodes))


def hint(
    board: npt.ArrayLike,
    cat: CellLike,
    *,
    policy: PolicyLike = "bfs",
    max_nodes: int = DEFAULT_NODES,
) -> Hint:
    """The block to play now against a cat of ``policy``.

    The one hint function: :meth:`CatGame.hint`, :meth:`SolverPlayer.hint` and the demo's Hint
    button give this hint too (with a table kept through the game). Its guarantee:

    * when :func:`solve` (default method, ``max_nodes`` positions) proves the position won, the
      hint is that proven winning block (``proven``);
    * when it proves the position lost, the hint is the block it names (nothing wins);
    * otherwise the hint is the first of a few candidates (the block that held out longest in
      the search, the greedy block, then the cells next to the cat) that no cheap search refutes:
      after it, no cat step reaches a border cell next turn and none leads to a forced escape
      that the iterative deepening search proves within ``max_nodes // 16`` positions (at least
      32; ``max_nodes`` positions for all the checks). If each candidate is refuted, the first.

    The smart cat and callables are solved as the optimal cat, so a proven hint wins against
    every cat. Each call searches from scratch; to follow hints through a game, use
    :meth:`CatGame.hint` or :meth:`SolverPlayer.hint`, which keep the search's table so that a
    proven win stays proven after every cat reply.

    Parameters
    ----------
    board : array_like of int, shape (rows, cols)
        0 free, 1 blocked; at most 4096 cells.
    cat : (row, col)
        The cat's cell (free).
    policy : {"bfs", "rays", "smart", "easy", "normal", "hard", "optimal"} or callable
        The cat being played (default ``"bfs"``; the smart cat and callables are solved as the
        optimal cat, which ``"optimal"`` names): a proven hint wins against that cat.
    max_nodes : int
        The solver's budget (positions).

    Returns
    -------
    Hint
        ``proven`` says whether the block is a proven win; ``nodes`` counts the search's
        positions and the checks' (at most twice ``max_nodes``).

    Raises
    ------
    TypeError, ValueError
        As :func:`solve`.

    See Also
    --------
    solve : The verdict alone.
    CatGame.hint : The same for a game.

    Examples
    --------
    >>> import trapcore as tc
    >>> board = tc.cat.hexgrid.random_board(7, 7, 6, seed=1, keep_free=(3, 3))
    >>> tc.cat.hint(board, (3, 3), max_nodes=2000)
    Hint(block=(2, 2), proven=True, verdict=Verdict.WIN, nodes=307)
    >>> print(tc.cat.hint(board, (3, 3), policy="optimal", max_nodes=2000))
    block 2 2 (the cat escapes with best play whatever you do)
    """
    b = as_board(board)
    policy = as_solver_policy(policy)
    return _hint(
        b,
        free_cell(b, cat, "cat"),
        policy,
        as_int(max_nodes, "max_nodes", minimum=1, maximum=1 << 40),
    )


class SolverPlayer:
    """The ``"solver"`` player with a memory: a proven win stays proven for the whole game.

    :func:`player_move` and :func:`hint` search each position from scratch. A proof found with a
    small budget can then fail to come back after the cat's reply: the reply's position is part
    of the proof, but searched alone it can need more positions than the whole proof did. A
    ``SolverPlayer`` keeps the proof-number search's table from one move to the next (as
    :func:`trapcore.cat.simulate`'s ``"solver"`` player does within each game), so every
    position a proof went through is proven again in a node or two; and after it has played a
    proven block it gives that search its whole budget, so a follow-up whose entries were lost is
    still proven within the budget that proved the start.

    Its moves are ``player="solver"``'s with the table kept: called as ``player(board, cat,
    rng)``, it is a player for :func:`simulate`, :class:`CatGame` loops and the environments.

    Parameters
    ----------
    policy : {"bfs", "rays", "smart", "easy", "normal", "hard", "optimal"} or callable
        The cat being played (default ``"bfs"``, as everywhere; 0.2's was ``"smart"``): its
        proven blocks win against that cat. The smart cat and callables are solved as the
        optimal cat (``"optimal"``), and only then is the table used: against the BFS and ray
        cats the solver is the iterative deepening search, which keeps nothing.
    max_nodes : int
        The budget per move (positions), ``LIMITS.player_nodes`` (2000) by default.

    Notes
    -----
    Every entry of the table is a fact about one exact position (a proof, a complete disproof,
    or search numbers), so the table is never wrong for another position; it is emptied when a
    board comes that is not a continuation of the last one (a block gone, or another size), so a
    game's moves do not depend on earlier games. Each thread has its own table, so
    :func:`simulate` with several workers plays each game as one worker would.

    See Also
    --------
    player_move : The named players.
    solve : The search it runs.
    SolverCat : The cat's side.

    Examples
    --------
    >>> import trapcore as tc
    >>> player = tc.cat.SolverPlayer(max_nodes=2000)
    >>> player
    <SolverPlayer policy='bfs' max_nodes=2000>
    >>> board = tc.cat.hexgrid.random_board(7, 7, 6, seed=1, keep_free=(3, 3))
    >>> player(board, (3, 3))  # its block
    (2, 2)
    >>> print(tc.cat.simulate(20, 7, 7, 10, player=player, seed=1))
    20/20 won: 100.0% (95% CI 83.9-100.0%), 7.7 moves per game
    """

    def __init__(self, policy: PolicyLike = "bfs", *, max_nodes: int = SOLVER_PLAYER_NODES):
        self.policy = as_solver_policy(policy)
        self.max_nodes = as_int(max_nodes, "max_nodes", minimum=1, maximum=1 << 40)
        self._local = threading.local()  # each thread's table and last board
        self._generation = 0  # reset() moves it on: every thread's table is then forgotten

    def reset(self) -> None:
        """Forget the table (a new game), in every thread.

        Returns
        -------
        None
            The player is changed in place.

        Examples
        --------
        >>> import trapcore as tc
        >>> player = tc.cat.SolverPlayer("optimal", max_nodes=2000)
        >>> board = tc.cat.hexgrid.random_board(7, 7, 6, seed=1, keep_free=(3, 3))
        >>> player.hint(board, (3, 3)).nodes
        677
        >>> player.hint(board, (3, 3)).nodes  # the table kept: fewer positions searched
        545
        >>> player.reset()  # a new game: the table is forgotten
        >>> player.hint(board, (3, 3)).nodes
        677
        """
        self._generation += 1

    def __getstate__(self) -> dict[str, object]:
        # a copy or a pickle is a new player: the tables (one per thread) stay behind
        return {"policy": self.policy, "max_nodes": self.max_nodes}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["policy"], max_nodes=state["max_nodes"])  # type: ignore[misc]

    @property
    def _memory(self) -> Memory | None:
        """This thread's table (None before the first move)."""
        memory: Memory | None = getattr(self._local, "memory", None)
        return memory

    def _memory_for(self, b: Board) -> Memory:
        """This thread's table for b: kept when b continues the thread's last board."""
        local = self._local
        last: Board | None = getattr(local, "last", None)
        if (
            last is None
            or getattr(local, "generation", None) != self._generation
            or last.shape != b.shape
            or bool((last > b).any())
        ):
            local.memory = Memory(b.shape[0], b.shape[1], self.max_nodes)
            local.generation = self._generation
        local.last = b.copy()
        memory: Memory = local.memory
        return memory

    def __call__(
        self, board: npt.ArrayLike, cat: CellLike, rng: np.random.Generator | None = None
    ) -> Cell | None:
        """The block to play (``None`` when no cell can be blocked); ``rng`` is not used (the
        solver player draws nothing)."""
        if rng is not None:
            as_generator(rng, "rng")  # checked all the same: a typo is not silently ignored
        b = as_board(board)
        check_solver_size(b, "the solver player")
        r, c = free_cell(b, cat, "cat")
        memory = self._memory_for(b)
        return _player_block(b, (r, c), "solver", self.policy, None, self.max_nodes, memory)

    def hint(self, board: npt.ArrayLike, cat: CellLike) -> Hint:
        """:func:`hint` with the table (the same block :meth:`__call__` plays when it is proven).

        Parameters
        ----------
        board : array_like of int, shape (rows, cols)
            0 free, 1 blocked; at most 4096 cells.
        cat : (row, col)
            The cat's cell (free).

        Returns
        -------
        Hint
            As :func:`hint` gives it, against this player's ``policy`` within its
            ``max_nodes``.

        Raises
        ------
        TypeError, ValueError
            As :func:`hint`.

        Examples
        --------
        >>> import trapcore as tc
        >>> player = tc.cat.SolverPlayer(max_nodes=2000)
        >>> board = tc.cat.hexgrid.random_board(7, 7, 6, seed=1, keep_free=(3, 3))
        >>> player.hint(board, (3, 3))
        Hint(block=(2, 2), proven=True, verdict=Verdict.WIN, nodes=307)
        >>> player(board, (3, 3))  # the proven block is the one it plays
        (2, 2)
        """
        b = as_board(board)
        cell = free_cell(b, cat, "cat")
        check_solver_size(b)
        return _hint(b, cell, self.policy, self.max_nodes, self._memory_for(b))

    def __repr__(self) -> str:
        name = self.policy if isinstance(self.policy, str) else "callable"
        return f"<SolverPlayer policy={name!r} max_nodes={self.max_nodes}>"


@renamed(max_tries="max_attempts")
def winnable_board(
    rows: int,
    cols: int,
    blocked: int,
    *,
    policy: PolicyLike = "bfs",
    start: CellLike | None = None,
    seed: SeedLike = None,
    max_nodes: int = DEFAULT_NODES,
    max_attempts: int = 100,
) -> Board:
    """A random start the solver proves won for the player (moving first) against ``policy``.

    Draws boards as :func:`trapcore.cat.hexgrid.random_board` does (``start`` kept free) from
    one generator until the solver proves one won, so no one is dealt a lost game.

    Parameters
    ----------
    rows, cols : int
        Board size; at most 4096 cells (the solver's limit).
    blocked : int
        Cells blocked at random, never ``start``.
    policy : {"bfs", "rays", "smart", "easy", "normal", "hard", "optimal"} or callable
        The cat to beat (default ``"bfs"``; the smart cat and callables are solved as the
        optimal cat, ``"optimal"``: starts won against every cat).
    start : (row, col), optional
        The cat's cell (default the centre ``(rows // 2, cols // 2)``).
    seed : None, int, SeedSequence or Generator
        The same seed gives the same board.
    max_nodes : int
        The solver's budget per board.
    max_attempts : int
        Boards to try (``max_tries`` before 0.3, deprecated).

    Returns
    -------
    ndarray of uint8, shape (rows, cols)

    Raises
    ------
    ValueError
        When ``max_attempts`` boards in a row are not proven won (too many blocks, too few, or a
        budget too small), and for bad arguments (TypeError for wrong types).

    See Also
    --------
    solve : The search that proves a start.
    hexgrid.random_board : A start, not checked.

    Examples
    --------
    >>> import trapcore as tc
    >>> board = tc.cat.winnable_board(7, 7, 6, seed=1, max_nodes=2000)
    >>> int(board.sum()), int(board[3, 3])
    (6, 0)
    >>> tc.cat.solve(board, (3, 3), max_nodes=2000).verdict
    Verdict.WIN
    """
    gen = as_generator(seed)
    return _winnable(rows, cols, blocked, gen, start, policy, max_nodes, max_attempts)


def _winnable(
    rows: int,
    cols: int,
    blocked: int,
    gen: np.random.Generator,
    start: CellLike | None,
    policy: PolicyLike,
    max_nodes: int,
    max_attempts: int,
) -> Board:
    """winnable_board() from a generator (CatGame's, which goes on to draw the cat's moves)."""
    rows, cols = as_size(rows, cols, max_cells=MAX_SOLVE_CELLS)
    start = (rows // 2, cols // 2) if start is None else as_cell(start, (rows, cols), "start")
    model = _model_of(policy)
    blocked = as_int(blocked, "blocked", minimum=0, maximum=rows * cols - 1)
    max_nodes = as_int(max_nodes, "max_nodes", minimum=1, maximum=1 << 40)
    max_attempts = as_int(max_attempts, "max_attempts", minimum=1)
    for _ in range(max_attempts):
        b = hexgrid.random_board(rows, cols, blocked, seed=gen, keep_free=start)
        if solve(b, start, policy=model, max_nodes=max_nodes).verdict is Verdict.WIN:
            return b
    raise ValueError(
        f"winnable: no start among {max_attempts} random {rows}x{cols} boards with {blocked} "
        f"blocks was proven won against the {model} cat within max_nodes={max_nodes}; try more "
        "blocks, a larger max_nodes or max_attempts"
    )
