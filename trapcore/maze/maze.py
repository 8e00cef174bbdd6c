"""The Maze class (immutable doors, entrance and exit; carve, solve, trace, braid) and its Trace."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, SupportsIndex

import numpy as np
import numpy.typing as npt

from trapcore import _pictures
from trapcore._renamed import renamed
from trapcore._types import Cell, CellLike, Colors, Path, RouteLike, SeedLike
from trapcore._validate import _describe, as_cell, as_choice, as_generator, check_callback
from trapcore.maze import _carve, _solve
from trapcore.maze import formats as _formats
from trapcore.maze import render as _render
from trapcore.maze._checks import (
    _HAND,
    HANDS,
    METHODS,
    _as_border_cell,
    _as_maze_size,
    _as_method,
    _check_walk_cost,
    _frozen,
    _snapshot,
)
from trapcore.maze._types import Doors
from trapcore.maze.doors import OPEN, check_doors, door

if TYPE_CHECKING:
    from PIL import Image

__all__ = ["HANDS", "METHODS", "SOLVERS", "Maze", "Trace"]

SOLVERS = ("wall", "bfs")  #: Solving methods, for ``Maze.solve(method=)``.


def _unpickle(doors: Doors, entrance: Cell, exit: Cell) -> Maze:
    return Maze(doors, entrance=entrance, exit=exit)  # validated again


@dataclass(frozen=True, eq=False, slots=True)
class Trace:
    """The wall follower's walk, from :meth:`Maze.trace`.

    Attributes
    ----------
    path : ndarray of int32, shape (n, 2), or None
        The path from the start to the goal (the robot's stack at the goal), ``None`` when the
        goal cannot be reached. The same path :meth:`Maze.solve` returns with ``method="wall"``.
    moves : ndarray of int32, shape (t, 2)
        Every cell the robot stands on, in order, backtracking included: ``moves[0]`` is the
        start, each move steps through an open door, and the last is the goal (or, when the goal
        cannot be reached, the start, after exploring every reachable cell).
    hand : {"left", "right"}
        The hand it followed.

    See Also
    --------
    Maze.trace : Returns it.

    Examples
    --------
    >>> import trapcore as tc
    >>> t = tc.Maze.carve(3, 4, seed=1).trace()
    >>> t
    <Trace hand='right' path=6 cells moves=16>
    >>> t.moves[0].tolist(), t.moves[-1].tolist()
    ([0, 0], [2, 3])
    """

    path: Path | None
    moves: Path
    hand: str

    @property
    def back(self) -> npt.NDArray[np.bool_]:
        """``bool`` (t,): True for the moves that step back out of an explored branch (onto a
        cell stood on before); the others enter a new cell."""
        m = self.moves
        flat = m[:, 0].astype(np.int64) * (int(m[:, 1].max()) + 1 if len(m) else 1) + m[:, 1]
        seen = np.ones(len(m), dtype=bool)
        seen[np.unique(flat, return_index=True)[1]] = False
        return seen

    def __repr__(self) -> str:
        path = "no path" if self.path is None else f"path={len(self.path)} cells"
        return f"<Trace hand={self.hand!r} {path} moves={len(self.moves)}>"


class Maze:
    """A rectangular maze of door bits, with its entrance and exit. Immutable.

    Parameters
    ----------
    doors : array_like of int, shape (rows, cols)
        Door bits (bits 0-1 Down, bits 2-3 Right; 0b00 closed, 0b01 open, 0b11 locked); copied,
        then the copy is validated with :func:`check_doors`. It need not be perfect (see
        :meth:`braid`).
    entrance, exit : (row, col), optional
        Cells on the outer wall, drawn with a gap in the wall: the entrance opens upwards if it
        lies in the top row (else left, right, down), the exit downwards if it lies in the bottom
        row (else right, left, up). Defaults: the top-left and the bottom-right cells.

    Attributes
    ----------
    doors : ndarray of uint8, shape (rows, cols), read-only
    rows, cols : int
    shape : (rows, cols)
    entrance, exit : (row, col)
        Read-only; :meth:`with_openings` makes a maze with others.

    Raises
    ------
    TypeError, ValueError
        For a bad door array (see :func:`check_doors`) or an entrance or exit that is not a cell
        of the outer wall.

    See Also
    --------
    carve_many : Many mazes at once.
    Trace : The robot's walk.

    Examples
    --------
    >>> import trapcore as tc
    >>> m = tc.Maze.carve(3, 4, seed=1)
    >>> m
    <Maze 3x4 entrance=(0, 0) exit=(2, 3)>
    >>> print(m.to_text(), end="")
    +   +---+---+---+
    |               |
    +---+   +   +---+
    |   |   |       |
    +   +   +---+   +
    |           |   |
    +---+---+---+   +
    >>> tc.Maze(m.doors, exit=(0, 3)) == m.with_openings(exit=(0, 3))
    True
    """

    __slots__ = ("_doors", "_entrance", "_exit")
    _doors: Doors
    _entrance: Cell
    _exit: Cell

    def __init__(
        self, doors: npt.ArrayLike, *, entrance: CellLike = (0, 0), exit: CellLike | None = None
    ) -> None:
        d = _frozen(check_doors(_snapshot(doors)))  # checks a private copy, then freezes it
        shape = d.shape
        start = _as_border_cell(entrance, shape, "entrance")
        goal = _as_border_cell(
            (shape[0] - 1, shape[1] - 1) if exit is None else exit, shape, "exit"
        )
        self._init(d, start, goal)

    def _init(self, doors: Doors, entrance: Cell, exit: Cell) -> None:
        set_ = object.__setattr__
        set_(self, "_doors", doors)
        set_(self, "_entrance", entrance)
        set_(self, "_exit", exit)

    @classmethod
    def _trusted(cls, doors: Doors, entrance: Cell, exit: Cell) -> Maze:
        """A maze from doors a kernel just made (private to this package): no re-check."""
        (m := cls.__new__(cls))._init(_frozen(doors), entrance, exit)
        return m

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(
            f"Maze is immutable: cannot set {name!r}; use with_openings(entrance=..., exit=...) "
            "for other openings, or Maze(doors) for other doors"
        )

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Maze is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Callable[[Doors, Cell, Cell], Maze], tuple[Doors, Cell, Cell]]:
        return _unpickle, (np.array(self._doors), self._entrance, self._exit)

    @classmethod
    def carve(
        cls,
        rows: int,
        cols: int,
        *,
        seed: SeedLike = None,
        method: str = "kruskal",
        entrance: CellLike = (0, 0),
        exit: CellLike | None = None,
        progress: Callable[[int, int], object] | None = None,
    ) -> Maze:
        """Carve a perfect maze.

        Parameters
        ----------
        rows, cols : int
            Size in cells, at least 1 each, at most ``LIMITS.maze_cells`` cells in all.
        seed : None, int, SeedSequence or Generator
            Randomness; the same seed gives the same maze on every platform and run. A
            ``Generator`` is used as it is (and advanced).
        method : {"kruskal", "backtracker", "wilson", "prim"}
            ``"kruskal"``: every door in a random order, opened when its cells are not yet joined
            (union-find), else locked. ``"backtracker"``: randomized depth-first search (long
            corridors, few dead ends). ``"wilson"``: loop-erased random walks, a uniform
            spanning tree. ``"prim"``: randomized Prim (a random frontier cell joins the maze;
            many short dead ends).
        entrance, exit : (row, col), optional
            Cells on the outer wall; see :class:`Maze`.
        progress : callable, optional
            Called as ``progress(done, total)`` about every 16,384 steps of the kernel (a few
            milliseconds apart), with the GIL held. The steps are the method's own (cells,
            doors), so only ``done / total`` means anything; it rises steadily for every method
            but Wilson's, whose first walks are the long ones. An exception it raises stops the
            carving and propagates, as Ctrl-C does.

        Returns
        -------
        Maze
            ``rows*cols - 1`` open doors, every other door locked, every cell reachable.

        Raises
        ------
        TypeError, ValueError
            For non-integer or non-positive sizes, too many cells, an unknown method, a bad seed
            or an entrance or exit off the outer wall.

        See Also
        --------
        carve_many : Many mazes in one call.
        Maze.braid : Loops added.

        Examples
        --------
        >>> import trapcore as tc
        >>> m = tc.Maze.carve(4, 5, seed=7, method="wilson")
        >>> m.open_doors(), m.is_perfect()
        (19, True)
        >>> m == tc.Maze.carve(4, 5, seed=7, method="wilson")  # the same seed, the same maze
        True
        """
        rows, cols = _as_maze_size(rows, cols)
        code = _as_method(method)
        _check_walk_cost(rows, cols, code)
        gen = as_generator(seed)
        shape = (rows, cols)
        start = _as_border_cell(entrance, shape, "entrance")
        goal = _as_border_cell((rows - 1, cols - 1) if exit is None else exit, shape, "exit")
        check_callback(progress, "progress")
        doors: Doors = _carve.carve(rows, cols, code, gen.bit_generator, progress)
        return cls._trusted(doors, start, goal)

    def with_openings(
        self, *, entrance: CellLike | None = None, exit: CellLike | None = None
    ) -> Maze:
        """The same doors with another entrance or exit.

        Parameters
        ----------
        entrance, exit : (row, col), optional
            Cells on the outer wall; ``None`` keeps this maze's.

        Returns
        -------
        Maze
            A new maze sharing these (read-only) doors; this one is unchanged.

        Raises
        ------
        TypeError, ValueError
            If a cell is not a pair of ints, lies outside the maze or is not on its outer wall.

        Examples
        --------
        >>> import trapcore as tc
        >>> m = tc.Maze.carve(3, 4, seed=1)
        >>> m.with_openings(entrance=(2, 0), exit=(0, 3))
        <Maze 3x4 entrance=(2, 0) exit=(0, 3)>
        """
        shape = self._doors.shape
        start = self._entrance if entrance is None else _as_border_cell(entrance, shape, "entrance")
        goal = self._exit if exit is None else _as_border_cell(exit, shape, "exit")
        m = Maze.__new__(Maze)
        m._init(self._doors, start, goal)
        return m

    # -- plain properties -------------------------------------------------------------------

    @property
    def doors(self) -> Doors:
        """The door bits, ``uint8`` (rows, cols), read-only for good (copy it to edit)."""
        return self._doors

    @property
    def entrance(self) -> tuple[int, int]:
        """The entrance cell ``(row, col)``, on the outer wall (the default start)."""
        return self._entrance

    @property
    def exit(self) -> tuple[int, int]:
        """The exit cell ``(row, col)``, on the outer wall (the default goal)."""
        return self._exit

    @property
    def rows(self) -> int:
        """Rows of cells."""
        rows: int = self._doors.shape[0]
        return rows

    @property
    def cols(self) -> int:
        """Columns of cells."""
        cols: int = self._doors.shape[1]
        return cols

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, cols)``."""
        shape: tuple[int, int] = self._doors.shape
        return shape

    def __repr__(self) -> str:
        return f"<Maze {self.rows}x{self.cols} entrance={self._entrance} exit={self._exit}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        return (
            self._entrance == other._entrance
            and self._exit == other._exit
            and np.array_equal(self._doors, other._doors)
        )

    # unhashable (equal by value); typeshed writes the same ignore for list.__hash__
    __hash__: ClassVar[None] = None  # type: ignore[assignment]

    def door(self, cell: CellLike, side: str) -> int:
        """The state of the door on ``side`` of ``cell``.

        Parameters
        ----------
        cell : (row, col)
        side : {"up", "right", "down", "left"}

        Returns
        -------
        int
            0 closed, 1 open, 3 locked (the outer wall reads locked).

        Examples
        --------
        >>> import trapcore as tc
        >>> m = tc.Maze.carve(3, 4, seed=1)
        >>> m.door((0, 0), "up")  # the outer wall
        3
        >>> m.door((0, 0), "right") == m.door((0, 1), "left")  # one door, seen from both sides
        True
        """
        return door(self._doors, cell, side)

    def open_doors(self) -> int:
        """How many doors are open.

        Returns
        -------
        int
            ``rows*cols - 1`` in a perfect maze, more in a braided one.

        Examples
        --------
        >>> import trapcore as tc
        >>> tc.Maze.carve(3, 4, seed=1).open_doors()
        11
        """
        d = self._doors
        return int(np.count_nonzero((d & 3) == OPEN) + np.count_nonzero(((d >> 2) & 3) == OPEN))

    def degrees(self) -> npt.NDArray[np.uint8]:
        """Open doors around each cell.

        Returns
        -------
        ndarray of uint8, shape (rows, cols)
            Values in 0..4; 1 marks a dead end.

        Examples
        --------
        >>> import trapcore as tc
        >>> tc.Maze.carve(3, 4, seed=1).degrees()
        array([[1, 3, 3, 1],
               [1, 2, 2, 2],
               [2, 3, 1, 1]], dtype=uint8)
        """
        down = ((self._doors & 3) == OPEN).astype(np.uint8)
        right = (((self._doors >> 2) & 3) == OPEN).astype(np.uint8)
        deg: npt.NDArray[np.uint8] = down + right
        deg[1:] += down[:-1]
        deg[:, 1:] += right[:, :-1]
        return deg

    def dead_ends(self) -> Path:
        """The cells with exactly one open door.

        Returns
        -------
        ndarray of int32, shape (n, 2)
            The dead ends' cells ``(row, col)``, in row-major order.

        Examples
        --------
        >>> import trapcore as tc
        >>> m = tc.Maze.carve(3, 4, seed=1)
        >>> m.dead_ends().tolist()
        [[0, 0], [0, 3], [1, 0], [2, 2], [2, 3]]
        >>> len(m.braid(1.0, seed=0).dead_ends())  # braiding removes them
        0
        """
        return np.argwhere(self.degrees() == 1).astype(np.int32)

    def distances(self, *, start: CellLike | None = None) -> npt.NDArray[np.int32]:
        """Breadth-first steps from ``start`` through open doors.

        Parameters
        ----------
        start : (row, col), optional
            Default: the entrance.

        Returns
        -------
        ndarray of int32, shape (rows, cols)
            -1 where unreachable.

        Examples
        --------
        >>> import trapcore as tc
        >>> tc.Maze.carve(3, 4, seed=1).distances()
        array([[0, 1, 2, 3],
               [5, 2, 3, 4],
               [4, 3, 4, 5]], dtype=int32)
        """
        shape = self._doors.shape  # not self.shape: a subclass may redefine it
        r, c = self._entrance if start is None else as_cell(start, shape, "start")
        dist: npt.NDArray[np.int32] = _solve.distances(self._doors, r * shape[1] + c)
        return dist

    def is_perfect(self) -> bool:
        """Whether the open doors form a spanning tree.

        Returns
        -------
        bool
            True when ``rows*cols - 1`` doors are open and every cell is reachable (a single
            path joins any two cells).

        Examples
        --------
        >>> import trapcore as tc
        >>> m = tc.Maze.carve(3, 4, seed=1)
        >>> m.is_perfect(), m.braid(1.0, seed=0).is_perfect()
        (True, False)
        """
        n = self._doors.size
        return self.open_doors() == n - 1 and bool((_solve.distances(self._doors, 0) >= 0).all())

    # -- solving ----------------------------------------------------------------------------

    def _ends(self, start: CellLike | None, goal: CellLike | None) -> tuple[int, int]:
        """Flat start and goal, checked against the doors themselves (a kernel indexes them)."""
        shape = self._doors.shape
        cols = shape[1]
        sr, sc = self._entrance if start is None else as_cell(start, shape, "start")
        gr, gc = self._exit if goal is None else as_cell(goal, shape, "goal")
        return sr * cols + sc, gr * cols + gc

    def solve(
        self,
        *,
        start: CellLike | None = None,
        goal: CellLike | None = None,
        method: str = "wall",
        hand: str | None = None,
    ) -> Path | None:
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
            is the unique one. :meth:`trace` also returns every move. ``"bfs"``: a shortest path.
        hand : {"left", "right"}, optional
            The wall follower's hand (default ``"right"``); only with ``method="wall"``.

        Returns
        -------
        ndarray of int32, shape (n, 2), or None
            The cells from ``start`` to ``goal`` inclusive; ``None`` when the goal cannot be
            reached.

        Raises
        ------
        TypeError, ValueError
            For a start or goal that is not a cell of the maze, an unknown method or hand, or a
            hand given with ``method="bfs"``.

        See Also
        --------
        Maze.trace : The wall follower's whole walk.
        Maze.distances : Every cell's distance.

        Examples
        --------
        >>> import trapcore as tc
        >>> m = tc.Maze.carve(3, 4, seed=1)
        >>> m.solve().tolist()
        [[0, 0], [0, 1], [0, 2], [1, 2], [1, 3], [2, 3]]
        >>> len(m.solve(method="bfs")), int(m.distances()[m.exit])  # n cells, n - 1 steps
        (6, 5)
        """
        s, g = self._ends(start, goal)
        method = as_choice(method, "method", SOLVERS)
        path: Path | None
        if method == "bfs":
            if hand is not None:
                raise ValueError(
                    f"hand={hand!r} applies to method='wall' only (the BFS has no hand)"
                )
            path = _solve.solve_bfs(self._doors, s, g)
            return path
        hand = "right" if hand is None else as_choice(hand, "hand", HANDS)
        path = _solve.solve_wall(self._doors, s, g, _HAND[hand], False)[0]
        return path

    def trace(
        self, *, start: CellLike | None = None, goal: CellLike | None = None, hand: str = "right"
    ) -> Trace:
        """The wall follower's walk: its path and every move it makes (for animation).

        Parameters
        ----------
        start, goal : (row, col), optional
            Defaults: the entrance and the exit.
        hand : {"left", "right"}
            See :meth:`solve` (``method="wall"``).

        Returns
        -------
        Trace
            ``path`` (as ``solve(method="wall")`` returns it, or ``None``) and ``moves``, every
            cell the robot stands on in order, backtracking included; draw it with
            ``to_image(path=t.path, trace=t.moves)``.

        Raises
        ------
        TypeError, ValueError
            For a start or goal that is not a cell of the maze, or an unknown hand.

        See Also
        --------
        Maze.solve : The path alone.
        Trace : What it returns.

        Examples
        --------
        >>> import trapcore as tc
        >>> m = tc.Maze.carve(3, 4, seed=1)
        >>> t = m.trace(hand="left")
        >>> t.hand, len(t.moves) >= len(t.path)
        ('left', True)
        >>> t.path.tolist() == m.solve(hand="left").tolist()
        True
        """
        s, g = self._ends(start, goal)
        hand = as_choice(hand, "hand", HANDS)
        path, moves = _solve.solve_wall(self._doors, s, g, _HAND[hand], True)
        assert moves is not None  # the kernel returns the moves when it traces
        return Trace(path, moves, hand)

    # -- braiding ---------------------------------------------------------------------------

    def braid(self, p: float = 1.0, *, seed: SeedLike = None) -> Maze:
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

        Raises
        ------
        TypeError, ValueError
            For a ``p`` that is not a number in [0, 1] or a bad seed.

        Examples
        --------
        >>> import trapcore as tc
        >>> m = tc.Maze.carve(6, 6, seed=3)
        >>> b = m.braid(0.5, seed=3)
        >>> b.open_doors() > m.open_doors(), len(b.dead_ends()) < len(m.dead_ends())
        (True, True)
        """
        if isinstance(p, (bool, np.bool_)) or not isinstance(
            p, (int, float, np.integer, np.floating)
        ):
            raise TypeError(f"p must be a number in [0, 1], got {_describe(p)}")
        fraction = float(p)
        if not 0.0 <= fraction <= 1.0:
            raise ValueError(f"p must lie in [0, 1], got {fraction}")
        gen = as_generator(seed)
        doors = np.array(self._doors)  # a writable copy for the kernel
        _carve.braid(doors, fraction, gen.bit_generator)
        return Maze._trusted(doors, self._entrance, self._exit)

    def to_text(self, *, path: RouteLike = None) -> str:
        """The maze as ``+---+`` art, one text line per wall row and per cell row.

        Parameters
        ----------
        path : (n, 2) array of (row, col), optional
            Cells marked ``o`` (e.g. from :meth:`solve`); consecutive cells must be neighbours.

        Returns
        -------
        str
            Walls are ``+``, ``---`` and ``|``; the entrance and exit are gaps. Ends with a
            newline.

        Raises
        ------
        TypeError, ValueError
            For a bad path, or a maze of more than ``LIMITS.text_cells`` cells.

        Examples
        --------
        >>> import trapcore as tc
        >>> m = tc.Maze.carve(3, 4, seed=1)
        >>> print(m.to_text(path=m.solve()), end="")
        +   +---+---+---+
        | o   o   o     |
        +---+   +   +---+
        |   |   | o   o |
        +   +   +---+   +
        |           | o |
        +---+---+---+   +
        """
        return _render.to_text(self, path=path)

    @renamed(cell="scale")
    def to_image(
        self,
        *,
        scale: int = 10,
        wall: int = 1,
        path: RouteLike = None,
        trace: RouteLike = None,
        colors: Colors | None = None,
    ) -> Image.Image:
        """The maze as a Pillow RGB image, ``cols*scale + wall`` pixels wide and
        ``rows*scale + wall`` high.

        Parameters
        ----------
        scale : int
            Pixels per cell, from one wall line to the next (a cell shows ``scale - wall`` free
            pixels); ``cell`` before 0.3, deprecated.
        wall : int
            Wall thickness in pixels, ``1 <= wall < scale``.
        path : (n, 2) array of (row, col), optional
            Drawn in colour, with the doors between its cells.
        trace : (t, 2) array of (row, col), optional
            The robot's moves (``Trace.moves`` from :meth:`trace`): visited cells are shaded, so
            the backtracked ones show beside the path.
        colors : dict, optional
            ``(r, g, b)`` triples of ints in 0..255 for ``"floor"``, ``"wall"``, ``"path"``,
            ``"trace"``.

        Returns
        -------
        PIL.Image.Image

        Raises
        ------
        TypeError, ValueError
            For bad sizes, routes or colours, or an image of more than ``LIMITS.pixels`` pixels.
        ImportError
            If Pillow is not installed (``pip install trapcore[image]``).

        Examples
        --------
        >>> import trapcore as tc
        >>> m = tc.Maze.carve(3, 4, seed=1)
        >>> im = m.to_image(scale=8, path=m.solve())
        >>> im.size, im.mode
        ((33, 25), 'RGB')
        """
        return _render.to_image(self, cell=scale, wall=wall, path=path, trace=trace, colors=colors)

    def to_networkx(self) -> Any:
        """The maze as a ``networkx.Graph``: a node per cell ``(row, col)``, an edge per open door.

        Returns
        -------
        networkx.Graph
            ``G.graph`` holds ``shape``, ``entrance`` and ``exit``; a perfect maze gives a tree.

        Raises
        ------
        ImportError
            If networkx is not installed.

        Examples
        --------
        >>> import networkx as nx
        >>> import trapcore as tc
        >>> g = tc.Maze.carve(3, 4, seed=1).to_networkx()
        >>> g.number_of_nodes(), g.number_of_edges(), nx.is_tree(g)
        (12, 11, True)
        """
        return _formats.to_networkx(self)

    @classmethod
    def from_networkx(
        cls,
        graph: Any,
        *,
        shape: Sequence[SupportsIndex] | None = None,
        entrance: CellLike | None = None,
        exit: CellLike | None = None,
    ) -> Maze:
        """The maze whose open doors are the edges of ``graph``; every other door is locked.

        Parameters
        ----------
        graph : networkx.Graph
            Nodes ``(row, col)``; each edge joins two neighbouring cells.
        shape : (rows, cols), optional
            Default: ``graph.graph["shape"]`` if set, else one more than the largest node.
        entrance, exit : (row, col), optional
            Default: ``graph.graph``'s if set, else the top-left and bottom-right cells.

        Returns
        -------
        Maze

        Raises
        ------
        TypeError, ValueError
            For a graph that is not one of neighbouring cells inside ``shape``.

        Examples
        --------
        >>> import networkx as nx
        >>> import trapcore as tc
        >>> tc.Maze.from_networkx(nx.grid_2d_graph(2, 3)).open_doors()  # every door open
        7
        >>> m = tc.Maze.carve(3, 4, seed=1)
        >>> tc.Maze.from_networkx(m.to_networkx()) == m
        True
        """
        return _formats.from_networkx(graph, shape=shape, entrance=entrance, exit=exit)

    def to_grid(self) -> npt.NDArray[np.uint8]:
        """mazelib's wall grid: ``uint8 (2*rows + 1, 2*cols + 1)``, 1 = wall, 0 = free.

        Cell ``(r, c)`` is ``grid[2r+1, 2c+1]``, the door between it and the cell below
        ``grid[2r+2, 2c+1]`` and the one to its right ``grid[2r+1, 2c+2]``; the outer wall is
        whole (mazelib keeps its start and end apart).

        Returns
        -------
        ndarray of uint8, shape (2*rows + 1, 2*cols + 1)
            1 = wall, 0 = free.

        Examples
        --------
        >>> import trapcore as tc
        >>> tc.Maze.carve(2, 3, seed=1).to_grid()
        array([[1, 1, 1, 1, 1, 1, 1],
               [1, 0, 0, 0, 1, 0, 1],
               [1, 0, 1, 0, 1, 0, 1],
               [1, 0, 1, 0, 0, 0, 1],
               [1, 1, 1, 1, 1, 1, 1]], dtype=uint8)
        """
        return _formats.to_grid(self)

    @classmethod
    def from_grid(
        cls,
        grid: npt.ArrayLike,
        *,
        entrance: CellLike | None = None,
        exit: CellLike | None = None,
    ) -> Maze:
        """The maze of a mazelib wall grid (``Maze.to_grid``'s layout; ``mazelib.Maze.grid``).

        Parameters
        ----------
        grid : array_like of 0/1 or bool, shape (2*rows + 1, 2*cols + 1)
            1 = wall. Walls are doors; the outer wall and the posts are not read.
        entrance, exit : (row, col), optional
            Cells on the outer wall (defaults: top-left, bottom-right).

        Raises
        ------
        TypeError, ValueError
            For a grid of another shape or values, or a wall where a cell is.

        Returns
        -------
        Maze
            Its open doors are the grid's free door slots; the others are locked.

        Examples
        --------
        >>> import trapcore as tc
        >>> m = tc.Maze.carve(3, 4, seed=1)
        >>> tc.Maze.from_grid(m.to_grid()) == m
        True
        """
        return _formats.from_grid(grid, entrance=entrance, exit=exit)

    @renamed(cell="scale")
    def to_svg(
        self, *, scale: int = 10, path: RouteLike = None, colors: Colors | None = None
    ) -> str:
        """The maze as an SVG picture, ``cols*scale + 2`` by ``rows*scale + 2`` units.

        Parameters
        ----------
        scale : int
            Units per cell, from one wall line to the next (2..1000); ``cell`` before 0.3,
            deprecated.
        path : (n, 2) array of (row, col), optional
            Drawn as a line through the cells' centres.
        colors : dict, optional
            ``(r, g, b)`` for ``"floor"``, ``"wall"``, ``"path"``.

        Returns
        -------
        str
            An ``<svg>`` document; walls are one ``<path>`` of merged runs.

        Raises
        ------
        TypeError, ValueError
            For a bad size, path or colour, or more than ``LIMITS.svg_cells`` cells.

        Examples
        --------
        >>> import trapcore as tc
        >>> svg = tc.Maze.carve(3, 4, seed=1).to_svg(scale=12)
        >>> svg.splitlines()[0]
        '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="38" viewBox="0 0 50 38">'
        """
        return _formats.to_svg(self, cell=scale, path=path, colors=colors)

    def __str__(self) -> str:
        """The maze as ``+---+`` text (:meth:`to_text`); past a million cells, its repr."""
        return _pictures.text(self, self.doors.size)

    def _repr_svg_(self) -> str | None:
        """Jupyter's picture of the maze (``None`` past ``RICH_CELLS``: see _repr_html_)."""
        return _pictures.maze_svg(self)

    def _repr_html_(self) -> str | None:
        """For a maze too large to draw whole in a notebook: its top-left corner, captioned."""
        return _pictures.maze_html(self)

    def _repr_png_(self) -> bytes | None:
        """PNG bytes for Jupyter (``None`` without Pillow or past ``RICH_CELLS``)."""
        return _pictures.maze_png(self)
