"""The Numberlink ``Puzzle``: one model for every board, a grid's or any other.

A puzzle is a set of nodes and the edges between them; each node is empty (``0``), solid
(``-1``) or an endpoint (``k > 0``, each ``k`` on exactly two nodes). A solution joins each pair
by a simple path along edges, no two paths sharing a node; the rules say more: ``fill`` (every
non-solid node on a path) and ``touch`` (a path may run beside itself); Flow Free's rules
``fill=True, touch=True`` are the default.

``Puzzle(grid)`` is the classic puzzle: a grid of squares (an ``int16`` array), each square a
node joined to the squares beside, above and below it; its solutions are grids, solved by the
grid's sweeps (:func:`~trapcore.numberlink.solve`), and it has text formats and pictures. The
builders of ``trapcore.numberlink.variants`` (bridges, wrapping edges, warps, hexagons, layers)
and :meth:`Puzzle.from_graph` make the other puzzles: their solutions label each node (an
``int16`` (n,) array), found by the board search (``trapcore.numberlink._boards``). Both kinds are
one class with one set of methods; ``0.2``'s ``Board`` is this class (a deprecated name).
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import numpy.typing as npt

from trapcore import _pictures
from trapcore._renamed import renamed
from trapcore._validate import as_choice, frozen_copy
from trapcore.numberlink import _boards, _portfolio, deduce
from trapcore.numberlink._grid import (
    Grid,
    Table,
    Values,
    as_labels,
    as_max_nodes,
    as_puzzle_grid,
    as_rules,
    as_symbols,
    as_table,
    as_values,
    frozen,
    read_only,
)
from trapcore.numberlink.solve import (
    DEFAULT_MAX_NODES,
    Solutions,
    check,
    count,
    count_nodes,
    solve,
)

__all__ = ["Puzzle"]

#: ``Puzzle.to_grid(lane=...)``: which lane of a bridge square to show.
LANES = ("across", "down")
#: The kinds of puzzle (``Puzzle._kind``): a grid of squares, and the builders' boards.
GRID, SQUARES, HEX, LAYERS, GRAPH = "grid", "squares", "hex", "layers", "graph"


class Puzzle:
    """A Numberlink puzzle: its nodes and their edges, its rules, and its ``solution`` once known.

    ``Puzzle(grid)`` is a puzzle on a grid of squares. The other kinds come from the builders
    (:func:`~trapcore.numberlink.grid_board` with bridges, wrapping rows and warps,
    :func:`~trapcore.numberlink.hex_board`, :func:`~trapcore.numberlink.layered_board`) and from
    :meth:`from_graph`; they have the same methods, answering one label per node (``values``'
    order) where a grid puzzle answers grids. The arrays given are copied; every array handed
    out is read-only.

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint of path ``k`` (each exactly twice).
        Square ``(r, c)`` is node ``r * cols + c``.
    solution : array_like of int, optional
        A solution, checked with :func:`trapcore.numberlink.check`.
    symbols : str, optional
        The text symbol of each number (``symbols[k - 1]`` for ``k``; distinct, printable, not
        ``.``, ``#`` or a space). Puzzles read from text keep theirs, so ``to_text`` writes a
        puzzle back as it was read.
    fill : bool, default True
        The rules the puzzle is played under: every non-solid square lies on a path
        (``False``: squares may stay empty, as in Nikoli's Numberlink and janko.at's Arukone).
    touch : bool, default True
        A path may run beside itself (``False``: it may not, the no-touch rule). ``solve``,
        ``count``, ``difficulty``, the solution check and the text files use these rules.

    Raises
    ------
    TypeError, ValueError
        A malformed ``grid``, a ``solution`` that breaks a rule, or bad ``symbols``.

    See Also
    --------
    generate : Makes puzzles.
    solve : Solves a grid.
    deduce : Solves by deduction, as a person would.

    Examples
    --------
    >>> p = Puzzle([[1, 0, 1], [2, 0, 2]])
    >>> p
    <Puzzle 2x3 numbers=2>
    >>> Puzzle([[1, 0, 1], [2, 0, 2]], fill=False)
    <Puzzle 2x3 numbers=2 fill=False>
    >>> [s.tolist() for s in p.solve()]
    [[[1, 1, 1], [2, 2, 2]]]

    A ring of six nodes where path 1 may go either way round:

    >>> ring = Puzzle.from_graph([1, 0, 0, 1, 0, 0], [[1, 5], [0, 2], [1, 3], [2, 4], [3, 5],
    ...                          [4, 0]], fill=False)
    >>> ring.count()
    2
    """

    __slots__ = (
        "_values",
        "_solution",
        "_symbols",
        "_difficulty",
        "_fill",
        "_touch",
        "_table",
        "_shape",
        "_cells",
        "_down",
        "_kind",
    )
    _values: Values  # a grid puzzle's: its grid (rows, cols); else one per node (n,)
    _solution: Values | None
    _symbols: str | None
    _difficulty: float | None
    _fill: bool
    _touch: bool
    _table: Table | None  # a grid puzzle's is made when first needed
    _shape: tuple[int, ...] | None
    _cells: Table | None
    _down: Table | None
    _kind: str

    def __init__(
        self,
        grid: npt.ArrayLike,
        solution: npt.ArrayLike | None = None,
        *,
        symbols: str | None = None,
        fill: bool = True,
        touch: bool = True,
    ) -> None:
        g = as_puzzle_grid(grid)
        self._fill, self._touch = as_rules(fill, touch)
        self._solution = None
        if solution is not None:
            check(g, solution, fill=self._fill, touch=self._touch)
            self._solution = read_only(solution)
        self._values = read_only(g)
        self._symbols = as_symbols(symbols, self.numbers)
        self._difficulty = None
        self._graph(None, g.shape, None, None, GRID)

    def _graph(
        self,
        table: Table | None,
        shape: tuple[int, ...] | None,
        cells: Table | None,
        down: Table | None,
        kind: str,
    ) -> None:
        # private copies over bytes: what the kernels trust can never be made writable again
        self._table = None if table is None else frozen_copy(table)
        self._cells = None if cells is None else frozen_copy(cells)
        self._down = None if down is None else frozen_copy(down)
        self._shape, self._kind = shape, kind

    @classmethod
    def from_graph(
        cls,
        values: npt.ArrayLike,
        neighbours: npt.ArrayLike,
        *,
        fill: bool = True,
        touch: bool = True,
    ) -> Puzzle:
        """A puzzle on any graph: node values and a neighbour table (``Board(values,
        neighbours)`` before 0.3).

        Parameters
        ----------
        values : array_like of int, shape (n,)
            ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint of path ``k`` (each exactly twice).
        neighbours : array_like of int, shape (n, d)
            Each node's neighbours, ``-1`` where it has fewer than ``d`` (at most 63);
            symmetric.
        fill, touch : bool, default True
            The rules.

        Returns
        -------
        Puzzle
            A puzzle of kind graph: it has no squares (``shape`` is ``None``).

        Raises
        ------
        TypeError, ValueError
            A malformed argument, naming it.

        Examples
        --------
        A path of four nodes with its endpoints at both ends:

        >>> p = Puzzle.from_graph([1, 0, 0, 1], [[1, -1], [0, 2], [1, 3], [2, -1]])
        >>> p
        <Puzzle graph nodes=4 numbers=1>
        >>> [s.tolist() for s in p.solve()]
        [[1, 1, 1, 1]]
        """
        v = as_values(values, "values", 1)
        table = _boards.table(v.size, *as_table(neighbours, v.size))
        fill, touch = as_rules(fill, touch)
        return cls._board(v, table, fill, touch, None, None, None, GRAPH)

    @classmethod
    def _board(
        cls,
        values: Values,
        table: Table,
        fill: bool,
        touch: bool,
        shape: tuple[int, ...] | None,
        cells: Table | None,
        down: Table | None,
        kind: str,
        solution: Values | None = None,
    ) -> Puzzle:
        """A puzzle of one label per node from validated arrays (the builders, the generator)."""
        p = cls.__new__(cls)
        p._values = frozen(values)
        p._solution = None if solution is None else frozen(solution)
        p._symbols, p._difficulty, p._fill, p._touch = None, None, fill, touch
        p._graph(table, shape, cells, down, kind)
        return p

    def _with_values(self, values: Values, solution: Values | None) -> Puzzle:
        """This puzzle's graph and rules with other node values (one per node), and a solution
        (trusted)."""
        if self._kind == GRID:
            return Puzzle._trusted(
                values.reshape(self._values.shape),
                None if solution is None else solution.reshape(self._values.shape),
                fill=self._fill,
                touch=self._touch,
            )
        return Puzzle._board(
            values,
            self.neighbours,
            self._fill,
            self._touch,
            self._shape,
            self._cells,
            self._down,
            self._kind,
            solution,
        )

    @classmethod
    def _trusted(
        cls,
        grid: Grid,
        solution: Grid | None,
        *,
        symbols: str | None = None,
        difficulty: float | None = None,
        fill: bool = True,
        touch: bool = True,
    ) -> Puzzle:
        """A grid Puzzle from fresh arrays a kernel made (valid: not re-checked, and kept, made
        read-only, rather than copied)."""
        p = cls.__new__(cls)
        p.__setstate__((grid, solution, symbols, difficulty, fill, touch))
        return p

    # -- pickling and copying, and equality -------------------------------------------------
    def __getstate__(self) -> tuple[Any, ...]:
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

    def __setstate__(self, state: tuple[Any, ...] | dict[str, Any]) -> None:
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

    def __eq__(self, other: object) -> bool:
        """Puzzles are equal when their kind, nodes, edges and rules are (solutions and symbols
        aside)."""
        if not isinstance(other, type(self)):
            return NotImplemented
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

    # -- properties ------------------------------------------------------------------------
    @property
    def grid(self) -> Grid:
        """The puzzle's squares, ``int16`` of shape ``shape`` (a read-only view): a grid
        puzzle's grid; a board's node values laid on its squares (a bridge square: ``0``).

        Raises ValueError for a puzzle on a plain graph, which has no squares.
        """
        if self._kind == GRID:
            view: Grid = self._values.view()
            return view
        return self._laid(self._values, "across", "grid")

    @property
    def values(self) -> Values:
        """Node values (read-only ``int16`` (n,)): 0 empty, -1 solid, k an endpoint of path k
        (a grid puzzle's: its grid, row after row)."""
        view: Values = self._values.reshape(-1)
        return view

    @property
    def neighbours(self) -> Table:
        """The neighbour table (read-only ``int32`` (n, d), each row's -1s last)."""
        if self._table is None:  # a grid puzzle's, made when first asked for
            self._table = _boards.square_table(*self._values.shape)
        return self._table

    @property
    def cells(self) -> Table | None:
        """The node of each square (``shape``; the across lane on a bridge), or ``None`` for a
        plain graph."""
        if self._kind == GRID:
            rows, cols = self._values.shape
            cells = np.arange(rows * cols, dtype=np.int32).reshape(rows, cols)
            cells.setflags(write=False)
            return cells
        return self._cells

    @property
    def solution(self) -> Values | None:
        """A solution (read-only view: a grid puzzle's a grid, else one label per node), or
        ``None`` while unknown."""
        return None if self._solution is None else self._solution.view()

    @property
    def symbols(self) -> str | None:
        """The text symbol of each number (from ``from_text`` or ``symbols=``), or ``None``."""
        return self._symbols

    @property
    def fill(self) -> bool:
        """The rules: every non-solid square lies on a path."""
        return self._fill

    @property
    def touch(self) -> bool:
        """The rules: a path may run beside itself."""
        return self._touch

    @property
    def shape(self) -> tuple[int, ...] | None:
        """The squares' shape: ``(rows, cols)``, ``(layers, rows, cols)`` for a board of layers,
        ``None`` for a plain graph."""
        return self._shape

    @property
    def numbers(self) -> int:
        """How many paths (the largest number on the puzzle)."""
        return int(self._values.max(initial=0))

    def __len__(self) -> int:
        """The number of nodes (a grid puzzle's: its squares)."""
        return int(self._values.size)

    @property
    def difficulty(self) -> float:
        """How hard the puzzle is: the effort of proving its solution unique, per non-solid square
        (node), under the puzzle's rules.

        Under Flow Free's rules, a grid without solids that sound deduction proves unique (forced
        moves, then bounded trial; at most 10 squares looked at a square): the squares it looked
        at, per square (1 or more; the default generator's own proof). Otherwise the search's
        nodes: on a grid under the touch rules the lesser of two searches' for two solutions, the
        kernel's sweeps (``count_nodes(limit=2)``) and the board search (given at most 64 nodes a
        square), under no-touch the sweeps', plus a thousandth of the sweeps' nodes; on a board
        that is not a grid, its board search's. About 1 means no guessing; more means more (docs:
        Benchmarks, "difficulty against solving effort"). Before 0.3: the sweeps' nodes alone.

        Known for generated puzzles; otherwise computed on first access (which raises
        ``SearchLimitExceeded`` when the sweeps need more than 10**9 nodes).
        """
        if self._difficulty is None and self._kind == GRID:
            g, fill, touch = self._values, self._fill, self._touch
            score = _portfolio.deduced_difficulty(g) if fill and touch else None
            if score is None:  # not proven by deduction: the search's effort
                score = _portfolio.difficulty(g, fill, touch, self.count_nodes(limit=2))
            self._difficulty = score
        elif self._difficulty is None:
            nodes = self.count_nodes(limit=2)
            self._difficulty = round(nodes / max(1, int((self._values >= 0).sum())), 3)
        return self._difficulty

    # -- solving -----------------------------------------------------------------------------
    def solve(self, *, limit: int = 2, max_nodes: int | None = DEFAULT_MAX_NODES) -> Solutions:
        """Solve the puzzle under its rules: up to ``limit`` solutions.

        A grid puzzle, or a board of one layer that is a plain grid, is solved by
        :func:`~trapcore.numberlink.solve` (each solution a grid, or laid out node by node).
        Any other board goes to the same portfolio's board searches: each solution an ``int16``
        (n,) labelling, ``k`` on the nodes of path ``k``, ``-1`` on solids, ``0`` on unused
        nodes (only with ``fill=False``). Without ``fill``, sparse boards have a great many
        solutions (any detour is another): ask for one (``limit=1``). Sets ``solution`` when
        exactly one solution was found (with ``limit >= 2`` that proves it unique). The
        searches and their order: docs/how-it-works/numberlink.md.

        Parameters
        ----------
        limit : int, default 2
            Stop after this many solutions.
        max_nodes : int or None, default 10**9
            Search budget; ``None`` for no limit.

        Returns
        -------
        Solutions (a list of ndarray of int16)
            The solutions found, ``[]`` when there is none; ``method`` names the search that
            answered (a board's: ``"board"``, ``"router"``, ``"sat"`` or ``"colours"``; a grid's:
            as :func:`~trapcore.numberlink.solve` says).

        Raises
        ------
        TypeError, ValueError
            A bad ``limit`` or ``max_nodes``.
        trapcore.errors.SearchLimitExceeded
            The search needed more than ``max_nodes`` nodes.
        KeyboardInterrupt
            Ctrl-C stops a long search within milliseconds.

        See Also
        --------
        trapcore.numberlink.solve : The same on a grid.
        trapcore.numberlink.Puzzle.count_nodes : The search's effort on the puzzle.

        Examples
        --------
        >>> p = Puzzle.from_text("3 3\\n1..\\n..2\\n1.2")
        >>> sols = p.solve()
        >>> len(sols), sols.method
        (1, 'board')
        >>> sols[0]
        array([[1, 2, 2],
               [1, 2, 2],
               [1, 2, 2]], dtype=int16)
        >>> p.solution is not None  # unique: the puzzle keeps it
        True
        """
        if self._kind == GRID:
            sols = solve(
                self._values, fill=self._fill, touch=self._touch, limit=limit, max_nodes=max_nodes
            )
        elif (grid := self._one_layer()) is not None:  # a grid puzzle: the grid's searches
            on_grid = solve(
                grid, fill=self._fill, touch=self._touch, limit=limit, max_nodes=max_nodes
            )
            sols = _portfolio.Solutions(
                [s.ravel() for s in on_grid], on_grid.method, on_grid.nodes, on_grid.solver
            )
        else:
            limit = _boards.as_limit(limit, len(self))
            budget = as_max_nodes(max_nodes)
            sols = _boards.solve(
                self._values, self.neighbours, self._fill, self._touch, limit, budget
            )
        if len(sols) == 1:
            self._solution = read_only(sols[0])
        return sols

    def _one_layer(self) -> Values | None:
        """The grid of a board of one layer whose nodes are its squares in order, each joined
        to the squares beside, above and below it (the contest's boards of one layer), or
        ``None``: such a board is a grid puzzle, and the grid's searches are the stronger."""
        if self._shape is None or len(self._shape) != 3 or self._shape[0] != 1:
            return None
        _, rows, cols = self._shape
        if self._cells is None or not np.array_equal(self._cells.ravel(), np.arange(rows * cols)):
            return None
        table = _boards.square_table(rows, cols)
        if self.neighbours.shape != table.shape or not np.array_equal(
            np.sort(self.neighbours, axis=1), np.sort(table, axis=1)
        ):
            return None
        return self._values.reshape(rows, cols)

    def count(self, *, max_nodes: int | None = DEFAULT_MAX_NODES) -> int:
        """The exact number of solutions (sets of paths) under the puzzle's rules (a grid
        puzzle's: :func:`trapcore.numberlink.count`; a board's are enumerated).

        Parameters
        ----------
        max_nodes : int or None, default 10**9
            The search's budget (``None``: no limit).

        Returns
        -------
        int
            The number of solutions (``0`` for none).

        Raises
        ------
        SearchLimitExceeded
            The count needed more than ``max_nodes`` nodes.

        Examples
        --------
        >>> import trapcore as tc
        >>> tc.Puzzle.from_text("3 3\\n1..\\n..2\\n1.2").count()
        1
        """
        if self._kind == GRID:
            return count(self._values, fill=self._fill, touch=self._touch, max_nodes=max_nodes)
        budget = as_max_nodes(max_nodes)
        return _boards.count(self._values, self.neighbours, self._fill, self._touch, budget)

    def count_nodes(self, *, limit: int = 2, max_nodes: int | None = DEFAULT_MAX_NODES) -> int:
        """Search nodes spent looking for ``limit`` solutions under the puzzle's rules (the
        solver's effort, as :func:`trapcore.numberlink.count_nodes`; 0 when the colour count
        refutes the puzzle before any search).

        Parameters
        ----------
        limit : int, default 2
            Stop after this many solutions (2 proves a solution unique).
        max_nodes : int or None, default 10**9
            Search budget; ``None`` for no limit.

        Returns
        -------
        int
            The search nodes spent.

        Raises
        ------
        TypeError, ValueError
            A bad ``limit`` or ``max_nodes``.
        trapcore.errors.SearchLimitExceeded
            The search needed more than ``max_nodes`` nodes.

        Examples
        --------
        >>> Puzzle.from_text("3 3\\n1..\\n..2\\n1.2").count_nodes()
        13
        """
        if self._kind == GRID:
            return count_nodes(
                self._values, fill=self._fill, touch=self._touch, limit=limit, max_nodes=max_nodes
            )
        limit = _boards.as_limit(limit, len(self))
        budget = as_max_nodes(max_nodes)
        return _boards.count_nodes(
            self._values, self.neighbours, self._fill, self._touch, limit, budget
        )

    def check(self, labels: npt.ArrayLike) -> bool:
        """Check that ``labels`` (as :meth:`solve` returns: a grid puzzle's a grid) solves the
        puzzle under its rules (a grid puzzle: :func:`trapcore.numberlink.check`).

        On a board, each number's nodes must hold one path between its endpoints through all of
        them (under ``touch=False`` exactly a chain); that is decided by the solver on those
        nodes alone.

        Parameters
        ----------
        labels : array_like of int
            A grid puzzle's: a grid of its shape; a board's: one label per node.

        Returns
        -------
        bool
            ``True`` (a labelling that breaks a rule raises instead).

        Raises
        ------
        TypeError, ValueError
            A malformed ``labels``, or one that breaks a rule (naming the node).

        Examples
        --------
        >>> p = Puzzle([[1, 0, 1], [2, 0, 2]])
        >>> p.check([[1, 1, 1], [2, 2, 2]])
        True
        """
        if self._kind == GRID:
            s = as_labels(labels, len(self), self._values.shape)
            try:
                return check(self._values, s, fill=self._fill, touch=self._touch)
            except ValueError as exc:  # check() calls them "solution"; here they are labels
                raise ValueError("labels" + str(exc).removeprefix("solution")) from None
        s = as_labels(labels, len(self))
        return _boards.check(self._values, self.neighbours, self._fill, self._touch, s)

    def to_grid(self, labels: npt.ArrayLike, *, lane: str = "across") -> Values:
        """``labels`` (one per node) laid out on the puzzle's squares (shape ``shape``); on a
        bridge square, the path on its ``lane`` (``"across"`` or ``"down"``). A grid puzzle's
        labels are a grid already: they come back as they are.

        Parameters
        ----------
        labels : array_like of int
            One label per node (as :meth:`solve` returns them).
        lane : {"across", "down"}, default "across"
            Which path a bridge square shows.

        Returns
        -------
        ndarray of int16, shape ``shape``
            Read-only.

        Raises
        ------
        TypeError, ValueError
            Malformed ``labels`` or ``lane``, or a puzzle on a plain graph (it has no squares).

        Examples
        --------
        >>> from trapcore.numberlink import grid_board
        >>> b = grid_board([[0, 1, 0], [2, 0, 2], [0, 1, 0]], bridges=[(1, 1)], fill=False)
        >>> s = b.solve(limit=1)[0]
        >>> b.to_grid(s)
        array([[0, 1, 0],
               [2, 2, 2],
               [0, 1, 0]], dtype=int16)
        >>> int(b.to_grid(s, lane="down")[1, 1])  # path 1 crosses under path 2
        1
        """
        lane = as_choice(lane, "lane", LANES)
        if self._kind == GRID:
            return as_labels(labels, len(self), self._values.shape)
        return self._laid(as_labels(labels, len(self)), lane, "to_grid")

    def _laid(self, labels: Values, lane: str, caller: str) -> Values:
        if self._cells is None or self._down is None:
            raise ValueError(f"{caller}: this board is a plain graph, it has no squares")
        out: Values = labels[self._cells if lane == "across" else self._down]
        out.setflags(write=False)
        return out

    def _parity_refutes(self) -> bool:
        """With ``fill``, the colour count that no set of paths can meet (``_boards``)."""
        return _boards.parity_refutes(self.values, self.neighbours, self._fill)

    def _square_grid(self, caller: str) -> Grid:
        """The grid, for what only a grid puzzle has (text formats, pictures, calibrations)."""
        if self._kind != GRID:
            raise ValueError(
                f"{caller} needs a puzzle on a grid of squares (Puzzle(grid)), not {self!r}"
            )
        return self._values

    def __repr__(self) -> str:
        rules = ("" if self._fill else " fill=False") + ("" if self._touch else " touch=False")
        if self._kind == GRID:
            r, c = self._values.shape
            return f"<Puzzle {r}x{c} numbers={self.numbers}{rules}>"
        where = "" if self._shape is None else " " + "x".join(map(str, self._shape))
        return f"<Puzzle {self._kind}{where} nodes={len(self)} numbers={self.numbers}{rules}>"

    def __str__(self) -> str:
        """The puzzle as text (:meth:`to_text`: a ``W H`` line, then the rows); a puzzle that
        is not on a grid of squares: its repr."""
        if self._kind != GRID:
            return repr(self)
        return _pictures.text(self, int(self._values.size))

    def _repr_svg_(self) -> str | None:
        """Jupyter's picture: the grid, each number's endpoints a disc of its own colour."""
        return _pictures.puzzle_svg(self) if self._kind == GRID else None

    __hash__ = None  # type: ignore[assignment]  # mutable-looking value class: unhashable

    # -- text --------------------------------------------------------------------------------
    def to_text(self, *, style: str = "header", solution: bool = False) -> str:
        """The puzzle (or its solution) as text.

        Parameters
        ----------
        style : {"header", "flow"}
            ``"header"``: a ``W H`` line, then the rows with ``.`` empty, ``#`` solid and one
            symbol per number. ``"flow"``: square boards only, one row per line, no header, no
            solids, letters and digits only (at most 61 numbers).
        solution : bool, default False
            Write the solution (every square of path ``k`` shows ``k``'s symbol) instead.

        Returns
        -------
        str
            The text, ending with a newline.

        Raises
        ------
        ValueError
            A bad ``style``, no solution known (with ``solution=True``), or a puzzle the Flow
            style cannot hold.

        Examples
        --------
        >>> import trapcore as tc
        >>> p = tc.Puzzle([[1, 0, 1], [2, 0, 2]])
        >>> print(p.to_text(), end="")
        3 2
        1.1
        2.2
        >>> sols = p.solve()  # the solution is unique: the puzzle keeps it
        >>> print(p.to_text(solution=True), end="")
        3 2
        111
        222
        """
        from trapcore.numberlink import formats

        return formats._puzzle_text(self, style=style, solution=solution)

    @classmethod
    def from_text(cls, text: str) -> Puzzle:
        """Read the one puzzle in ``text`` (either format, see :func:`parse_puzzles`).

        Parameters
        ----------
        text : str
            One puzzle: ``W H`` then its rows (``.`` empty, ``#`` solid), or the other format.

        Returns
        -------
        Puzzle
            The puzzle, with its rules and solution when the text gives them.

        Raises
        ------
        TypeError, ValueError
            ``text`` is not a str, holds a malformed puzzle (the error gives line and column), or
            holds no puzzle or several (read several with ``parse_puzzles``).

        Examples
        --------
        >>> import trapcore as tc
        >>> tc.Puzzle.from_text("3 3\\n1..\\n..2\\n1.2").grid.tolist()
        [[1, 0, 0], [0, 0, 2], [1, 0, 2]]
        """
        from trapcore.numberlink import formats

        puzzles = list(formats.parse_puzzles(text))
        if len(puzzles) != 1:
            raise ValueError(
                f"text: expected one puzzle, found {len(puzzles)} (use "
                "trapcore.numberlink.parse_puzzles for several)"
            )
        return puzzles[0]

    @classmethod
    @renamed(path="file")
    def from_file(cls, file: str | os.PathLike[str]) -> Puzzle:
        """Read the first puzzle of the file at ``file`` (either format; ``path`` before 0.3,
        deprecated).

        Reading stops after that puzzle; ``trapcore.numberlink.read_puzzles(file)`` iterates
        over all of them.

        Parameters
        ----------
        file : str or os.PathLike
            The file to read.

        Returns
        -------
        Puzzle
            Its first puzzle.

        Raises
        ------
        TypeError
            ``file`` is not a str or path-like.
        OSError
            The file cannot be read.
        ValueError
            The first puzzle is malformed (the error gives file, line and column), or the file
            holds no puzzle.

        Examples
        --------
        >>> import os, tempfile
        >>> import trapcore as tc
        >>> file = os.path.join(tempfile.mkdtemp(), "six.txt")
        >>> tc.numberlink.write_puzzles(file, [tc.numberlink.generate(6, seed=1)])
        1
        >>> tc.Puzzle.from_file(file) == tc.numberlink.generate(6, seed=1)
        True
        """
        from trapcore.numberlink import formats

        first = next(formats.read_puzzles(file), None)
        if first is None:
            raise ValueError(f"{file}: no puzzle in this file")
        return first

    # -- deduction ---------------------------------------------------------------------------
    @property
    def grade(self) -> str:
        """The puzzle's grade by deduction: ``"forced"``, ``"regions"`` or ``"trial"``, the
        easiest grade of rules that solves it under its rules, or ``"search"`` when deduction
        stalls (see :func:`~trapcore.numberlink.deduce`; a puzzle not on a grid of squares
        raises ValueError)."""
        return deduce.deduce(self, record=False).grade

    def explain(self) -> str:
        """The puzzle solved by deduction, as a person would, one line per step.

        Returns
        -------
        str
            ``deduce(self).explain()``: the steps, then the verdict.

        See Also
        --------
        trapcore.numberlink.deduce : The deduction itself.
        grade : Its grade alone.

        Examples
        --------
        >>> from trapcore.numberlink import Puzzle
        >>> print(Puzzle([[1, 1]]).explain())
        1 at (0, 0)-(0, 1): the only way out of (0, 0)
        solved by deduction (grade 'forced'): the solution is unique
        """
        return deduce.deduce(self).explain()


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
