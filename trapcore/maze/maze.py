"""Perfect mazes: carving (Kruskal, backtracker, Wilson, Prim), door bits, wall-follower and BFS
solvers, braiding, text and Pillow pictures. Validates every argument, then calls one kernel of
``trapcore._native.maze`` (which runs without the GIL).

Doors are one ``uint8`` per cell: bits 0-1 hold the door *Down*, bits 2-3 the door *Right*; each
door is ``0b00`` closed, ``0b01`` open or ``0b11`` locked (closed for good: opening it would make
a loop, or it is on the outer wall). The doors *Up* and *Left* of a cell are the Down door of the
cell above and the Right door of the cell to the left; the top and left outer walls are not
stored (they are always locked). A perfect ``R x C`` maze has exactly ``R*C - 1`` open doors and
every cell reachable. Coordinates are ``(row, col)``; paths are ``int32`` arrays of shape
``(n, 2)``.
"""
from __future__ import annotations

import os

import numpy as np

from trapcore._native import maze as _k
from trapcore._validate import (
    _describe,
    as_cell,
    as_choice,
    as_generator,
    as_grid,
    as_int,
)

__all__ = [
    "Maze",
    "carve_many",
    "METHODS",
    "SOLVERS",
    "HANDS",
    "SIDES",
    "CLOSED",
    "OPEN",
    "LOCKED",
    "MAX_MAZE_CELLS",
    "door",
    "set_door",
    "open_door",
    "close_door",
    "lock_door",
    "down_doors",
    "right_doors",
    "check_doors",
]

#: Carving methods, for ``method=``.
METHODS = ("kruskal", "backtracker", "wilson", "prim")
#: Solving methods, for ``Maze.solve(method=)``.
SOLVERS = ("wall", "bfs")
#: Hands for the wall follower.
HANDS = ("left", "right")
#: Sides of a cell, for the door helpers.
SIDES = ("up", "right", "down", "left")
#: Door states (two bits each).
CLOSED, OPEN, LOCKED = 0b00, 0b01, 0b11
#: The largest maze accepted, in cells (8192 x 8192): carving needs about 15 bytes per cell.
MAX_MAZE_CELLS = 1 << 26
#: The largest picture ``to_image`` draws, in pixels (an RGB array of 3 bytes per pixel).
MAX_PIXELS = 1 << 28
#: The largest maze ``to_text`` draws, in cells (about 50 bytes of scratch per cell).
MAX_TEXT_CELLS = 1 << 22
#: The most cells ``carve_many`` produces in one call (its output is one byte per cell).
MAX_BATCH_CELLS = 1 << 30

_CODE = {"kruskal": 0, "backtracker": 1, "wilson": 2, "prim": 3}
_STATE_NAMES = {CLOSED: "closed", OPEN: "open", LOCKED: "locked"}


# ----------------------------------------------------------------------------------------------
# validation helpers


def _as_maze_size(rows, cols) -> tuple[int, int]:
    r = as_int(rows, "rows", minimum=1)
    c = as_int(cols, "cols", minimum=1)
    if r * c > MAX_MAZE_CELLS:
        raise ValueError(
            f"rows x cols = {r} x {c} = {r * c} cells is more than the {MAX_MAZE_CELLS} "
            f"(8192 x 8192) a maze may have: carving needs about 15 bytes per cell "
            f"({15 * r * c / 2**30:.1f} GiB here)"
        )
    return r, c


def _as_method(method) -> int:
    return _CODE[as_choice(method, "method", METHODS)]


