"""The Numberlink ``Puzzle``: a grid (copied, read-only), its rules, its solution once known.

Grids are ``int16`` arrays: ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint of path ``k`` (each
``k`` on exactly two squares). A solution joins each pair by a simple horizontal/vertical chain;
the rules say more: ``fill`` (every non-solid square on a path) and ``touch`` (a path may run
beside itself); Flow Free's rules ``fill=True, touch=True`` are the default.
"""

from __future__ import annotations

import os
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from trapcore import _pictures
from trapcore._renamed import renamed
from trapcore._validate import _describe
from trapcore.numberlink._grid import Grid, as_puzzle_grid, as_rules, frozen, read_only
from trapcore.numberlink.solve import DEFAULT_MAX_NODES, check, count, count_nodes, solve

__all__ = ["Puzzle"]

#: What a Puzzle pickles: grid, solution, symbols, difficulty, fill, touch (0.1: the first four).
_State: TypeAlias = tuple[Grid, "Grid | None", "str | None", "float | None", bool, bool]
_State01: TypeAlias = tuple[Grid, "Grid | None", "str | None", "float | None"]


def _as_symbols(symbols: object, numbers: int) -> str | None:
    """Validate ``symbols=``: a str of distinct printable characters, one per number."""
    if symbols is None:
        return None
    if not isinstance(symbols, str):
        raise TypeError(f"symbols must be a str or None, got {_describe(symbols)}")
    if len(symbols) < numbers:
        raise ValueError(
            f"symbols must have one character per number: {numbers} needed, got {len(symbols)}"
        )
    symbols = symbols[:numbers]
    for i, ch in enumerate(symbols):
        if ch in ".#" or ch.isspace() or not ch.isprintable():
            raise ValueError(
                f"symbols[{i}] = {ch!r} cannot stand for a number ('.', '#', spaces and "
                "unprintable characters are not allowed)"
            )
    if len(set(symbols)) != len(symbols):
        dup = next(ch for i, ch in enumerate(symbols) if ch in symbols[:i])
        raise ValueError(f"symbols must be distinct, {dup!r} appears more than once")
    return symbols


