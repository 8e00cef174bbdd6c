"""Puzzles on boards of any shape: ``generate(puzzle)`` lays random paths on a blank
:class:`~trapcore.numberlink.Puzzle` (a grid, bridges, wrapping rows, warps, hexagons, layers, a
graph) and cuts them until the board search proves the puzzle unique under the puzzle's rules.
``generate`` (trapcore/numberlink/generate.py) is the one public generator: given a size it makes
a grid puzzle in the grid kernel (``_generate``), given a blank puzzle it comes here.
``generate_board`` is 0.2's name for this, deprecated until 0.4 (it returns ``(puzzle,
solution)``).

The method is the grid generator's (``trapcore.numberlink.generate``), on the board's graph:

1. While free nodes are left, a new path starts on a free node with the fewest free neighbours
   (ties at random) and grows from both ends, one random step at a time, onto free nodes whose
   only neighbour on the path is the end it grows from (paths never run beside themselves, so
   they suit both touch rules). An end may not rest on a bridge lane (a bridge holds no number):
   such an end is walked back.
2. A path shorter than ``min_length``, or a free node left isolated, joins a neighbouring path at
   its end, or that path is cut beside it so that the node ends one part (both parts keeping
   ``min_length``); when neither works the board is drawn again.
3. With ``unique``, the board search (``Puzzle.solve(limit=2)`` of a board) checks the puzzle;
   while it finds a second solution a path is cut where that solution differs (one more pair of
   numbers); a check over its budget cuts the longest eighth of the paths in the middle (as the
   grid generator does; one path, the longest, while fewer than 16).

Steps 1 and 2 run in a kernel (``_paths.lay_paths``, linear in the edges per board up to a
log factor; its pure-Python twin is tests/reference/numberlink_board_paths.py: same seeds,
same paths); step 3's cuts run here, its checks in the board search's kernel (on a grid puzzle
too, so its puzzles do not depend on the grid portfolio's choice of search).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from trapcore._renamed import warn
from trapcore._types import SeedLike
from trapcore._validate import _describe, as_generator, as_int
from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink import _boards
from trapcore.numberlink._paths import lay_paths
from trapcore.numberlink.puzzle import Puzzle

__all__: list[str] = []  # generate is the public name; generate_board is deprecated

#: ``generate(puzzle, max_nodes=None)``: the board search's budget per uniqueness check (past it,
#: the longest eighth of the paths are cut in the middle): ``BOARD_NODES`` on boards of up to
#: ``LARGE_BOARD`` nodes, ``LARGE_BOARD_NODES`` on larger ones, where checks of 10**6 nodes cost
#: seconds each (docs/benchmarks.md, "Tuned constants").
BOARD_NODES, LARGE_BOARD_NODES, LARGE_BOARD = 10**6, 10**4, 225

Values = npt.NDArray[np.int16]


class _Paths:
    """The paths the kernel laid (steps 1 and 2): ``label`` per node (-1 solid, k path k) and
    each path as a list of nodes from one end to the other; the cuts of step 3 run here."""

    def __init__(
        self,
        no_end: set[int],
        label: npt.NDArray[np.int32],
        nodes: npt.NDArray[np.int32],
        offsets: npt.NDArray[np.int32],
    ):
        self.no_end, self.label = no_end, label
        cut = np.split(nodes, offsets[1:-1])
        self.paths = {k: part.tolist() for k, part in enumerate(cut, start=1)}
        self.next = len(cut) + 1

    def _relabel(self, k: int, nodes: list[int]) -> None:
        for v in nodes:
            self.label[v] = k
        self.paths[k] = nodes

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


def _bridge_lanes(board: Puzzle) -> npt.NDArray[np.uint8]:
    """1 on the two lanes of every bridge square (no path may end there), else 0."""
    lanes = np.zeros(len(board), np.uint8)
    down = board._down
    if board._cells is not None and down is not None:
        across, below = np.asarray(board._cells).ravel(), np.asarray(down).ravel()
        bridge = across != below
        lanes[across[bridge]] = lanes[below[bridge]] = 1
    return lanes


def on_board(
    puzzle: Puzzle,
    cols: object = None,
    *,
    seed: SeedLike = None,
    fill: bool | None = None,
    touch: bool | None = None,
    min_length: int = 3,
    long_paths: bool | None = None,
    solids: bool = False,
    unique: bool = True,
    difficulty: object = None,
    max_attempts: int = 1000,
    max_nodes: int | None = None,
    prover: str = "search",
) -> tuple[Puzzle, Values]:
    """``generate(puzzle, ...)``: (the puzzle, its solution in the puzzle's form). Validates the
    options ``generate`` has for grids only, then lays and cuts the paths (see the module)."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"puzzle must be a Puzzle, got {_describe(puzzle)}")
    board = puzzle
    if cols is not None:
        raise TypeError(f"generate: cols goes with a number of rows, not a Puzzle (got {cols!r})")
    for name, rule in (("fill", fill), ("touch", touch)):
        if rule is None:
            continue
        if not isinstance(rule, (bool, np.bool_)):
            raise TypeError(f"{name} must be a bool, got {_describe(rule)}")
        if bool(rule) != getattr(board, name):
            raise ValueError(
                f"generate: the blank puzzle's rules have {name}={getattr(board, name)}, and "
                f"{name}={bool(rule)} was asked for: leave {name} out (a puzzle is made unique "
                f"under its own rules), or build the blank with {name}={bool(rule)}"
            )
    grid_only = {
        "long_paths=True": long_paths is True,
        "solids=True": solids is True,
        "difficulty": difficulty is not None,
        'prover="sat"': prover != "search",
    }
    if long_paths not in (None, True, False) or solids not in (True, False):
        raise TypeError("long_paths must be a bool or None, and solids a bool")
    if prover not in ("search", "sat"):
        raise ValueError(f"prover must be 'search' or 'sat', got {prover!r}")
    if asked := [name for name, given in grid_only.items() if given]:
        raise ValueError(
            f"generate: {', '.join(asked)} need a grid size (generate(rows, cols)); on a blank "
            "puzzle paths grow at random from the tightest free node, no node ends solid, and "
            "Puzzle.difficulty is computed on first use"
        )
    if (np.asarray(board.values) > 0).any():
        raise ValueError("puzzle must be blank: every node 0 (empty) or -1 (solid)")
    min_length = as_int(min_length, "min_length", minimum=2, maximum=max(2, len(board)))
    if not isinstance(unique, (bool, np.bool_)):
        raise TypeError(f"unique must be a bool, got {_describe(unique)}")
    max_attempts = as_int(max_attempts, "max_attempts", minimum=1)
    if max_nodes is None:
        max_nodes = BOARD_NODES if len(board) <= LARGE_BOARD else LARGE_BOARD_NODES
    max_nodes = as_int(max_nodes, "max_nodes", minimum=1)
    rng = as_generator(seed)
    table = board.neighbours
    lanes = _bridge_lanes(board)
    no_end = {int(v) for v in np.flatnonzero(lanes)}
    label = np.where(np.asarray(board.values) < 0, -1, 0).astype(np.int32)
    table32 = np.ascontiguousarray(table, dtype=np.int32)
    used = 0
    while used < max_attempts:
        laid = lay_paths(label, table32, lanes, rng.bit_generator, min_length, max_attempts - used)
        if laid is None:
            break
        *parts, attempts = laid
        used += attempts
        paths = _Paths(no_end, *parts)
        while True:
            values, sol = paths.numbered()
            if not unique:
                return _result(board, values, sol)
            try:
                # (the board search alone: the same puzzles with or without python-sat)
                found = _boards.solve(
                    values, table, board.fill, board.touch, 2, max_nodes, sat=False
                )
            except SearchLimitExceeded:  # the longest eighth of the paths are cut in the middle
                ranked = sorted(paths.paths.values(), key=len, reverse=True)  # (ties: in order)
                top = ranked[: max(1, len(ranked) // 8)]
                if not any([paths.split(p[len(p) // 2], min_length) for p in top]):
                    break
                continue
            if len(found) == 1:
                return _result(board, values, sol)
            other = found[0] if not np.array_equal(found[0], sol) else found[1]
            if not any(paths.split(int(v), min_length) for v in np.flatnonzero(other != sol)):
                break
    raise ValueError(
        f"generate: no puzzle with min_length={min_length} in {max_attempts} attempts "
        f"on {board!r}; relax min_length or raise max_attempts"
    )


def _result(board: Puzzle, values: Values, sol: Values) -> tuple[Puzzle, Values]:
    """The puzzle (``board``'s graph and rules with ``values``, solution ``sol``) and its
    solution, in the puzzle's form."""
    return board._with_values(values, sol), sol.reshape(board._values.shape)


def generate_board(*args: object, **options: object) -> tuple[Puzzle, Values]:
    """Deprecated (0.2's name; it goes in 0.4): ``generate(puzzle, ...)``, which returns the
    puzzle (its solution is ``puzzle.solution``). This returns ``(puzzle, solution)``, as in
    0.2, and takes 0.2's ``board=`` for ``puzzle=``.

    Examples
    --------
    >>> import warnings, trapcore as tc
    >>> blank = tc.numberlink.hex_board([[0] * 4] * 4)
    >>> with warnings.catch_warnings(record=True):
    ...     puzzle, solution = tc.numberlink.generate_board(blank, seed=1)
    >>> puzzle == tc.numberlink.generate(blank, seed=1)
    True
    """
    warn(f"{__name__}.generate_board", "trapcore.numberlink.generate")
    return _generate_board(*args, _depth=5, **options)


def _generate_board(*args: object, _depth: int = 4, **options: object) -> tuple[Puzzle, Values]:
    """``generate_board`` without its own warning (``trapcore.numberlink.generate_board``, whose
    lookup warns, is this); ``_depth`` puts a ``board=`` warning on the caller's line."""
    for old in ("board", "puzzle"):
        if old in options:
            if args:
                raise TypeError(f"generate_board() got the puzzle twice (positional and {old}=)")
            if old == "board":
                if "puzzle" in options:
                    raise TypeError(
                        "generate_board() got both board= and puzzle= (board is the "
                        "old spelling of puzzle); give puzzle only"
                    )
                warn("board=", "puzzle=", "generate_board()", stacklevel=_depth)
            args = (options.pop(old),)
    if len(args) != 1:
        raise TypeError(f"generate_board() takes one puzzle, got {len(args)} positional arguments")
    return on_board(args[0], **options)  # type: ignore[arg-type]