def check_doors(doors, name: str = "doors") -> np.ndarray:
    """Validate a door array and return it as a C-contiguous ``uint8`` array.

    Every two-bit field must be ``0b00``, ``0b01`` or ``0b11`` and no door on the outer wall (the
    Down doors of the last row, the Right doors of the last column) may be open.

    Raises
    ------
    TypeError
        If ``doors`` is not an integer array.
    ValueError
        If it is not 2-D, is empty, has more than ``MAX_MAZE_CELLS`` cells, or holds a value
        outside 0..15, a field ``0b10`` or an open outer door.
    """
    d = as_grid(doors, name, np.uint8, values=(0, 15), max_cells=MAX_MAZE_CELLS)
    down, right = d & 3, (d >> 2) & 3
    for field, side in ((down, "Down"), (right, "Right")):
        bad = np.argwhere(field == 2)
        if len(bad):
            r, c = (int(x) for x in bad[0])
            raise ValueError(
                f"{name}[{r}, {c}] = {int(d[r, c])}: its {side} door is 0b10, which is not a door "
                "state (0b00 closed, 0b01 open, 0b11 locked)"
            )
    bad = np.flatnonzero(down[-1] == OPEN)
    if len(bad):
        raise ValueError(
            f"{name}[{d.shape[0] - 1}, {int(bad[0])}] opens the Down door on the outer wall; "
            "outer doors must stay closed or locked"
        )
    bad = np.flatnonzero(right[:, -1] == OPEN)
    if len(bad):
        raise ValueError(
            f"{name}[{int(bad[0])}, {d.shape[1] - 1}] opens the Right door on the outer wall; "
            "outer doors must stay closed or locked"
        )
    return d


def _as_door_array(doors, name: str = "doors") -> np.ndarray:
    """A cheap check for the single-door helpers (no full scan): a 2-D uint8 ndarray."""
    if not isinstance(doors, np.ndarray):
        raise TypeError(f"{name} must be a numpy uint8 array, got {_describe(doors)}")
    if doors.dtype != np.uint8:
        raise TypeError(f"{name} must have dtype uint8, got {doors.dtype}")
    if doors.ndim != 2 or 0 in doors.shape:
        raise ValueError(f"{name} must be a non-empty 2-D array, got shape {doors.shape}")
    return doors


def _door_slot(shape, cell, side) -> tuple[int, int, int] | None:
    """(row, col, shift) of the stored door on ``side`` of ``cell``, or None for the top and left
    outer walls (not stored, always locked)."""
    r, c = as_cell(cell, shape, "cell")
    side = as_choice(side, "side", SIDES)
    if side == "down":
        return r, c, 0
    if side == "right":
        return r, c, 2
    if side == "up":
        return (r - 1, c, 0) if r > 0 else None
    return (r, c - 1, 2) if c > 0 else None


def _on_outer_wall(shape, slot) -> bool:
    r, c, shift = slot
    return (shift == 0 and r == shape[0] - 1) or (shift == 2 and c == shape[1] - 1)


# ----------------------------------------------------------------------------------------------
# door helpers (bitwise, on one door at a time; usable on any uint8 door array)


def door(doors, cell, side) -> int:
    """The state of the door on ``side`` of ``cell``: ``CLOSED`` (0), ``OPEN`` (1) or
    ``LOCKED`` (3).

    Parameters
    ----------
    doors : ndarray of uint8, shape (rows, cols)
        Door bits (bits 0-1 Down, bits 2-3 Right).
    cell : (row, col)
    side : {"up", "right", "down", "left"}
        The top and left outer walls read as ``LOCKED``.
    """
    d = _as_door_array(doors)
    slot = _door_slot(d.shape, cell, side)
    if slot is None:
        return LOCKED
    r, c, shift = slot
    return (int(d[r, c]) >> shift) & 3


def set_door(doors, cell, side, state) -> None:
    """Set the door on ``side`` of ``cell`` to ``state`` in place (``doors[r, c] = (doors[r, c] &
    ~(3 << shift)) | (state << shift)``).

    Raises
    ------
    ValueError
        If ``state`` is not 0, 1 or 3, or the door is on the outer wall and ``state`` is not
        ``LOCKED`` (outer doors stay locked).
    """
    d = _as_door_array(doors)
    state = as_int(state, "state")
    if state not in (CLOSED, OPEN, LOCKED):
        raise ValueError(f"state must be 0 (closed), 1 (open) or 3 (locked), got {state}")
    slot = _door_slot(d.shape, cell, side)
    if slot is None or _on_outer_wall(d.shape, slot):
        if state != LOCKED:
            raise ValueError(f"the {side} door of {tuple(cell)} is on the outer wall; it stays locked")
        if slot is None:
            return
    if not d.flags.writeable:
        raise ValueError("doors is read-only; pass a writable copy (doors.copy())")
    r, c, shift = slot
    d[r, c] = (int(d[r, c]) & ~(3 << shift) & 0xFF) | (state << shift)


