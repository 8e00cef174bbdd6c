"""The game of Trap the Cat (CatGame), its status and its typed turns and analysis.

The board is a ``uint8`` array, ``0`` free and ``1`` blocked; the cat starts in the centre cell
``(rows // 2, cols // 2)``. Each turn the player blocks a free cell, then the cat answers:

1. if the cat stands on a border cell (first or last row or column), it escapes: the player lost;
2. otherwise, if the cat has no path to the border, the player won (``rules="enclosed"``); with
   ``rules="surrounded"`` an enclosed cat keeps moving inside its pocket and the player wins only
   when it cannot move at all, as in the original Chat Noir;
3. otherwise the cat steps one cell by its policy (:func:`trapcore.cat.cat_move`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from trapcore import _pictures
from trapcore._renamed import renamed
from trapcore._types import Cell, CellLike, SeedLike
from trapcore._validate import as_cell, as_choice, as_generator, as_int, as_size
from trapcore.cat import hexgrid
from trapcore.cat._board import MAX_GAME_CELLS, as_board, check_policy_cells
from trapcore.cat._records import Analysis, Status, Turn
from trapcore.cat._types import Board, PolicyLike
from trapcore.cat.players import (
    RULES,
    _cat_step,
    _model_of,
    as_policy,
    as_solver_policy,
    policy_name,
)
from trapcore.cat.render import render_board
from trapcore.cat.solver import (
    DEFAULT_NODES,
    Hint,
    Solution,
    SolverPlayer,
    Verdict,
    _winnable,
    solve,
)
from trapcore.errors import IllegalMoveError

__all__ = ["CatGame", "Status", "Turn", "Analysis"]


class CatGame:
    """A game of Trap the Cat on a random start (:meth:`CatGame.from_board` for a given one).

    Parameters
    ----------
    rows, cols : int
        Board size (default 11 x 11), at least 1 each; at most 2**20 cells.
    blocked : int
        Cells blocked at random at the start, never the cat's (default 15).
    policy : {"bfs", "rays", "smart", "easy", "normal", "hard"} or callable
        How the cat moves (see :func:`trapcore.cat.cat_move`): a name, a difficulty level, or a
        callable ``(board, cat, rng) -> cell`` returning a free neighbour of the cat (run in
        Python; it gets a read-only copy of the board and the game's generator). The smart cat
        plays on at most 16384 cells (128 x 128; a ValueError names ``policy`` past it).
    rules : {"enclosed", "surrounded"}
        When the player wins: as soon as the cat has no path to the border, or only when it
        cannot move at all.
    seed : None, int, SeedSequence or Generator
        The start board and every random choice of the cat; the same seed and the same blocks
        give the same game.
    start : (row, col), optional
        The cat's cell (default the centre ``(rows // 2, cols // 2)``).
    winnable : bool
        Draw random starts until the solver proves one won against this cat (the smart cat is
        solved as the optimal cat; see :func:`trapcore.cat.winnable_board`), so no one is dealt
        a lost game. At most 4096 cells.
    max_nodes, max_attempts : int, optional
        With ``winnable``: the solver's budget per start (default 200,000) and the starts to try
        (default 100; ``max_tries`` before 0.3, deprecated). Giving them without
        ``winnable=True`` is an error.

    Attributes
    ----------
    board : ndarray of uint8, read-only
        A read-only view of a copy of the board (0 free, 1 blocked).
    cat : (row, col)
    status : Status
    history : list of Turn

    Raises
    ------
    TypeError, ValueError
        Bad size, count, policy, rules, seed or start; ``winnable`` found no proven start.

    See Also
    --------
    cat_move : The cat's move alone.
    solve : Decides a position.
    simulate : Whole games in the kernels.

    Examples
    --------
    >>> import trapcore as tc
    >>> game = tc.CatGame(7, 7, 6, seed=1)
    >>> game
    <CatGame 7x7 policy='bfs' status=playing moves=0>
    >>> print(game.to_text())
       0 1 2 3 4 5 6
    0   . . . . . # .
    1  . . . . # . .
    2   . . . . . . .
    3  . # . C . # .
    4   . . . . . . .
    5  . . # . . . .
    6   . . . . # . .
    >>> game.block((2, 2))  # the player blocks, then the cat steps
    Status.PLAYING
    >>> game.cat
    (3, 2)
    >>> while game.status == "playing":  # play the hints to the end
    ...     _ = game.block(game.hint(max_nodes=2000).block)
    >>> game.status, game.moves
    (Status.WON, 8)
    """

    @renamed(max_tries="max_attempts")
    def __init__(
        self,
        rows: int = 11,
        cols: int = 11,
        blocked: int = 15,
        *,
        policy: PolicyLike = "bfs",
        rules: str = "enclosed",
        seed: SeedLike = None,
        start: CellLike | None = None,
        winnable: bool = False,
        max_nodes: int | None = None,
        max_attempts: int | None = None,
    ) -> None:
        policy = as_policy(policy)
        rules = as_choice(rules, "rules", RULES)
        gen = as_generator(seed)
        rows, cols = as_size(rows, cols, max_cells=MAX_GAME_CELLS)
        check_policy_cells(policy, rows * cols)
        cat = (rows // 2, cols // 2) if start is None else as_cell(start, (rows, cols), "start")
        if not isinstance(winnable, (bool, np.bool_)):
            raise TypeError(f"winnable must be True or False, got {winnable!r}")
        if winnable:
            board = _winnable(
                rows,
                cols,
                blocked,
                gen,
                cat,
                policy,
                DEFAULT_NODES if max_nodes is None else max_nodes,
                100 if max_attempts is None else max_attempts,
            )
        else:
            for name, value in (("max_nodes", max_nodes), ("max_attempts", max_attempts)):
                if value is not None:
                    raise ValueError(
                        f"{name} applies to winnable starts only; pass it with winnable=True"
                    )
            board = hexgrid.random_board(rows, cols, blocked, seed=gen, keep_free=cat)
        self._setup(board, cat, policy, rules, gen)

    @classmethod
    def from_board(
        cls,
        board: npt.ArrayLike,
        start: CellLike | None = None,
        *,
        policy: PolicyLike = "bfs",
        rules: str = "enclosed",
        seed: SeedLike = None,
    ) -> CatGame:
        """A game from a given position, the player to move.

        Parameters
        ----------
        board : array_like of int, shape (rows, cols)
            0 free, 1 blocked (copied); at most 2**20 cells.
        start : (row, col), optional
            The cat's cell, free (default the centre ``(rows // 2, cols // 2)``).
        policy, rules, seed
            As for :class:`CatGame` (``seed``: the cat's random choices).

        Returns
        -------
        CatGame
            A game of ``board`` with no turns played (:attr:`history` empty), the player to move;
            :meth:`undo` goes back no further than this position.

        Raises
        ------
        TypeError, ValueError
            Bad board, policy, rules or seed; ``start`` outside the board or blocked.

        Examples
        --------
        >>> import numpy as np
        >>> import trapcore as tc
        >>> board = np.zeros((5, 5), np.uint8)
        >>> board[1, 1:4] = 1
        >>> game = tc.CatGame.from_board(board, (2, 2))
        >>> print(game.to_text())
           0 1 2 3 4
        0   . . . . .
        1  . # # # .
        2   . . C . .
        3  . . . . .
        4   . . . . .
        >>> game.escape_distance()
        2
        """
        policy = as_policy(policy)
        rules = as_choice(rules, "rules", RULES)
        gen = as_generator(seed)
        b = np.array(as_board(board, max_cells=MAX_GAME_CELLS), dtype=np.uint8, order="C")
        check_policy_cells(policy, b.size)
        rows, cols = b.shape
        cat = (rows // 2, cols // 2) if start is None else as_cell(start, b.shape, "start")
        if b[cat]:
            raise ValueError(f"start = {cat} is a blocked cell of board")
        game = cls.__new__(cls)
        game._setup(b, cat, policy, rules, gen)
        return game

    def _setup(
        self, board: Board, cat: Cell, policy: PolicyLike, rules: str, gen: np.random.Generator
    ) -> None:
        self._board = board  # the live board: never handed out (see the board property)
        self._view: Board | None = None
        self._rows: int
        self._cols: int
        self._rows, self._cols = board.shape
        self._policy, self._rules, self._rng = policy, rules, gen
        self._start = (board.copy(), cat)
        self._cat = cat
        self._status = Status.PLAYING
        self._history: list[Turn] = []
        self._undo: list[tuple[Cell, Cell, Status, Mapping[str, Any]]] = []
        self._solver: SolverPlayer | None = None  # hint()'s, made at the first hint
        self._settle()

    def _settle(self) -> None:
        """End a game the player can no longer move in (no free cell but the cat's): the cat on
        the border escapes, anywhere else it is caught. Only tiny or full boards get here."""
        if self._status is Status.PLAYING and int(self._board.sum()) == self._board.size - 1:
            self._status = Status.LOST if self._on_border(self._cat) else Status.WON

    def _on_border(self, cell: Cell) -> bool:
        r, c = cell
        return r == 0 or c == 0 or r == self._rows - 1 or c == self._cols - 1

    # -- state -------------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        """The board: a read-only view of a copy (0 free, 1 blocked). A view taken earlier does
        not change as the game goes on, and writing to it is refused."""
        if self._view is None:  # over an immutable bytes copy: no one can make it writeable
            self._view = np.frombuffer(self._board.tobytes(), np.uint8).reshape(self._board.shape)
        return self._view

    @property
    def cat(self) -> tuple[int, int]:
        """The cat's cell ``(row, col)``."""
        return self._cat

    @property
    def status(self) -> Status:
        """``Status.PLAYING``, ``WON`` or ``LOST``."""
        return self._status

    @property
    def policy(self) -> PolicyLike:
        """How the cat moves: ``"bfs"``, ``"rays"``, ``"smart"`` (levels as they map) or the
        callable."""
        return self._policy

    @property
    def rules(self) -> str:
        """``"enclosed"`` or ``"surrounded"``."""
        return self._rules

    @property
    def rows(self) -> int:
        """Board rows."""
        return self._rows

    @property
    def cols(self) -> int:
        """Board columns."""
        return self._cols

    @property
    def history(self) -> list[Turn]:
        """The turns played so far, oldest first (a copy)."""
        return list(self._history)

    @property
    def moves(self) -> int:
        """How many blocks the player has made."""
        return len(self._history)

    def escape_distance(self) -> int:
        """The cat's BFS distance to the border (-1 when enclosed).

        Returns
        -------
        int
            The cat's escape distance: the fewest steps over free cells from its cell to a free
            border cell (0 when it stands on the border), or -1 when it has no path to the
            border (:func:`trapcore.cat.hexgrid.distance_to_border` at the cat's cell).

        Examples
        --------
        >>> import numpy as np
        >>> import trapcore as tc
        >>> board = np.zeros((5, 5), np.uint8)
        >>> tc.CatGame.from_board(board).escape_distance()
        2
        >>> for cell in tc.cat.hexgrid.neighbours((2, 2), board.shape):
        ...     board[cell] = 1
        >>> tc.CatGame.from_board(board).escape_distance()  # enclosed
        -1
        """
        return int(hexgrid.distance_to_border(self._board)[self._cat])

    def legal_blocks(self) -> list[tuple[int, int]]:
        """Every cell the player may block now (free and not the cat's; none once it is over).

        Returns
        -------
        list of (row, col)
            The free cells other than the cat's, in row-major order; an empty list once the game
            is over.

        Examples
        --------
        >>> import numpy as np
        >>> import trapcore as tc
        >>> game = tc.CatGame.from_board(np.zeros((3, 3), np.uint8))
        >>> game.legal_blocks()
        [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]
        >>> game.block((0, 0)), game.cat
        (Status.PLAYING, (1, 2))
        >>> game.block((0, 1))  # the cat stands on the border: it escapes
        Status.LOST
        >>> game.legal_blocks()
        []
        """
        if self._status is not Status.PLAYING:
            return []
        free = self._board == 0
        free[self._cat] = False
        return [(int(r), int(c)) for r, c in np.argwhere(free)]

    # -- play --------------------------------------------------------------------------------
    def block(self, cell: CellLike) -> Status:
        """Block ``cell``, then let the cat answer.

        Parameters
        ----------
        cell : (row, col)

        Returns
        -------
        Status
            The status after the cat's answer.

        Raises
        ------
        IllegalMoveError
            If the game is over, or ``cell`` is blocked or the cat's (the game is unchanged).
        TypeError, ValueError
            If ``cell`` is not a pair of ints inside the board.

        Examples
        --------
        >>> import trapcore as tc
        >>> game = tc.CatGame(7, 7, 6, seed=1)
        >>> game.cat
        (3, 3)
        >>> game.block((2, 2))
        Status.PLAYING
        >>> game.cat  # the BFS cat's answer
        (3, 2)
        >>> game.block((2, 2))
        Traceback (most recent call last):
            ...
        trapcore.errors.IllegalMoveError: cell = (2, 2) is already blocked
        """
        if self._status is not Status.PLAYING:
            raise IllegalMoveError(f"the game is over ({self._status}); start a new one or undo")
        cell = as_cell(cell, (self._rows, self._cols), "cell")
        if cell == self._cat:
            raise IllegalMoveError(f"cell = {cell} is the cat's cell")
        if self._board[cell]:
            raise IllegalMoveError(f"cell = {cell} is already blocked")
        self._undo.append((cell, self._cat, self._status, self._rng.bit_generator.state))
        self._board[cell] = 1
        self._view = None
        if self._on_border(self._cat):
            self._status = Status.LOST
        else:
            try:
                p = _cat_step(self._board, self._cat, self._policy, self._rules, self._rng)
            except BaseException:  # a callable policy failed: the game is unchanged
                self._board[cell] = 0
                self._rng.bit_generator.state = self._undo.pop()[3]
                raise
            if p is None:
                self._status = Status.WON
            else:
                self._cat = p
        self._history.append(Turn(cell, self._cat))
        self._settle()
        return self._status

    def undo(self) -> None:
        """Take back the last block and the cat's reply (board, cat, status and the random
        state are restored).

        Returns
        -------
        None
            The game is changed in place.

        Raises
        ------
        ValueError
            When there is nothing to undo.

        Examples
        --------
        >>> import trapcore as tc
        >>> game = tc.CatGame(7, 7, 6, seed=1)
        >>> game.block((2, 2))
        Status.PLAYING
        >>> game.undo()
        >>> game.moves, game.cat, int(game.board[2, 2])
        (0, (3, 3), 0)
        """
        if not self._undo:
            raise ValueError("nothing to undo")
        cell, cat, status, state = self._undo.pop()
        self._history.pop()
        self._board[cell] = 0
        self._view = None
        self._cat = cat
        self._status = status
        self._rng.bit_generator.state = state

    # -- help ----------------------------------------------------------------------------------
    def hint(self, *, policy: PolicyLike | None = None, max_nodes: int = DEFAULT_NODES) -> Hint:
        """The block to play now (:func:`trapcore.cat.hint` against this game's cat), with a
        memory: the game keeps a :class:`trapcore.cat.SolverPlayer` for its hints, so once a hint
        is a proven win, each later hint on the hinted line is proven too (within the same
        budget), whatever the cat does.

        Parameters
        ----------
        policy : {"bfs", "rays", "smart", "easy", "normal", "hard", "optimal"} or callable, optional
            The cat to hint against, as :func:`trapcore.cat.hint` takes it; default (``None``)
            this game's cat (:attr:`policy`, itself ``"bfs"`` by default). ``"optimal"``: a
            proven hint wins against every reply, not only this game's cat's.
        max_nodes : int
            The solver's budget (positions).

        Returns
        -------
        Hint
            The solver's proven winning block when it finds one (``proven``), otherwise the
            block that held out longest against forced escapes.

        Raises
        ------
        ValueError
            When the game is over, or for a bad policy or budget or a board of more than 4096
            cells.

        Examples
        --------
        >>> import trapcore as tc
        >>> game = tc.CatGame(7, 7, 6, seed=1)
        >>> hint = game.hint(max_nodes=2000)
        >>> hint
        Hint(block=(2, 2), proven=True, verdict=Verdict.WIN, nodes=307)
        >>> print(hint)
        block 2 2 (a proven win)
        >>> print(game.hint(policy="optimal", max_nodes=2000))  # a win against the BFS cat only
        block 2 2 (the cat escapes with best play whatever you do)
        """
        if self._status is not Status.PLAYING:
            raise ValueError(f"the game is over ({self._status}); no hint")
        against = self._policy if policy is None else as_solver_policy(policy)
        max_nodes = as_int(max_nodes, "max_nodes", minimum=1, maximum=1 << 40)
        if (
            self._solver is None
            or self._solver.max_nodes != max_nodes
            or self._solver.policy != against
        ):
            self._solver = SolverPlayer(against, max_nodes=max_nodes)
        return self._solver.hint(self._board, self._cat)

    def analyze(self, *, max_nodes: int = DEFAULT_NODES) -> Analysis:
        """Replay the game with the solver: the verdict before each block and the first block
        that turned a proven win into a proven loss.

        Parameters
        ----------
        max_nodes : int
            The solver's budget per position.

        Returns
        -------
        Analysis
            ``(verdicts, mistake, block, better)``.

        Examples
        --------
        >>> import trapcore as tc
        >>> game = tc.CatGame(7, 7, 6, seed=1)
        >>> game.block((0, 3))  # far from the cat
        Status.PLAYING
        >>> analysis = game.analyze(max_nodes=2000)
        >>> analysis.verdicts
        (Verdict.WIN, Verdict.LOSS)
        >>> analysis.mistake, analysis.block, analysis.better
        (0, (0, 3), (2, 2))
        """
        board, cat = self._start[0].copy(), self._start[1]
        model = _model_of(self._policy)
        verdicts: list[Verdict] = []
        solutions: list[Solution] = []
        for turn in self._history:
            sol = solve(board, cat, policy=model, max_nodes=max_nodes)
            verdicts.append(sol.verdict)
            solutions.append(sol)
            board[turn.block] = 1
            cat = turn.cat
        if self._status is Status.PLAYING:
            verdicts.append(solve(board, cat, policy=model, max_nodes=max_nodes).verdict)
        else:
            verdicts.append(Verdict.WIN if self._status is Status.WON else Verdict.LOSS)
        mistake = next(
            (
                i
                for i in range(len(self._history))
                if verdicts[i] is Verdict.WIN and verdicts[i + 1] is Verdict.LOSS
            ),
            None,
        )
        if mistake is None:
            return Analysis(tuple(verdicts), None, None, None)
        return Analysis(
            tuple(verdicts), mistake, self._history[mistake].block, solutions[mistake].block
        )

    def to_text(self) -> str:
        """The board as offset hex rows (:func:`trapcore.cat.render_board`): ``.`` free, ``#``
        blocked, ``C`` the cat; even rows are indented half a cell (even-r).

        Returns
        -------
        str
            One line per row after a header of column numbers, each row numbered, without a
            final newline; :func:`trapcore.cat.read_board` reads it back.

        Examples
        --------
        >>> import numpy as np
        >>> import trapcore as tc
        >>> board = np.zeros((3, 4), np.uint8)
        >>> board[0, 1] = 1
        >>> game = tc.CatGame.from_board(board)
        >>> print(game.to_text())
           0 1 2 3
        0   . # . .
        1  . . C .
        2   . . . .
        >>> tc.cat.read_board(game.to_text()).cat
        (1, 2)
        """
        return render_board(self._board, self._cat)

    def __str__(self) -> str:
        """The board as text (:meth:`to_text`)."""
        return _pictures.text(self, self._rows * self._cols)

    def _repr_svg_(self) -> str | None:
        """Jupyter's picture: the hex board, blocked cells dark, the cat orange."""
        return _pictures.game_svg(self)

    def __repr__(self) -> str:
        return (
            f"<CatGame {self._rows}x{self._cols} policy={policy_name(self._policy)!r} "
            f"status={self._status} moves={self.moves}>"
        )
