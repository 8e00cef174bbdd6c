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
open ray, a random free neighbour.
"""
from __future__ import annotations

import numpy as np

from trapcore import hexgrid
from trapcore._native import cat as _k
from trapcore._validate import as_cell, as_choice, as_generator, as_int, as_size

__all__ = ["CatGame", "POLICIES", "RULES", "cat_move"]

#: Cat policies and their kernel codes.
POLICIES = {"bfs": 0, "rays": 1}
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


class CatGame:
    """A game of Trap the Cat.

    Parameters
    ----------
    rows, cols : int
        Board size (default 11 x 11), at least 1 each.
    blocked : int
        Cells blocked at random at the start, never the cat's (default 15).
    cat : {"bfs", "rays"}
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
                 board=None, start=None):
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
        if board is None:
            b = hexgrid.random_board(rows, cols, blocked, seed=self._rng, keep_free=cat_cell)
        elif b[cat_cell]:
            raise ValueError(f"start = {cat_cell} is a blocked cell of board")
        self._board = b
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