def open_door(doors, cell, side) -> None:
    """Open the door on ``side`` of ``cell`` in place (see :func:`set_door`)."""
    set_door(doors, cell, side, OPEN)


def close_door(doors, cell, side) -> None:
    """Close (not lock) the door on ``side`` of ``cell`` in place (see :func:`set_door`)."""
    set_door(doors, cell, side, CLOSED)


def lock_door(doors, cell, side) -> None:
    """Lock the door on ``side`` of ``cell`` in place (see :func:`set_door`)."""
    set_door(doors, cell, side, LOCKED)


def down_doors(doors) -> np.ndarray:
    """The Down door of every cell, ``uint8`` (rows, cols) of 0/1/3: ``doors & 3``."""
    return _as_door_array(doors) & 3


def right_doors(doors) -> np.ndarray:
    """The Right door of every cell, ``uint8`` (rows, cols) of 0/1/3: ``(doors >> 2) & 3``."""
    return (_as_door_array(doors) >> 2) & 3


# ----------------------------------------------------------------------------------------------
# the Maze


_ENTRANCE_SIDES = ("up", "left", "right", "down")
_EXIT_SIDES = ("down", "right", "left", "up")


def _opening(cell, shape, order) -> str:
    r, c = cell
    rows, cols = shape
    on = {"up": r == 0, "down": r == rows - 1, "left": c == 0, "right": c == cols - 1}
    for side in order:
        if on[side]:
            return side
    return ""


def _as_border_cell(cell, shape, name) -> tuple[int, int]:
    r, c = as_cell(cell, shape, name)
    if not (r == 0 or c == 0 or r == shape[0] - 1 or c == shape[1] - 1):
        raise ValueError(f"{name} = ({r}, {c}) must be on the outer wall (first or last row or column)")
    return r, c