class Puzzle:
    """A Numberlink puzzle: its ``grid``, and its ``solution`` once known.

    The arrays given are copied; ``grid`` and ``solution`` hand out read-only views.

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint of path ``k`` (each exactly twice).
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

    Examples
    --------
    >>> p = Puzzle([[1, 0, 1], [2, 0, 2]])
    >>> p
    <Puzzle 2x3 numbers=2>
    >>> Puzzle([[1, 0, 1], [2, 0, 2]], fill=False)
    <Puzzle 2x3 numbers=2 fill=False>
    >>> [s.tolist() for s in p.solve()]
    [[[1, 1, 1], [2, 2, 2]]]
    """

    __slots__ = ("_grid", "_solution", "_symbols", "_difficulty", "_fill", "_touch")
    _grid: Grid
    _solution: Grid | None
    _symbols: str | None
    _difficulty: float | None
    _fill: bool
    _touch: bool

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
        self._grid = read_only(g)
        self._symbols = _as_symbols(symbols, self.numbers)
        self._difficulty = None

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
        """A Puzzle from fresh arrays a kernel made (valid: not re-checked, and kept, made
        read-only, rather than copied)."""
        p = cls.__new__(cls)
        p.__setstate__((grid, solution, symbols, difficulty, fill, touch))
        return p

    def __getstate__(self) -> _State:
        return (
            self._grid,
            self._solution,
            self._symbols,
            self._difficulty,
            self._fill,
            self._touch,
        )

    def __setstate__(self, state: _State | _State01) -> None:
        # pickle and copy come here too: arrays come back writeable, so make them read-only again
        # (0.1's pickles hold four items: their puzzles keep the default rules)
        if len(state) == 4:
            grid, solution, self._symbols, self._difficulty = state
            self._fill, self._touch = True, True
        else:
            grid, solution, self._symbols, self._difficulty, self._fill, self._touch = state
        self._grid = frozen(grid)
        self._solution = None if solution is None else frozen(solution)

    # -- properties ------------------------------------------------------------------------
    @property
    def grid(self) -> Grid:
        """The puzzle, ``int16 (rows, cols)``: a read-only view."""
        view: Grid = self._grid.view()
        return view

    @property
    def solution(self) -> Grid | None:
        """A solution, ``int16 (rows, cols)`` (read-only view), or ``None`` while unknown."""
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
    def shape(self) -> tuple[int, int]:
        """``(rows, cols)``."""
        return self._grid.shape

    @property
    def numbers(self) -> int:
        """How many paths (the largest number on the grid)."""
        return int(self._grid.max(initial=0))

    @property
    def difficulty(self) -> float:
        """Search effort of proving the solution unique: solver nodes per non-solid square.

        About 1 means the sweep never backtracks; more means more guessing. Known for generated
        puzzles; otherwise computed with ``count_nodes(grid, limit=2)`` under the puzzle's
        rules on first access (which raises ``SearchLimitExceeded`` past 10**9 nodes).
        """
        if self._difficulty is None:
            nodes = count_nodes(self._grid, fill=self._fill, touch=self._touch, limit=2)
            self._difficulty = round(nodes / max(1, int((self._grid >= 0).sum())), 3)
        return self._difficulty

    # -- solving -----------------------------------------------------------------------------
    def solve(self, *, limit: int = 2, max_nodes: int | None = DEFAULT_MAX_NODES) -> list[Grid]:
        """Solve the puzzle under its rules: ``trapcore.numberlink.solve(self.grid, fill=self.fill,
        touch=self.touch, limit=, max_nodes=)``.

        Sets ``solution`` when exactly one solution was found (with ``limit >= 2`` that proves it
        unique).

        Parameters
        ----------
        limit : int, default 2
            Stop after this many solutions.
        max_nodes : int or None, default 10**9
            Search budget; ``None`` for no limit.

        Returns
        -------
        list of ndarray of int16, shape (rows, cols)
            The solutions found, ``[]`` when there is none.

        Raises
        ------
        TypeError, ValueError
            A bad ``limit`` or ``max_nodes``.
        trapcore.errors.SearchLimitExceeded
            The search needed more than ``max_nodes`` nodes.
        """
        sols = solve(
            self._grid, fill=self._fill, touch=self._touch, limit=limit, max_nodes=max_nodes
        )
        if len(sols) == 1:
            self._solution = read_only(sols[0])
        return sols

    def count(self, *, max_nodes: int | None = DEFAULT_MAX_NODES) -> int:
        """The exact number of solutions under the puzzle's rules (see
        :func:`trapcore.numberlink.count`).

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
        return count(self._grid, fill=self._fill, touch=self._touch, max_nodes=max_nodes)

    def __repr__(self) -> str:
        r, c = self._grid.shape
        rules = ("" if self._fill else " fill=False") + ("" if self._touch else " touch=False")
        return f"<Puzzle {r}x{c} numbers={self.numbers}{rules}>"

    def __str__(self) -> str:
        """The puzzle as text (:meth:`to_text`: a ``W H`` line, then the rows)."""
        return _pictures.text(self, int(self._grid.size))

    def _repr_svg_(self) -> str | None:
        """Jupyter's picture: the grid, each number's endpoints a disc of its own colour."""
        return _pictures.puzzle_svg(self)

    def __eq__(self, other: object) -> bool:
        """Puzzles are equal when their grids and rules are (solutions and symbols aside)."""
        if not isinstance(other, Puzzle):
            return NotImplemented
        return (
            np.array_equal(self._grid, other._grid)
            and self._fill == other._fill
            and self._touch == other._touch
        )

    __hash__ = None  # type: ignore[assignment]  # mutable-looking value class: unhashable

    # -- text (trapcore.numberlink.formats builds Puzzles, so it is imported when used) ------
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
        >>> import trapcore as tc
        >>> tc.numberlink.write_puzzles("six.txt", [tc.numberlink.generate(6, seed=1)])
        1
        >>> tc.Puzzle.from_file("six.txt") == tc.numberlink.generate(6, seed=1)
        True
        """
        from trapcore.numberlink import formats

        first = next(formats.read_puzzles(file), None)
        if first is None:
            raise ValueError(f"{file}: no puzzle in this file")
        return first
