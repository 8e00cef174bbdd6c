"""How a :class:`~trapcore.numberlink.Puzzle` pickles, copies and compares: its ``__getstate__``,
``__setstate__`` and ``__eq__``, defined here and set on the class by
trapcore/numberlink/puzzle.py (with 0.1's and 0.2's pickles), so that the model's module stays
one concern; and the kinds of puzzle."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np

from trapcore.numberlink._grid import Grid, Table, frozen

if TYPE_CHECKING:
    from trapcore.numberlink.puzzle import Puzzle

__all__: list[str] = []

#: What a grid Puzzle pickles: grid, solution, symbols, difficulty, fill, touch (0.1: the first
#: four). Other puzzles add their graph: table, shape, cells, down lanes and kind.
_State: TypeAlias = tuple[Grid, "Grid | None", "str | None", "float | None", bool, bool]
_State01: TypeAlias = tuple[Grid, "Grid | None", "str | None", "float | None"]
#: The kinds of puzzle (``Puzzle._kind``): a grid of squares, and the builders' boards.
GRID, SQUARES, HEX, LAYERS, GRAPH = "grid", "squares", "hex", "layers", "graph"


def getstate(self: Puzzle) -> tuple[Any, ...]:
    state = (
        self._values,
        self._solution,
        self._symbols,
        self._difficulty,
        self._fill,
        self._touch,
    )
    if self._kind == GRID:
        return state
    return (*state, self._table, self._shape, self._cells, self._down, self._kind)


def setstate(self: Puzzle, state: tuple[Any, ...] | dict[str, Any]) -> None:
    # pickle and copy come here too: arrays come back writeable, so make them read-only again
    # (0.1's pickles hold four items: their puzzles keep the default rules; 0.2's Board
    # pickled its attributes as a dict)
    if isinstance(state, dict):
        state = (
            state["_values"],
            None,
            None,
            None,
            state["_fill"],
            state["_touch"],
            state["_table"],
            state["_shape"],
            state["_cells"],
            state["_down"],
            _kind_0_2(state["_shape"], state["_table"]),
        )
    if len(state) == 4:
        values, solution, self._symbols, self._difficulty = state
        self._fill, self._touch = True, True
    else:
        values, solution, self._symbols, self._difficulty, self._fill, self._touch = state[:6]
    self._values = frozen(values)
    self._solution = None if solution is None else frozen(solution)
    if len(state) > 6:
        self._graph(*state[6:])
    else:
        self._graph(None, self._values.shape, None, None, GRID)


def equal(self: Puzzle, other: object) -> bool:
    """Puzzles are equal when their kind, nodes, edges and rules are (solutions and symbols
    aside)."""
    if not isinstance(other, type(self)):
        return NotImplemented  # type: ignore[no-any-return]  # __eq__'s "not mine"
    if self._kind != other._kind or not (
        np.array_equal(self._values, other._values)
        and self._fill == other._fill
        and self._touch == other._touch
    ):
        return False
    if self._kind == GRID:
        return True
    return (
        self._shape == other._shape
        and _same(self._table, other._table)
        and _same(self._cells, other._cells)
        and _same(self._down, other._down)
    )


def _same(a: Table | None, b: Table | None) -> bool:
    if a is None or b is None:
        return a is b
    return bool(np.array_equal(a, b))


def _kind_0_2(shape: tuple[int, ...] | None, table: Table) -> str:
    """The kind of a board 0.2 pickled (its Board kept no kind): a graph, layers, hexagons (the
    table of ``hex_board`` on its shape) or squares."""
    if shape is None:
        return GRAPH
    if len(shape) == 3:
        return LAYERS
    from trapcore.numberlink.variants import hex_board  # variants imports this module

    hexes = hex_board(np.zeros(shape, np.int16))._table
    return HEX if hexes is not None and np.array_equal(hexes, table) else SQUARES