class Maze:
    """A rectangular maze of door bits, with its entrance and exit.

    Parameters
    ----------
    doors : array_like of int, shape (rows, cols)
        Door bits (bits 0-1 Down, bits 2-3 Right; 0b00 closed, 0b01 open, 0b11 locked); copied
        and validated with :func:`check_doors`. It need not be perfect (see :meth:`braid`).
    entrance, exit : (row, col), optional
        Cells on the outer wall, drawn with a gap in the wall: the entrance opens upwards if it
        lies in the top row (else left, right, down), the exit downwards if it lies in the bottom
        row (else right, left, up). Defaults: the top-left and the bottom-right cells.

    Attributes
    ----------
    doors : ndarray of uint8, read-only
    rows, cols : int
    entrance, exit : (row, col)
    """

    __slots__ = ("_doors", "entrance", "exit")

    def __init__(self, doors, entrance=(0, 0), exit=None):
        d = check_doors(doors).copy()
        d.flags.writeable = False
        self._doors = d
        self.entrance = _as_border_cell(entrance, d.shape, "entrance")
        if exit is None:
            exit = (d.shape[0] - 1, d.shape[1] - 1)
        self.exit = _as_border_cell(exit, d.shape, "exit")

    @classmethod
    def _trusted(cls, doors: np.ndarray, entrance, exit) -> "Maze":
        m = cls.__new__(cls)
        doors.flags.writeable = False
        m._doors, m.entrance, m.exit = doors, entrance, exit
        return m

    @classmethod
    def carve(cls, rows, cols, seed=None, method="kruskal", entrance=(0, 0), exit=None) -> "Maze":
        """Carve a perfect maze.

        Parameters
        ----------
        rows, cols : int
            Size in cells, at least 1 each, at most ``MAX_MAZE_CELLS`` cells in all.
        seed : None, int, SeedSequence or Generator
            Randomness; the same seed gives the same maze on every platform and run.
        method : {"kruskal", "backtracker", "wilson", "prim"}
            ``"kruskal"``: every door in a random order, opened when its cells are not yet joined
            (union-find), else locked. ``"backtracker"``: randomized depth-first search (long
            corridors, few dead ends). ``"wilson"``: loop-erased random walks, a uniform
            spanning tree. ``"prim"``: randomized Prim (a random frontier cell joins the maze;
            many short dead ends).
        entrance, exit : (row, col), optional
            See :class:`Maze`.

        Returns
        -------
        Maze
            ``rows*cols - 1`` open doors, every other door locked, every cell reachable.

        Raises
        ------
        TypeError, ValueError
            For non-integer or non-positive sizes, too many cells, an unknown method or a bad
            seed.
        """
        rows, cols = _as_maze_size(rows, cols)
        code = _as_method(method)
        gen = as_generator(seed)
        shape = (rows, cols)
        entrance = _as_border_cell(entrance, shape, "entrance")
        exit = _as_border_cell((rows - 1, cols - 1) if exit is None else exit, shape, "exit")
        return cls._trusted(_k.carve(rows, cols, code, gen.bit_generator), entrance, exit)

    # -- plain properties -------------------------------------------------------------------

    @property
    def doors(self) -> np.ndarray:
        """The door bits, ``uint8`` (rows, cols), read-only (copy it to edit)."""
        return self._doors

    @property
    def rows(self) -> int:
        return self._doors.shape[0]

    @property
    def cols(self) -> int:
        return self._doors.shape[1]

    @property
    def shape(self) -> tuple[int, int]:
        return self._doors.shape

    def __repr__(self) -> str:
        return (f"Maze(rows={self.rows}, cols={self.cols}, open_doors={self.open_doors()}, "
                f"entrance={self.entrance}, exit={self.exit})")

    def __eq__(self, other) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        return (self.entrance == other.entrance and self.exit == other.exit
                and np.array_equal(self._doors, other._doors))

    __hash__ = None

    def door(self, cell, side) -> int:
        """The state (0 closed, 1 open, 3 locked) of the door on ``side`` of ``cell``."""
        return door(self._doors, cell, side)

    def open_doors(self) -> int:
        """How many doors are open (``rows*cols - 1`` in a perfect maze)."""
        d = self._doors
        return int(np.count_nonzero((d & 3) == OPEN) + np.count_nonzero(((d >> 2) & 3) == OPEN))

    def degrees(self) -> np.ndarray:
        """Open doors around each cell, ``uint8`` (rows, cols) in 0..4."""
        down = ((self._doors & 3) == OPEN).astype(np.uint8)
        right = (((self._doors >> 2) & 3) == OPEN).astype(np.uint8)
        deg = down + right
        deg[1:] += down[:-1]
        deg[:, 1:] += right[:, :-1]
        return deg

    def dead_ends(self) -> np.ndarray:
        """The cells with exactly one open door, ``int32`` (n, 2) in row-major order."""
        return np.argwhere(self.degrees() == 1).astype(np.int32)

    def distances(self, start=None) -> np.ndarray:
        """BFS steps from ``start`` (default: the entrance) through open doors, ``int32``
        (rows, cols), -1 where unreachable."""
        r, c = self.entrance if start is None else as_cell(start, self.shape, "start")
        return _k.distances(self._doors, r * self.cols + c)

    def is_perfect(self) -> bool:
        """True when the open doors form a spanning tree: ``rows*cols - 1`` of them and every
        cell reachable."""
        n = self.rows * self.cols
        return self.open_doors() == n - 1 and bool((_k.distances(self._doors, 0) >= 0).all())

    # -- solving ----------------------------------------------------------------------------

    def solve(self, start=None, goal=None, method="wall", hand="right", trace=False):
        """A path from ``start`` to ``goal`` through open doors.

        Parameters
        ----------
        start, goal : (row, col), optional
            Defaults: the entrance and the exit.
        method : {"wall", "bfs"}
            ``"wall"``: the robot of the original design. Standing in a cell, it tries the doors
            in turn starting after the one it came through (the start counts as entered through
            its top side), clockwise for the left hand, anticlockwise for the right hand; it
            enters a neighbour only through an open door and only if it has not been there yet,
            pushing it on a stack, and steps back (pops) at dead ends. The path is the stack at
            the goal: it always gets out, also in mazes with loops, and in a perfect maze its path
            is the unique one. ``"bfs"``: a shortest path.
        hand : {"left", "right"}
            For ``method="wall"``.
        trace : bool
            For ``method="wall"``: also return every cell the robot stands on, in order,
            backtracking included (for animation).

        Returns
        -------
        path : ndarray of int32, shape (n, 2), or None
            From ``start`` to ``goal`` inclusive; ``None`` when the goal cannot be reached.
        moves : ndarray of int32, shape (t, 2)
            Only with ``trace=True`` (then a ``(path, moves)`` tuple is returned).
        """
        shape = self.shape
        sr, sc = self.entrance if start is None else as_cell(start, shape, "start")
        gr, gc = self.exit if goal is None else as_cell(goal, shape, "goal")
        method = as_choice(method, "method", SOLVERS)
        hand = as_choice(hand, "hand", HANDS)
        if not isinstance(trace, (bool, np.bool_)):
            raise TypeError(f"trace must be True or False, got {_describe(trace)}")
        s, g = sr * self.cols + sc, gr * self.cols + gc
        if method == "bfs":
            if trace:
                raise ValueError("trace=True needs method='wall' (the BFS has no robot to trace)")
            return _k.solve_bfs(self._doors, s, g)
        path, moves = _k.solve_wall(self._doors, s, g, 1 if hand == "left" else -1, bool(trace))
        return (path, moves) if trace else path

    # -- braiding ---------------------------------------------------------------------------

    def braid(self, p=1.0, seed=None) -> "Maze":
        """A copy with loops: a fraction ``p`` of the dead ends removed.

        Cells are visited in row-major order; each cell that is (still) a dead end is, with
        probability ``p``, joined to a neighbour through one of its locked interior doors,
        preferring a neighbour that is a dead end too. ``p=1`` leaves no dead end (in mazes at
        least 2 x 2).

        Parameters
        ----------
        p : float in [0, 1]
        seed : None, int, SeedSequence or Generator

        Returns
        -------
        Maze
            A new maze (this one is unchanged), same entrance and exit.
        """
        if isinstance(p, (bool, np.bool_)) or not isinstance(p, (int, float, np.integer, np.floating)):
            raise TypeError(f"p must be a number in [0, 1], got {_describe(p)}")
        p = float(p)
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p must lie in [0, 1], got {p}")
        gen = as_generator(seed)
        doors = self._doors.copy()
        _k.braid(doors, p, gen.bit_generator)
        return Maze._trusted(doors, self.entrance, self.exit)

    # -- pictures ---------------------------------------------------------------------------

    def _walls(self):
        """Wall masks: horizontal (rows+1, cols), vertical (rows, cols+1), posts (rows+1, cols+1),
        with the entrance and exit gaps cut."""
        d = self._doors
        rows, cols = d.shape
        h = np.ones((rows + 1, cols), dtype=bool)
        h[1:] = (d & 3) != OPEN
        v = np.ones((rows, cols + 1), dtype=bool)
        v[:, 1:] = ((d >> 2) & 3) != OPEN
        for cell, order in ((self.entrance, _ENTRANCE_SIDES), (self.exit, _EXIT_SIDES)):
            r, c = cell
            side = _opening(cell, self.shape, order)
            if side == "up":
                h[0, c] = False
            elif side == "down":
                h[rows, c] = False
            elif side == "left":
                v[r, 0] = False
            elif side == "right":
                v[r, cols] = False
        post = np.zeros((rows + 1, cols + 1), dtype=bool)
        post[:, :-1] |= h
        post[:, 1:] |= h
        post[:-1] |= v
        post[1:] |= v
        return h, v, post

    def _as_route(self, path, name) -> np.ndarray | None:
        if path is None:
            return None
        a = np.asarray(path)
        if a.size == 0:
            return np.empty((0, 2), dtype=np.int64)
        if not np.issubdtype(a.dtype, np.integer):
            raise TypeError(f"{name} must be an integer (n, 2) array of (row, col), got dtype {a.dtype}")
        if a.ndim != 2 or a.shape[1] != 2:
            raise ValueError(f"{name} must have shape (n, 2), got {a.shape}")
        a = a.astype(np.int64)
        if (a[:, 0] < 0).any() or (a[:, 0] >= self.rows).any() or (a[:, 1] < 0).any() or (a[:, 1] >= self.cols).any():
            raise ValueError(f"{name} has a cell outside the {self.rows} x {self.cols} maze")
        if len(a) > 1 and (np.abs(np.diff(a, axis=0)).sum(axis=1) != 1).any():
            raise ValueError(f"{name} must step between neighbouring cells")
        return a

    def _labels(self, path, trace) -> np.ndarray:
        """Super-grid (2*rows+1, 2*cols+1) of labels: 0 floor, 1 wall, 2 path, 3 traced."""
        rows, cols = self.shape
        h, v, post = self._walls()
        lab = np.zeros((2 * rows + 1, 2 * cols + 1), dtype=np.uint8)
        lab[0::2, 1::2] = h
        lab[1::2, 0::2] = v
        lab[0::2, 0::2] = post
        for route, value in ((trace, 3), (path, 2)):
            if route is None or len(route) == 0:
                continue
            lab[2 * route[:, 0] + 1, 2 * route[:, 1] + 1] = value
            if len(route) > 1:
                mid = route[:-1] + route[1:] + 1      # the door between consecutive cells
                lab[mid[:, 0], mid[:, 1]] = value
        return lab

    def to_text(self, path=None) -> str:
        """The maze as ``+---+`` art, one text line per wall row and per cell row.

        Walls are ``+``, ``---`` and ``|``; the entrance and exit are gaps; cells of ``path``
        (an (n, 2) array of (row, col), e.g. from :meth:`solve`) are marked ``o``.
        """
        rows, cols = self.shape
        if rows * cols > MAX_TEXT_CELLS:
            raise ValueError(
                f"to_text draws at most {MAX_TEXT_CELLS} cells, this maze has {rows * cols}; "
                "use to_image or a smaller maze"
            )
        route = self._as_route(path, "path")
        h, v, post = self._walls()
        grid = np.full((2 * rows + 1, 2 * cols + 1), "   ", dtype="<U3")
        grid[0::2, 0::2] = np.where(post, "+", " ")
        grid[0::2, 1::2] = np.where(h, "---", "   ")
        grid[1::2, 0::2] = np.where(v, "|", " ")
        if route is not None and len(route):
            grid[2 * route[:, 0] + 1, 2 * route[:, 1] + 1] = " o "
        return "\n".join("".join(line) for line in grid.tolist()) + "\n"

    def to_image(self, cell=10, wall=1, path=None, trace=None, colors=None):
        """The maze as a Pillow RGB image, ``cols*cell + wall`` pixels wide and
        ``rows*cell + wall`` high.

        Parameters
        ----------
        cell : int
            Pixels from one wall line to the next (a cell shows ``cell - wall`` free pixels).
        wall : int
            Wall thickness in pixels, ``1 <= wall < cell``.
        path : (n, 2) array of (row, col), optional
            Drawn in colour, with the doors between its cells.
        trace : (t, 2) array of (row, col), optional
            The robot's moves (``solve(..., trace=True)``): visited cells are shaded, so the
            backtracked ones show beside the path.
        colors : dict, optional
            RGB tuples for ``"floor"``, ``"wall"``, ``"path"``, ``"trace"``.

        Raises
        ------
        ImportError
            If Pillow is not installed (``pip install trapcore[image]``).
        """
        cell = as_int(cell, "cell", minimum=2)
        wall = as_int(wall, "wall", minimum=1, maximum=cell - 1)
        width, height = self.cols * cell + wall, self.rows * cell + wall
        if width * height > MAX_PIXELS:
            raise ValueError(
                f"the image would be {width} x {height} = {width * height} pixels, more than the "
                f"{MAX_PIXELS} accepted; use a smaller cell"
            )
        route = self._as_route(path, "path")
        moves = self._as_route(trace, "trace")
        try:
            from PIL import Image
        except ImportError:  # pragma: no cover - depends on the environment
            raise ImportError("to_image needs Pillow: pip install 'trapcore[image]'") from None
        palette = {"floor": (255, 255, 255), "wall": (0, 0, 0), "path": (214, 39, 40),
                   "trace": (255, 214, 170)}
        if colors is not None:
            unknown = set(colors) - set(palette)
            if unknown:
                raise ValueError(f"colors has unknown keys {sorted(unknown)}; use {sorted(palette)}")
            palette.update(colors)
        lut = np.array([palette["floor"], palette["wall"], palette["path"], palette["trace"]],
                       dtype=np.uint8)
        lab = self._labels(route, moves)
        reps_r = np.full(2 * self.rows + 1, wall)
        reps_r[1::2] = cell - wall
        reps_c = np.full(2 * self.cols + 1, wall)
        reps_c[1::2] = cell - wall
        pixels = lut[np.repeat(np.repeat(lab, reps_r, axis=0), reps_c, axis=1)]
        return Image.fromarray(pixels, "RGB")


