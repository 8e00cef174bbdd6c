"""Maze formats of the neighbours: networkx, mazelib's wall grid, maze-dataset, labmaze, SVG."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, SupportsIndex

import numpy as np
import numpy.typing as npt

from trapcore._types import Cell, CellLike, Colors, RouteLike
from trapcore._validate import _describe, as_flag, as_int, as_pair, as_size, check_array_size
from trapcore.maze._types import Doors
from trapcore.maze.doors import LOCKED, MAX_MAZE_CELLS, OPEN

if TYPE_CHECKING:
    from trapcore.maze.maze import Maze

__all__ = [
    "MAX_SVG_CELLS",
    "from_connection_list",
    "from_grid",
    "from_labmaze_text",
    "from_maze_dataset_ascii",
    "from_networkx",
    "to_connection_list",
    "to_grid",
    "to_labmaze_text",
    "to_maze_dataset_ascii",
    "to_networkx",
    "to_svg",
]

#: The largest maze ``to_svg`` draws, in cells (and the largest Jupyter shows as SVG or PNG).
MAX_SVG_CELLS = 1 << 20


def _maze_cls() -> type[Maze]:
    from trapcore.maze.maze import Maze

    return Maze


def _as_maze(maze: object) -> Maze:
    """``maze`` if it is a Maze, else TypeError (before any attribute is read)."""
    if not isinstance(maze, _maze_cls()):
        raise TypeError(f"maze must be a trapcore.Maze, got {type(maze).__name__}")
    return maze


def _doors(down: npt.NDArray[np.bool_], right: npt.NDArray[np.bool_]) -> Doors:
    """Door bits from boolean open masks (rows, cols); every door not open is locked."""
    out = np.where(down, OPEN, LOCKED) | (np.where(right, OPEN, LOCKED) << 2)
    doors: Doors = out.astype(np.uint8)
    return doors


def _ends(
    shape: tuple[int, ...], entrance: CellLike | None, exit: CellLike | None
) -> dict[str, CellLike]:
    goal = (shape[0] - 1, shape[1] - 1) if exit is None else exit
    return {"entrance": (0, 0) if entrance is None else entrance, "exit": goal}


# -- networkx ----------------------------------------------------------------------------------


def to_networkx(maze: Maze) -> Any:  # a networkx.Graph (networkx ships no types)
    """``maze`` as a ``networkx.Graph``: nodes are cells ``(row, col)``, edges the open doors;
    ``G.graph`` holds ``shape``, ``entrance`` and ``exit``. See :meth:`Maze.to_networkx`."""
    from trapcore._extras import require

    nx = require("networkx", "to_networkx")
    d = _as_maze(maze).doors
    rows, cols = d.shape
    g = nx.Graph(shape=(rows, cols), entrance=maze.entrance, exit=maze.exit)
    rr, cc = np.divmod(np.arange(rows * cols), cols)
    g.add_nodes_from(zip(rr.tolist(), cc.tolist()))
    for mask, dr, dc in (((d & 3) == OPEN, 1, 0), (((d >> 2) & 3) == OPEN, 0, 1)):
        r, c = np.nonzero(mask)
        a = list(zip(r.tolist(), c.tolist()))
        b = list(zip((r + dr).tolist(), (c + dc).tolist()))
        g.add_edges_from(zip(a, b))
    return g


def from_networkx(
    graph: Any,
    *,
    shape: Sequence[SupportsIndex] | None = None,
    entrance: CellLike | None = None,
    exit: CellLike | None = None,
) -> Maze:
    """The maze whose open doors are the edges of ``graph``; see :meth:`Maze.from_networkx`."""
    if not (hasattr(graph, "nodes") and hasattr(graph, "edges")):
        raise TypeError(f"graph must be a networkx graph, got {_describe(graph)}")
    meta = getattr(graph, "graph", {})
    nodes = list(graph.nodes)
    try:
        cells = np.array(nodes, dtype=np.int64).reshape(-1, 2)
    except (TypeError, ValueError, OverflowError):
        raise ValueError("graph nodes must be (row, col) pairs of ints") from None
    if len(cells) != len(nodes) or not all(isinstance(v, tuple) and len(v) == 2 for v in nodes[:1]):
        raise ValueError("graph nodes must be (row, col) pairs of ints")
    if shape is None:
        shape = meta.get("shape")
    if shape is None:
        if not len(cells):
            raise ValueError("graph has no nodes and no shape was given")
        shape = tuple(int(x) + 1 for x in cells.max(axis=0))
    from trapcore.maze.doors import MAX_MAZE_CELLS  # checked before the arrays are made

    rows, cols = as_size(
        *as_pair(shape, "shape", "(rows, cols)"),
        names=("shape[0]", "shape[1]"),
        max_cells=MAX_MAZE_CELLS,
    )
    if len(cells) and (
        cells.min() < 0 or (cells[:, 0] >= rows).any() or (cells[:, 1] >= cols).any()
    ):
        raise ValueError(f"graph has a node outside the {rows} x {cols} maze")
    edges = np.array(list(graph.edges), dtype=np.int64).reshape(-1, 2, 2)
    a = np.minimum(edges[:, 0], edges[:, 1]) if len(edges) else edges[:, 0]
    b = np.maximum(edges[:, 0], edges[:, 1]) if len(edges) else edges[:, 0]
    step = b - a
    down = (step[:, 0] == 1) & (step[:, 1] == 0)
    right = (step[:, 0] == 0) & (step[:, 1] == 1)
    if not (down | right).all():
        bad = edges[~(down | right)][0]
        edge = tuple(map(tuple, bad.tolist()))
        raise ValueError(f"graph edge {edge} does not join neighbouring cells")
    open_down = np.zeros((rows, cols), dtype=bool)
    open_right = np.zeros((rows, cols), dtype=bool)
    open_down[a[down, 0], a[down, 1]] = True
    open_right[a[right, 0], a[right, 1]] = True
    start = meta.get("entrance") if entrance is None else entrance
    goal = meta.get("exit") if exit is None else exit
    return _maze_cls()(_doors(open_down, open_right), **_ends((rows, cols), start, goal))


# -- mazelib's wall grid -----------------------------------------------------------------------


def to_grid(maze: Maze) -> npt.NDArray[np.uint8]:
    """mazelib's ``(2R+1) x (2C+1)`` grid, ``uint8``, 1 = wall; see :meth:`Maze.to_grid`."""
    d = _as_maze(maze).doors
    rows, cols = d.shape
    g = np.ones((2 * rows + 1, 2 * cols + 1), dtype=np.uint8)
    g[1::2, 1::2] = 0
    g[2:-1:2, 1::2] = (d[:-1] & 3) != OPEN
    g[1::2, 2:-1:2] = ((d[:, :-1] >> 2) & 3) != OPEN
    return g


