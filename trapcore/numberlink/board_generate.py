"""Puzzles on boards of any shape: ``generate_board`` lays random paths on a blank
:class:`~trapcore.numberlink.Board` (bridges, wrapping rows, warps, hexagons, layers) and cuts
them until the Board search proves the puzzle unique under the board's rules.

The method is the grid generator's (``trapcore.numberlink.generate``), on the board's graph:

1. While free nodes are left, a new path starts on a free node with the fewest free neighbours
   (ties at random) and grows from both ends, one random step at a time, onto free nodes whose
   only neighbour on the path is the end it grows from (paths never run beside themselves, so
   they suit both touch rules). An end may not rest on a bridge lane (a bridge holds no number):
   such an end is walked back.
2. A path shorter than ``min_length``, or a free node left isolated, joins a neighbouring path at
   its end, or that path is cut beside it so that the node ends one part (both parts keeping
   ``min_length``); when neither works the board is drawn again.
3. With ``unique``, ``Board.solve(limit=2)`` checks the puzzle; while it finds a second solution
   a path is cut where that solution differs (one more pair of numbers); a check over its budget
   cuts the longest path in the middle.

Growth (step 1) runs in a kernel (``_board_paths``, its twin 0.2's Python growth in
tests/reference/numberlink_board_paths.py: same seeds, same paths); the repairs of step 2, a few
per board, and the uniqueness checks' cuts run here, the checks in the Board search's kernel.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from trapcore._validate import _describe, as_generator, as_int
from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink._board_paths import grow_paths
from trapcore.numberlink.generate import SeedLike
from trapcore.numberlink.variants import Board

__all__ = ["generate_board"]

Values = npt.NDArray[np.int16]


class _Paths:
    """Paths on the board's graph: ``label`` per node (-1 solid, 0 free, k path k) and each path
    as a list of nodes from one end to the other. Step 1 (``grow``) runs in the kernel
    (``_board_paths.grow_paths``); the repairs of step 2 and the cuts of step 3 run here."""

    def __init__(self, nbrs: list[list[int]], solid: npt.NDArray[np.bool_], no_end: set[int]):
        self.nbrs, self.no_end = nbrs, no_end
        self.label = np.where(solid, -1, 0).astype(np.int32)
        self.paths: dict[int, list[int]] = {}
        self.next = 1

    def grow(
        self, table: npt.NDArray[np.int32], lanes: npt.NDArray[np.uint8], rng: np.random.Generator
    ) -> None:
        """Lay random paths over the free nodes (the kernel; step 1 of the module's docstring)."""
        self.label, nodes, offsets = grow_paths(self.label, table, lanes, rng.bit_generator)
        cut = np.split(nodes, offsets[1:-1]) if offsets.size > 1 else []
        self.paths = {k: part.tolist() for k, part in enumerate(cut, start=1)}
        self.next = len(cut) + 1

    def attach(self, x: int, min_length: int, piece: list[int] | None = None) -> bool:
        """Join node x, or a short path ``piece`` (x its first node), to a neighbouring path:
        onto that path's end, else cutting it beside the piece so that the piece extends one
        part; no path may come to run beside itself and no end may rest on a bridge."""
        piece = [x] if piece is None else piece
        for end_of_piece, e, k, path in self._beside(piece):
            touching = any(
                self.label[w] == k and not (p == end_of_piece and w == e)
                for p in piece
                for w in self.nbrs[p]
            )
            if e in (path[0], path[-1]) and not touching:
                joined = (path if e == path[-1] else path[::-1]) + (
                    piece if end_of_piece == piece[0] else piece[::-1]
                )
                if joined[-1] in self.no_end:
                    continue
                self._relabel(k, joined)
                return True
        for end_of_piece, e, k, path in self._beside(piece):
            i = path.index(e)
            for keep, rest in ((path[: i + 1], path[i + 1 :]), (path[i:][::-1], path[:i])):
                if len(keep) + len(piece) < min_length or len(rest) < min_length:
                    continue
                if rest[0] in self.no_end or rest[-1] in self.no_end:
                    continue
                kept = set(keep)
                if any(
                    w in kept and not (p == end_of_piece and w == e)
                    for p in piece
                    for w in self.nbrs[p]
                ):
                    continue
                joined = keep + (piece if end_of_piece == piece[0] else piece[::-1])
                if joined[0] in self.no_end or joined[-1] in self.no_end:
                    continue
                self._relabel(k, joined)
                new, self.next = self.next, self.next + 1
                self._relabel(new, rest)
                return True
        return False

    def _beside(self, piece: list[int]) -> list[tuple[int, int, int, list[int]]]:
        """(end of the piece, its neighbour e on another path, that path's number, its nodes)."""
        mine = set(piece)
        return [
            (end, e, int(self.label[e]), self.paths[int(self.label[e])])
            for end in (piece[0], piece[-1])
            for e in self.nbrs[end]
            if self.label[e] > 0 and e not in mine
        ]

    def _relabel(self, k: int, nodes: list[int]) -> None:
        for v in nodes:
            self.label[v] = k
        self.paths[k] = nodes

    def repair(self, min_length: int) -> bool:
        """Short paths and isolated nodes join neighbours; False when one cannot."""
        for k in sorted(self.paths):
            path = self.paths.get(k)
            if path is None or len(path) >= min_length:
                continue
            del self.paths[k]
            for v in path:
                self.label[v] = 0
            if not self.attach(path[0], min_length, path):
                return False
        for v in range(self.label.size):
            if self.label[v] in (0, -2):
                self.label[v] = 0
                joined = self.through(v, min_length) if v in self.no_end else None
                if not (joined or self.attach(v, min_length)):
                    return False
        return True

    def through(self, x: int, min_length: int) -> bool:
        """Join the paths on both sides of a bridge lane x through it (x cannot end a path):
        each side's path is cut there first when x's neighbour is not its end."""
        if len(self.nbrs[x]) != 2:
            return False
        saved = (self.label.copy(), {k: list(p) for k, p in self.paths.items()}, self.next)
        a, b = self.nbrs[x]
        for e in (a, b):
            k = int(self.label[e])
            if k <= 0 or (
                e not in (self.paths[k][0], self.paths[k][-1]) and not self.split(e, min_length)
            ):
                break
        else:
            ka, kb = int(self.label[a]), int(self.label[b])
            pa, pb = self.paths[ka], self.paths[kb]
            first = pa if pa[-1] == a else pa[::-1]
            second = pb if pb[0] == b else pb[::-1]
            near = {w for v in first for w in self.nbrs[v]}
            if ka != kb and first[-1] == a and second[0] == b and not near & set(second):
                del self.paths[kb]
                self._relabel(ka, first + [x] + second)
                return True
        self.label, self.paths, self.next = saved
        return False

    def split(self, v: int, min_length: int) -> bool:
        """Cut the path through node v beside it, v ending one part (both keep min_length)."""
        k = int(self.label[v])
        if k <= 0:
            return False
        path = self.paths[k]
        i = path.index(v)
        for j in (i, i - 1):  # parts path[: j + 1] and path[j + 1 :]
            a, b = path[: j + 1], path[j + 1 :]
            if len(a) < min_length or len(b) < min_length:
                continue
            if a[-1] in self.no_end or b[0] in self.no_end:
                continue
            self._relabel(k, a)
            new, self.next = self.next, self.next + 1
            self._relabel(new, b)
            return True
        return False

    def numbered(self) -> tuple[Values, Values]:
        """(values with the path ends numbered 1, 2, ... in node order, solution labels)."""
        order = sorted(self.paths, key=lambda k: min(self.paths[k][0], self.paths[k][-1]))
        values = np.where(self.label < 0, -1, 0).astype(np.int16)
        sol = values.copy()
        for i, k in enumerate(order, start=1):
            path = self.paths[k]
            values[path[0]] = values[path[-1]] = i
            sol[path] = i
        return values, sol


def _bridge_lanes(board: Board) -> npt.NDArray[np.uint8]:
    """1 on the two lanes of every bridge square (no path may end there), else 0."""
    lanes = np.zeros(len(board), np.uint8)
    down = board._down
    if board.cells is not None and down is not None:
        across, below = np.asarray(board.cells).ravel(), np.asarray(down).ravel()
        bridge = across != below
        lanes[across[bridge]] = lanes[below[bridge]] = 1
    return lanes


def generate_board(
    board: Board,
    *,
    seed: SeedLike = None,
    min_length: int = 3,
    unique: bool = True,
    max_attempts: int = 100,
    max_nodes: int = 10**6,
) -> tuple[Board, Values]:
    """A random puzzle on ``board``'s graph, with its solution, unique under its rules.

    Parameters
    ----------
    board : Board
        A blank board: every node ``0`` (empty) or ``-1`` (solid), from :func:`grid_board`
        (bridges, wrap, warps), :func:`hex_board`, :func:`layered_board` or a plain graph. Its
        ``fill`` and ``touch`` are the puzzle's rules. Numbers never go on a bridge.
    seed : None, int, numpy.random.SeedSequence or numpy.random.Generator
        Randomness; the same seed gives the same puzzle.
    min_length : int, default 3
        Shortest path, in nodes (2 or more).
    unique : bool, default True
        Prove exactly one solution (``Board.solve(limit=2)``), cutting paths until it holds.
    max_attempts : int, default 100
        Fresh boards drawn before giving up (ValueError).
    max_nodes : int, default 10**6
        The Board search's budget per uniqueness check (past it, the longest path is cut).

    Returns
    -------
    (Board, ndarray of int16)
        The puzzle (``board`` with the path ends numbered) and its solution's labelling.

    Raises
    ------
    TypeError, ValueError
        A bad argument, or no puzzle within ``max_attempts`` boards.

    Examples
    --------
    >>> import trapcore as tc
    >>> blank = tc.numberlink.hex_board([[0] * 6] * 6)
    >>> puzzle, solution = tc.numberlink.generate_board(blank, seed=1)
    >>> len(puzzle.solve(limit=2))
    1
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board, got {_describe(board)}")
    if (np.asarray(board.values) > 0).any():
        raise ValueError("board must be blank: every node 0 (empty) or -1 (solid)")
    min_length = as_int(min_length, "min_length", minimum=2, maximum=max(2, len(board)))
    if not isinstance(unique, (bool, np.bool_)):
        raise TypeError(f"unique must be a bool, got {_describe(unique)}")
    max_attempts = as_int(max_attempts, "max_attempts", minimum=1)
    max_nodes = as_int(max_nodes, "max_nodes", minimum=1)
    rng = as_generator(seed)
    table = np.asarray(board.neighbours)
    nbrs = [[int(w) for w in row if w >= 0] for row in table]
    down = board._down  # the down lane of each square (this package's own Board)
    lanes = _bridge_lanes(board)
    no_end = {int(v) for v in np.flatnonzero(lanes)}
    solid = np.asarray(board.values) < 0
    table32 = np.ascontiguousarray(table, dtype=np.int32)
    for _ in range(max_attempts):
        paths = _Paths(nbrs, solid, no_end)
        paths.grow(table32, lanes, rng)
        if not paths.repair(min_length) or not paths.paths:
            continue
        while True:
            values, sol = paths.numbered()
            if board.shape is not None and board.cells is not None and down is not None:
                puzzle = Board._built(  # keeps the builder's shape and lanes
                    values, table, board.fill, board.touch, board.shape, board.cells, down
                )
            else:
                puzzle = Board(values, table, fill=board.fill, touch=board.touch)
            if not unique:
                return puzzle, sol
            try:
                found = puzzle.solve(limit=2, max_nodes=max_nodes)
            except SearchLimitExceeded:
                longest = max(paths.paths.values(), key=len)
                if not paths.split(longest[len(longest) // 2], min_length):
                    break
                continue
            if len(found) == 1:
                return puzzle, sol
            other = found[0] if not np.array_equal(found[0], sol) else found[1]
            if not any(paths.split(int(v), min_length) for v in np.flatnonzero(other != sol)):
                break
    raise ValueError(
        f"generate_board: no puzzle with min_length={min_length} in {max_attempts} attempts "
        f"on {board!r}; relax min_length or raise max_attempts"
    )