# ----------------------------------------------------------------------------------------------
# many mazes


def _children(seed, n: int) -> list:
    """n independent child SeedSequences of ``seed`` (child k has spawn_key (..., k))."""
    if isinstance(seed, np.random.Generator):
        ss = seed.bit_generator.seed_seq
        if not isinstance(ss, np.random.SeedSequence):
            raise ValueError("seed is a Generator without a SeedSequence; pass an int seed")
        return ss.spawn(n)
    if isinstance(seed, np.random.SeedSequence):
        return seed.spawn(n)
    as_generator(seed)  # the same checks and messages as everywhere
    return np.random.SeedSequence(seed).spawn(n)


def carve_many(n, rows, cols, seed=None, method="kruskal", workers=None) -> np.ndarray:
    """Carve ``n`` perfect mazes at once (for datasets).

    Maze ``k`` uses its own random stream, the ``k``-th child of the seed: for an int ``seed``,
    ``out[k]`` equals ``Maze.carve(rows, cols, seed=np.random.SeedSequence(seed, spawn_key=(k,)),
    method=method).doors``. (A ``SeedSequence`` or ``Generator`` seed spawns fresh children each
    call, as numpy's ``spawn`` does.)

    Parameters
    ----------
    n : int
        How many mazes, >= 0.
    rows, cols : int
        Size of each maze.
    seed : None, int, SeedSequence or Generator
    method : {"kruskal", "backtracker", "wilson", "prim"}
    workers : int, optional
        Threads carving in parallel (the kernels release the GIL); ``None`` or 1 carves in the
        calling thread, -1 uses every CPU. The result does not depend on it.

    Returns
    -------
    ndarray of uint8, shape (n, rows, cols)
    """
    n = as_int(n, "n", minimum=0)
    rows, cols = _as_maze_size(rows, cols)
    if n * rows * cols > MAX_BATCH_CELLS:
        raise ValueError(
            f"n x rows x cols = {n} x {rows} x {cols} = {n * rows * cols} cells is more than the "
            f"{MAX_BATCH_CELLS} carve_many returns at once (one byte each); carve in batches"
        )
    code = _as_method(method)
    if workers is None:
        workers = 1
    workers = as_int(workers, "workers", minimum=-1)
    if workers == 0:
        raise ValueError("workers must be a positive number of threads or -1 (every CPU), got 0")
    if workers == -1:
        workers = os.cpu_count() or 1
    out = np.empty((n, rows, cols), dtype=np.uint8)
    if n == 0:
        return out
    bitgens = [np.random.PCG64(child) for child in _children(seed, n)]
    workers = min(workers, n)
    if workers == 1:
        _k.carve_batch(out, bitgens, code)
        return out
    from concurrent.futures import ThreadPoolExecutor

    bounds = np.linspace(0, n, workers + 1).astype(int)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        jobs = [pool.submit(_k.carve_batch, out[a:b], bitgens[a:b], code)
                for a, b in zip(bounds[:-1], bounds[1:]) if b > a]
        for job in jobs:
            job.result()
    return out
