"""Numberlink on boards of any shape: bridges, wrapping edges and warps, hexagonal cells, layers.

The builders give the variants people play, each a :class:`~trapcore.numberlink.Puzzle` whose
nodes are squares (or the two lanes of a bridge square) and whose solutions label each node:

* :func:`grid_board`: a square grid with Flow Free's **bridges** (a bridge square carries one path
  across and another down: two nodes), **wrapping** rows or columns and **warps** (extra edges
  between two squares);
* :func:`hex_board`: **hexagonal cells** in even-r offset rows (the cat's board layout);
* :func:`layered_board`: **several layers**, joined square by square (the DA Symposium contest
  from 2017) or only through **vias** (columns of squares across layers, the 2016 contest).

The rules are the grid's: ``fill`` (every non-solid node lies on a path) and ``touch``
(``False``: no node of a path has a neighbour on the same path other than its two path
neighbours). The searches run in ``trapcore.numberlink._graph`` without the GIL (called by
``trapcore.numberlink._boards``); this module validates first. ``Board``, 0.2's class of these
boards, is now ``Puzzle`` (the name still works, with a DeprecationWarning, until 0.4).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from trapcore._renamed import module_getattr
from trapcore._validate import _describe, as_choice, as_int
from trapcore.numberlink._boards import ROUTE_WORK as ROUTE_WORK  # here in 0.2
from trapcore.numberlink._boards import undirected
from trapcore.numberlink._grid import as_puzzle_grid, as_rules, as_values
from trapcore.numberlink.puzzle import HEX, LAYERS, SQUARES, Puzzle
from trapcore.numberlink.puzzle import LANES as LANES  # here in 0.2

__all__ = ["grid_board", "hex_board", "layered_board"]

#: ``grid_board(wrap=...)``: which sides join (``None``: none).
WRAPS = ("rows", "cols", "both")


def _squares(value: object, shape: tuple[int, ...], name: str) -> list[tuple[int, ...]]:
    """Squares given as a bool mask of ``shape`` or an iterable of index tuples."""
    if isinstance(value, np.ndarray) and value.dtype == np.bool_:
        if value.shape != shape:
            raise ValueError(f"{name} mask must have shape {shape}, got {value.shape}")
        return [tuple(int(i) for i in p) for p in np.argwhere(value)]
    if not isinstance(value, Iterable) or isinstance(value, (str, bytes)):
        raise TypeError(
            f"{name} must be a bool array or an iterable of squares, got {_describe(value)}"
        )
    out = []
    for p in value:
        q = tuple(p) if isinstance(p, Iterable) and not isinstance(p, (str, bytes)) else None
        if q is None or len(q) != len(shape):
            raise ValueError(f"{name}: {p!r} is not a square of {len(shape)} coordinates")
        idx = tuple(as_int(x, name) for x in q)
        if not all(0 <= x < s for x, s in zip(idx, shape, strict=True)):
            raise ValueError(f"{name}: square {idx} is off the board of shape {shape}")
        out.append(idx)
    return out


def grid_board(
    grid: npt.ArrayLike,
    *,
    bridges: object = None,
    wrap: str | None = None,
    warps: Iterable[object] = (),
    fill: bool = True,
    touch: bool = True,
) -> Puzzle:
    """A square grid (as for :class:`~trapcore.numberlink.Puzzle`) with Flow Free's variants.

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint. Square ``(r, c)`` is node
        ``r * cols + c``.
    bridges : bool array (rows, cols) or iterable of (row, col), optional
        Empty squares that are bridges: one path may cross it left to right (the node of the
        square) and another top to bottom (node ``rows * cols + i`` for the ``i``-th bridge in
        row order). Paths cannot turn on a bridge.
    wrap : {"rows", "cols", "both"}, optional
        Each row's first and last squares are neighbours (``"rows"``), each column's top and
        bottom (``"cols"``), or both (a torus).
    warps : iterable of ((r1, c1), (r2, c2))
        Extra neighbour pairs (Flow Free's warps: a path leaving one square enters the other).
    fill, touch : bool, default True
        The rules.

    Returns
    -------
    Puzzle
        The board, of shape ``(rows, cols)``; its solutions label each node (see
        :meth:`Puzzle.to_grid`).

    See Also
    --------
    hex_board : Hexagons.
    layered_board : Layers and bridges.

    Examples
    --------
    Path 1 runs across the bridge in the middle while path 2 runs down through it:

    >>> b = grid_board([[0, 2, 0], [1, 0, 1], [0, 2, 0]], bridges=[(1, 1)], fill=False)
    >>> b
    <Puzzle squares 3x3 nodes=10 numbers=2 fill=False>
    >>> (sol,) = b.solve()
    >>> b.to_grid(sol).tolist(), b.to_grid(sol, lane="down")[:, 1].tolist()
    ([[0, 2, 0], [1, 1, 1], [0, 2, 0]], [2, 2, 2])
    """
    g = as_puzzle_grid(grid)
    fill, touch = as_rules(fill, touch)
    rows, cols = g.shape
    if wrap is not None:
        wrap = as_choice(wrap, "wrap", WRAPS)
    base = np.arange(rows * cols, dtype=np.int32).reshape(rows, cols)
    down = base.copy()
    if bridges is not None:
        squares = _squares(bridges, (rows, cols), "bridges")
        for r, c in sorted(set(squares)):
            if g[r, c] != 0:
                raise ValueError(f"bridges: square {(r, c)} is not empty (a bridge holds no end)")
        for i, (r, c) in enumerate(sorted(set(squares))):
            down[r, c] = rows * cols + i
    n = int(down.max()) + 1
    a = [base[:, :-1], down[:-1, :]]
    b = [base[:, 1:], down[1:, :]]
    if wrap in ("rows", "both") and cols > 2:
        a.append(base[:, -1])
        b.append(base[:, 0])
    if wrap in ("cols", "both") and rows > 2:
        a.append(down[-1, :])
        b.append(down[0, :])
    items: object = () if warps is None else warps
    if isinstance(items, (str, bytes, bytearray)) or not isinstance(items, Iterable):
        raise TypeError(f"warps must be an iterable of square pairs, got {_describe(items)}")
    for i, pair in enumerate(items):
        ends = _squares(pair, (rows, cols), f"warps[{i}]")
        if len(ends) != 2 or ends[0] == ends[1]:
            raise ValueError(f"warps[{i}] must be two different squares, got {pair!r}")
        for r, c in ends:
            if down[r, c] != base[r, c]:
                raise ValueError(f"warps[{i}]: square {(r, c)} is a bridge")
        a.append(np.array([base[ends[0]]]))
        b.append(np.array([base[ends[1]]]))
    table = undirected(
        n, np.concatenate([x.ravel() for x in a]), np.concatenate([x.ravel() for x in b])
    )
    values = np.zeros(n, np.int16)
    values[: rows * cols] = g.ravel()
    return Puzzle._board(values, table, fill, touch, (rows, cols), base, down, SQUARES)


def hex_board(grid: npt.ArrayLike, *, fill: bool = True, touch: bool = True) -> Puzzle:
    """Hexagonal cells in even-r offset rows (even rows shifted half a cell right, as the cat's
    board): ``(r, c)`` (node ``r * cols + c``) borders ``(r, c +- 1)`` and, on the rows above
    and below, columns ``c`` and ``c + 1`` (even ``r``) or ``c - 1`` and ``c`` (odd ``r``).

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint.
    fill, touch : bool, default True
        The rules.

    Returns
    -------
    Puzzle
        The board, of shape ``(rows, cols)``.

    Raises
    ------
    TypeError, ValueError
        A bad grid (named in the message).

    See Also
    --------
    grid_board : Squares.
    layered_board : Layers and bridges.

    Examples
    --------
    >>> import trapcore as tc
    >>> board = tc.numberlink.hex_board([[1, 0, 1], [2, 0, 2]])
    >>> board.to_grid(board.solve()[0]).tolist()
    [[1, 1, 1], [2, 2, 2]]
    """
    g = as_puzzle_grid(grid)
    fill, touch = as_rules(fill, touch)
    rows, cols = g.shape
    base = np.arange(rows * cols, dtype=np.int32).reshape(rows, cols)
    a = [base[:, :-1], base[:-1, :]]
    b = [base[:, 1:], base[1:, :]]
    even = base[0:-1:2, :-1]  # even rows r < rows - 1: (r, c) - (r + 1, c + 1)
    a.append(even)
    b.append(base[1::2, 1:][: even.shape[0]])
    odd = base[1:-1:2, 1:]  # odd rows r < rows - 1: (r, c) - (r + 1, c - 1)
    a.append(odd)
    b.append(base[2::2, :-1][: odd.shape[0]])
    table = undirected(
        rows * cols, np.concatenate([x.ravel() for x in a]), np.concatenate([x.ravel() for x in b])
    )
    return Puzzle._board(g.ravel(), table, fill, touch, (rows, cols), base, base, HEX)


def layered_board(
    grid: npt.ArrayLike,
    *,
    vias: Iterable[Iterable[object]] | None = None,
    fill: bool = False,
    touch: bool = True,
) -> Puzzle:
    """Several layers of squares, ``grid[z, r, c]`` (node ``(z * rows + r) * cols + c``).

    Parameters
    ----------
    grid : array_like of int, shape (layers, rows, cols)
        As for a grid, layer by layer.
    vias : iterable of vias, optional
        ``None``: every square also borders the same square on the layers above and below (the
        DA Symposium contest's rules from 2017). Given: layers meet only at vias, each an
        iterable of ``(z, r, c)`` squares with the same ``(r, c)`` on consecutive layers, which
        are joined to each other (the 2016 contest). Via squares must be empty.
    fill : bool, default False
        The contest does not ask for every square to be used.
    touch : bool, default True
        The rules.

    Returns
    -------
    Puzzle
        The board, of shape ``(layers, rows, cols)``.

    See Also
    --------
    grid_board : Squares.
    hex_board : Hexagons.

    Examples
    --------
    Path 2 walls path 1 off on the top layer; path 1 goes round on the layer below:

    >>> from trapcore.numberlink import layered_board
    >>> b = layered_board([[[1, 2, 1], [0, 2, 0]], [[0, 0, 0], [0, 0, 0]]])
    >>> b
    <Puzzle layers 2x2x3 nodes=12 numbers=2 fill=False>
    >>> b.solve(limit=1)[0].tolist()
    [1, 2, 1, 0, 2, 0, 1, 1, 1, 0, 0, 0]
    """
    g = as_values(grid, "grid", 3)
    fill, touch = as_rules(fill, touch)
    layers, rows, cols = g.shape
    base = np.arange(g.size, dtype=np.int32).reshape(g.shape)
    a = [base[:, :, :-1], base[:, :-1, :]]
    b = [base[:, :, 1:], base[:, 1:, :]]
    if vias is None:
        a.append(base[:-1])
        b.append(base[1:])
    else:
        seen: set[tuple[int, ...]] = set()
        for i, via in enumerate(vias):
            squares = sorted(_squares(via, g.shape, f"vias[{i}]"))
            zs = [z for z, _, _ in squares]
            if (
                len(squares) < 2
                or len({(r, c) for _, r, c in squares}) != 1
                or zs != list(range(zs[0], zs[0] + len(zs)))
            ):
                raise ValueError(
                    f"vias[{i}] must be squares with one (r, c) on consecutive layers, got "
                    f"{squares}"
                )
            for p in squares:
                if g[p] != 0 or p in seen:
                    raise ValueError(f"vias[{i}]: square {p} is not empty or in another via")
                seen.add(p)
            nodes = [int(base[p]) for p in squares]
            a.append(np.array(nodes[:-1]))
            b.append(np.array(nodes[1:]))
    table = undirected(
        g.size, np.concatenate([x.ravel() for x in a]), np.concatenate([x.ravel() for x in b])
    )
    return Puzzle._board(g.ravel(), table, fill, touch, g.shape, base, base, LAYERS)


class _BoardType(type):
    """``isinstance(p, Board)`` is ``isinstance(p, Puzzle)``: every puzzle is a board."""

    def __instancecheck__(cls, obj: object) -> bool:
        return isinstance(obj, Puzzle)

    def __subclasscheck__(cls, sub: type) -> bool:
        return issubclass(sub, Puzzle)


class _Board(metaclass=_BoardType):
    """0.2's class of boards, now :class:`~trapcore.numberlink.Puzzle`: ``Board(values,
    neighbours)`` is ``Puzzle.from_graph(values, neighbours)`` (deprecated, goes in 0.4)."""

    def __new__(  # type: ignore[misc]
        cls,
        values: npt.ArrayLike | None = None,
        neighbours: npt.ArrayLike | None = None,
        *,
        fill: bool = True,
        touch: bool = True,
    ) -> Puzzle:
        if values is None and neighbours is None:  # unpickling 0.2's Board: a Puzzle's state
            return Puzzle.__new__(Puzzle)
        if values is None or neighbours is None:
            raise TypeError("Board() takes values and neighbours (Puzzle.from_graph)")
        return Puzzle.from_graph(values, neighbours, fill=fill, touch=touch)


_Board.__name__ = _Board.__qualname__ = "Board"
__getattr__ = module_getattr(__name__, {"Board": "Puzzle"}, globals(), {"Board": _Board})
