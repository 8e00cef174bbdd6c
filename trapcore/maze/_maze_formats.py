"""The pictures and formats of :class:`~trapcore.maze.Maze` (``to_text``, ``to_image``, ``to_svg``,
``to_grid``/``from_grid``, ``to_networkx``/``from_networkx``), defined here and set on the class by
trapcore/maze/maze.py, so that the model's module stays one concern; the work is done in
trapcore/maze/render.py and trapcore/maze/formats.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, SupportsIndex

import numpy as np
import numpy.typing as npt

from trapcore._renamed import renamed
from trapcore.maze import formats as _formats
from trapcore.maze import render as _render
from trapcore.maze._types import CellLike, Colors, RouteLike

if TYPE_CHECKING:
    from PIL import Image

    from trapcore.maze.maze import Maze

__all__: list[str] = []


def to_text(self: Maze, *, path: RouteLike = None) -> str:
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
    self: Maze,
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


def to_networkx(self: Maze) -> Any:
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


def from_networkx(
    cls: type[Maze],
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


def to_grid(self: Maze) -> npt.NDArray[np.uint8]:
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


def from_grid(
    cls: type[Maze],
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
    self: Maze, *, scale: int = 10, path: RouteLike = None, colors: Colors | None = None
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