def _as_wall_grid(grid: npt.ArrayLike, name: str) -> npt.NDArray[np.integer[Any]]:
    check_array_size(grid, name, max_cells=9 * MAX_MAZE_CELLS)  # (2R+1)(2C+1) <= 9 R C
    shape: tuple[int, ...] = grid.shape if isinstance(grid, np.ndarray) else ()
    if len(shape) == 2 and ((shape[0] - 1) // 2) * ((shape[1] - 1) // 2) > MAX_MAZE_CELLS:
        raise ValueError(  # on the shape, before anything is copied
            f"{name} of shape {shape} is a maze of more than the {MAX_MAZE_CELLS} cells accepted"
        )
    try:
        a = np.asarray(grid)
    except Exception as exc:  # ragged lists and the like
        raise ValueError(f"{name} must be a 2-D array, could not convert: {exc}") from None
    if a.dtype == bool:
        a = a.astype(np.uint8)
    if not np.issubdtype(a.dtype, np.integer):
        raise TypeError(
            f"{name} must be an integer or bool array of 0 (free) and 1 (wall), got dtype {a.dtype}"
        )
    if a.ndim != 2 or min(a.shape) < 3 or a.shape[0] % 2 == 0 or a.shape[1] % 2 == 0:
        raise ValueError(
            f"{name} must have shape (2*rows + 1, 2*cols + 1) with rows, cols >= 1, got {a.shape}"
        )
    if ((a != 0) & (a != 1)).any():
        raise ValueError(f"{name} must hold only 0 (free) and 1 (wall)")
    cells = a[1::2, 1::2]
    if cells.any():
        r, c = (int(x) for x in np.argwhere(cells)[0])
        raise ValueError(
            f"{name}[{2 * r + 1}, {2 * c + 1}] is a wall, but it is the cell ({r}, {c})"
        )
    return a


def from_grid(
    grid: npt.ArrayLike,
    *,
    entrance: CellLike | None = None,
    exit: CellLike | None = None,
    name: str = "grid",
) -> Maze:
    """The maze of a mazelib wall grid; see :meth:`Maze.from_grid`."""
    a = _as_wall_grid(grid, name)
    down = np.zeros(((a.shape[0] - 1) // 2, (a.shape[1] - 1) // 2), dtype=bool)
    right = np.zeros_like(down)
    down[:-1] = a[2:-1:2, 1::2] == 0
    right[:, :-1] = a[1::2, 2:-1:2] == 0
    return _maze_cls()(_doors(down, right), **_ends(down.shape, entrance, exit))


# -- maze-dataset -------------------------------------------------------------------------------


def to_connection_list(maze: Maze) -> npt.NDArray[np.bool_]:
    """maze-dataset's ``connection_list`` of a maze.

    Parameters
    ----------
    maze : Maze

    Returns
    -------
    ndarray of bool, shape (2, rows, cols)
        ``[0, r, c]``: the door Down of ``(r, c)`` is open; ``[1, r, c]``: its door Right.
        ``maze_dataset.LatticeMaze(connection_list=...)`` takes it as it is.

    See Also
    --------
    from_connection_list : The way back.
    Maze.to_networkx : A networkx graph.

    Examples
    --------
    >>> import trapcore as tc
    >>> from trapcore import maze
    >>> cl = maze.to_connection_list(tc.Maze.carve(2, 3, seed=1))
    >>> cl.shape, int(cl.sum())  # a perfect maze of 6 cells opens 5 doors
    ((2, 2, 3), 5)
    """
    d = _as_maze(maze).doors
    return np.stack([(d & 3) == OPEN, ((d >> 2) & 3) == OPEN])


def from_connection_list(
    connection_list: npt.ArrayLike,
    *,
    entrance: CellLike | None = None,
    exit: CellLike | None = None,
) -> Maze:
    """The maze of a maze-dataset ``connection_list``.

    Parameters
    ----------
    connection_list : array_like of bool, shape (2, rows, cols)
        ``[0]`` open Down, ``[1]`` open Right (``LatticeMaze.connection_list``).
    entrance, exit : (row, col), optional
        Cells on the outer wall (defaults: top-left, bottom-right).

    Returns
    -------
    Maze
        Doors not connected are locked.

    Raises
    ------
    TypeError, ValueError
        For another dtype or shape, or a connection through the outer wall.

    See Also
    --------
    to_connection_list : The way there.

    Examples
    --------
    >>> import trapcore as tc
    >>> from trapcore import maze
    >>> m = tc.Maze.carve(3, 4, seed=1)
    >>> maze.from_connection_list(maze.to_connection_list(m)) == m
    True
    """
    check_array_size(connection_list, "connection_list", max_cells=2 * MAX_MAZE_CELLS)
    a = np.asarray(connection_list)
    if a.dtype != bool and not np.issubdtype(a.dtype, np.integer):
        raise TypeError(f"connection_list must be a bool array, got dtype {a.dtype}")
    if a.ndim != 3 or a.shape[0] != 2 or 0 in a.shape:
        raise ValueError(f"connection_list must have shape (2, rows, cols), got {a.shape}")
    a = a.astype(bool)
    if a[0, -1].any() or a[1, :, -1].any():
        raise ValueError("connection_list opens a door through the outer wall")
    return _maze_cls()(_doors(a[0], a[1]), **_ends(a.shape[1:], entrance, exit))


def _char_grid(
    maze: Maze, wall: str, free: str, path: RouteLike, marks: tuple[str, str, str]
) -> npt.NDArray[np.str_]:
    g = np.where(to_grid(maze) == 1, wall, free).astype("<U1")
    if path is not None:
        from trapcore.maze.render import _as_route

        route = _as_route(path, maze.shape, "path")
        if route is not None and len(route):
            g[2 * route[:, 0] + 1, 2 * route[:, 1] + 1] = marks[2]
            mid = route[:-1] + route[1:] + 1
            g[mid[:, 0], mid[:, 1]] = marks[2]
    if marks[0]:
        (r, c), (r2, c2) = maze.entrance, maze.exit
        g[2 * r + 1, 2 * c + 1] = marks[0]
        g[2 * r2 + 1, 2 * c2 + 1] = marks[1]
    return g


def to_maze_dataset_ascii(maze: Maze, *, path: RouteLike = None, endpoints: bool = True) -> str:
    """maze-dataset's ASCII picture (``LatticeMaze.as_ascii`` / ``SolvedMaze.as_ascii``).

    Parameters
    ----------
    maze : Maze
    path : (n, 2) array of (row, col), optional
        Marked ``X``, with the doors between its cells.
    endpoints : bool
        Mark the entrance ``S`` and the exit ``E`` (on top of the path).

    Returns
    -------
    str
        ``(2*rows + 1)`` lines of ``(2*cols + 1)`` characters, ``#`` walls, no final newline.

    See Also
    --------
    from_maze_dataset_ascii : The way back.

    Examples
    --------
    >>> import trapcore as tc
    >>> from trapcore import maze
    >>> m = tc.Maze.carve(2, 3, seed=1)
    >>> print(maze.to_maze_dataset_ascii(m, path=m.solve()))
    #######
    #SXX# #
    # #X# #
    # #XXE#
    #######
    """
    endpoints = as_flag(endpoints, "endpoints")
    g = _char_grid(maze, "#", " ", path, ("S", "E", "X") if endpoints else ("", "", "X"))
    return "\n".join("".join(row) for row in g.tolist())


def _text_grid(text: object, name: str) -> npt.NDArray[np.str_]:
    if not isinstance(text, str):
        raise TypeError(f"{name} must be a str, got {_describe(text)}")
    lines = text.strip("\n").split("\n")
    if len({len(line) for line in lines}) != 1:
        raise ValueError(f"{name} must be a rectangle of characters (all lines the same length)")
    return np.array([list(line) for line in lines], dtype="<U1")


def _from_chars(g: npt.NDArray[np.str_], wall: str, marks: tuple[str, str], name: str) -> Maze:
    maze = from_grid((g == wall).astype(np.uint8), name=name)
    ends: dict[str, Cell] = {}
    for key, mark in zip(("entrance", "exit"), marks):
        found = np.argwhere(g == mark)
        if len(found) > 1:
            raise ValueError(f"{name} has {len(found)} {mark!r} marks; at most one")
        if len(found):
            r, c = (int(x) for x in found[0])
            if r % 2 == 0 or c % 2 == 0:
                raise ValueError(f"{name} has its {mark!r} mark between cells, at ({r}, {c})")
            cell = ((r - 1) // 2, (c - 1) // 2)
            if cell[0] in (0, maze.rows - 1) or cell[1] in (0, maze.cols - 1):
                ends[key] = cell
    return maze.with_openings(**ends) if ends else maze


def from_maze_dataset_ascii(text: str) -> Maze:
    """The maze of maze-dataset's ASCII picture (``LatticeMaze.as_ascii``).

    Parameters
    ----------
    text : str
        ``#`` walls; ``S`` and ``E`` become the entrance and exit when they lie on the outer wall
        (trapcore's openings must), else they are ignored (pass them to ``solve(start=,
        goal=)``); ``X`` reads as free.

    Returns
    -------
    Maze

    Raises
    ------
    TypeError, ValueError
        For text that is not a str, not a rectangle of odd sides, a wall where a cell is, or
        more than one ``S`` or ``E``.

    See Also
    --------
    to_maze_dataset_ascii : The way there.

    Examples
    --------
    >>> from trapcore import maze
    >>> m = maze.from_maze_dataset_ascii("#####\\n#S  #\\n### #\\n#E  #\\n#####")
    >>> m
    <Maze 2x2 entrance=(0, 0) exit=(1, 0)>
    >>> m.solve().tolist()
    [[0, 0], [0, 1], [1, 1], [1, 0]]
    """
    return _from_chars(_text_grid(text, "text"), "#", ("S", "E"), "text")


# -- labmaze ------------------------------------------------------------------------------------


def to_labmaze_text(maze: Maze) -> str:
    """labmaze's entity layer of a maze.

    Parameters
    ----------
    maze : Maze

    Returns
    -------
    str
        ``*`` walls, ``P`` the spawn (the entrance), ``G`` the goal (the exit), each line ending
        in a newline; ``labmaze.FixedMazeWithRandomGoals(entity_layer=...)`` takes it.

    See Also
    --------
    from_labmaze_text : The way back.

    Examples
    --------
    >>> import trapcore as tc
    >>> from trapcore import maze
    >>> print(maze.to_labmaze_text(tc.Maze.carve(2, 3, seed=1)), end="")
    *******
    *P  * *
    * * * *
    * *  G*
    *******
    """
    g = _char_grid(maze, "*", " ", None, ("P", "G", ""))
    return "".join("".join(row) + "\n" for row in g.tolist())


def from_labmaze_text(text: str) -> Maze:
    """The maze of a labmaze entity layer (``str(labmaze_maze.entity_layer)``).

    Parameters
    ----------
    text : str
        ``*`` (or ``#``) walls, cells on odd rows and columns; ``P`` and ``G`` on the outer wall
        become the entrance and exit. A free post (a room corner) adds nothing: rooms come
        back as cells joined by open doors.

    Returns
    -------
    Maze

    Raises
    ------
    TypeError, ValueError
        As for :func:`from_maze_dataset_ascii`.

    See Also
    --------
    to_labmaze_text : The way there.

    Examples
    --------
    >>> import trapcore as tc
    >>> from trapcore import maze
    >>> m = tc.Maze.carve(3, 4, seed=1)
    >>> maze.from_labmaze_text(maze.to_labmaze_text(m)) == m
    True
    """
    g = _text_grid(text, "text")
    g = np.where(np.isin(g, ["*", "#"]), "*", g)
    return _from_chars(g, "*", ("P", "G"), "text")


# -- SVG ----------------------------------------------------------------------------------------


def _runs(
    mask: npt.NDArray[np.bool_],
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Start row, start column and length of the runs of True along each row of ``mask``."""
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    edges = np.diff(padded, axis=1)
    sr, sc = np.nonzero(edges == 1)
    _, ec = np.nonzero(edges == -1)
    return sr, sc, ec - sc


def to_svg(
    maze: Maze, *, cell: int = 10, path: RouteLike = None, colors: Colors | None = None
) -> str:
    """``maze`` as SVG text; see :meth:`Maze.to_svg`."""
    from trapcore.maze.render import _PALETTE, _as_route, _walls

    rows, cols = maze.shape
    if rows * cols > MAX_SVG_CELLS:
        raise ValueError(f"to_svg draws at most {MAX_SVG_CELLS} cells, this maze has {rows * cols}")
    cell = as_int(cell, "scale", minimum=2, maximum=1000)
    route = _as_route(path, maze.shape, "path")
    palette = dict(_PALETTE)
    if colors is not None:
        from trapcore.maze.render import _as_color

        if not isinstance(colors, dict) or set(colors) - set(palette):
            raise ValueError(f"colors must be a dict with keys among {sorted(palette)}")
        palette.update({k: _as_color(v, k) for k, v in colors.items()})
    h, v, _ = _walls(maze)
    sr, sc, sl = _runs(h)
    vr, vc, vl = _runs(v.T)  # columns of the vertical walls
    fmt = "M{} {}h{}".format
    d = "".join(map(fmt, (sc * cell + 1).tolist(), (sr * cell + 1).tolist(), (sl * cell).tolist()))
    fmt = "M{} {}v{}".format
    d += "".join(map(fmt, (vr * cell + 1).tolist(), (vc * cell + 1).tolist(), (vl * cell).tolist()))
    width, height = cols * cell + 2, rows * cell + 2
    rgb = {k: "#{:02x}{:02x}{:02x}".format(*palette[k]) for k in ("floor", "wall", "path")}
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f'<rect width="{width}" height="{height}" fill="{rgb["floor"]}"/>',
    ]
    if route is not None and len(route):
        pts = " ".join(
            map(
                "{},{}".format,
                (route[:, 1] * cell + cell // 2 + 1).tolist(),
                (route[:, 0] * cell + cell // 2 + 1).tolist(),
            )
        )
        out.append(
            f'<polyline points="{pts}" fill="none" stroke="{rgb["path"]}" '
            f'stroke-width="{max(1, cell // 3)}" stroke-linecap="round" '
            'stroke-linejoin="round"/>'
        )
    out.append(
        f'<path d="{d}" stroke="{rgb["wall"]}" stroke-width="2" '
        'stroke-linecap="square" fill="none"/>'
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"
