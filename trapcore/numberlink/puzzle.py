"""Numberlink (Arukone, Flow): the ``Puzzle`` class, text formats, ``generate``, ``solve``, ``check``.

Grids are ``int16`` arrays: ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint of path ``k`` (each
``k`` on exactly two squares). A solution fills every non-solid square; each path is a simple
horizontal/vertical chain between its two endpoints that never touches itself (no square of a
path has a same-number neighbour other than its path neighbours; an endpoint has exactly one).

This module validates and converts; the search and the generator run in
``trapcore._native.numberlink`` without the GIL.
"""
from __future__ import annotations

import os
import re
import string
from typing import Iterator

import numpy as np

from trapcore._native import numberlink as _native
from trapcore._validate import _describe, as_generator, as_grid, as_int, as_size

__all__ = [
    "Puzzle",
    "generate",
    "solve",
    "check",
    "count_nodes",
    "SearchLimitExceeded",
    "SYMBOLS",
    "DIFFICULTY_LEVELS",
    "MAX_GENERATE_CELLS",
    "MAX_SOLVE_CELLS",
]

#: Symbols used by ``to_text`` for numbers 1, 2, 3, ... (digits, then letters, then punctuation).
SYMBOLS = (
    "123456789"
    + string.ascii_uppercase
    + string.ascii_lowercase
    + "".join(ch for ch in string.punctuation if ch not in ".#")
)
_FLOW_SYMBOLS = SYMBOLS[: 9 + 26 + 26]

#: ``generate(difficulty=...)`` levels: ranges of ``Puzzle.difficulty`` (solver nodes per square).
DIFFICULTY_LEVELS = {"easy": (0.0, 2.0), "medium": (2.0, 6.0), "hard": (6.0, float("inf"))}

_DEFAULT_MAX_NODES = 10**9
#: The largest board ``generate`` accepts (70 x 70): larger unique puzzles take too long to prove.
MAX_GENERATE_CELLS = 4900
#: The largest board ``solve`` and ``check`` accept.
MAX_SOLVE_CELLS = 1 << 22
_INT64_MAX = 2**63 - 1
_HEADER = re.compile(r"^\s*(\d+)\s+(\d+)\s*$")


class SearchLimitExceeded(RuntimeError):
    """The solver needed more search nodes than its ``max_nodes`` budget allowed."""


# ---------------------------------------------------------------------------------------------
# validation helpers


def _as_puzzle_grid(grid, name: str = "grid") -> np.ndarray:
    """Validate a puzzle grid: int16-compatible, 2-D, values >= -1, each number exactly twice."""
    g = as_grid(grid, name, np.int16, values=(-1, np.iinfo(np.int16).max),
                max_cells=MAX_SOLVE_CELLS)
    counts = np.bincount(g[g > 0].ravel(), minlength=1)
    bad = np.flatnonzero((counts != 0) & (counts != 2))
    if bad.size:
        k = int(bad[0])
        where = [tuple(int(i) for i in rc) for rc in np.argwhere(g == k)[:3]]
        raise ValueError(
            f"{name}: number {k} must have exactly two endpoints, got {int(counts[k])} "
            f"at (row, col) = {', '.join(map(str, where))}"
        )
    return g


def _as_max_nodes(max_nodes) -> int:
    if max_nodes is None:
        return _INT64_MAX
    return as_int(max_nodes, "max_nodes", minimum=1, maximum=_INT64_MAX)


# ---------------------------------------------------------------------------------------------
# solving and checking


def _search(g: np.ndarray, limit: int, max_nodes: int):
    sols, nodes, complete = _native.solve(g, limit, max_nodes)
    if not complete:
        raise SearchLimitExceeded(
            f"solve: the search needed more than max_nodes={max_nodes} nodes on this "
            f"{g.shape[0]} x {g.shape[1]} grid; raise max_nodes (or pass max_nodes=None)"
        )
    return sols, nodes


def solve(grid, limit: int = 2, *, max_nodes: int | None = _DEFAULT_MAX_NODES) -> list[np.ndarray]:
    """Solve a Numberlink grid: return up to ``limit`` solutions.

    The search is complete, so ``len(solve(g, limit=2)) == 1`` proves the solution unique, and
    ``[]`` proves there is none.

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint of path ``k`` (each exactly twice).
    limit : int, default 2
        Stop after this many solutions (1 to 100000).
    max_nodes : int or None, default 10**9
        Search budget in nodes (one node = one square given a pipe shape); ``None`` for no limit.

    Returns
    -------
    list of ndarray of int16, shape (rows, cols)
        Each solution: the path number on every non-solid square, ``-1`` on solids.

    Raises
    ------
    TypeError, ValueError
        A malformed ``grid`` (wrong dtype or ndim, values below -1, a number without exactly
        two endpoints) or a bad ``limit`` / ``max_nodes``.
    SearchLimitExceeded
        The search needed more than ``max_nodes`` nodes.
    KeyboardInterrupt
        Ctrl-C stops a long search (checked every few million nodes).
    """
    g = _as_puzzle_grid(grid)
    limit = as_int(limit, "limit", minimum=1, maximum=100_000)
    if limit * g.size > 1 << 24:
        raise ValueError(f"limit={limit} solutions of {g.size} squares would need too much memory")
    sols, _ = _search(g, limit, _as_max_nodes(max_nodes))
    return list(sols)


def count_nodes(grid, limit: int = 2, *, max_nodes: int | None = _DEFAULT_MAX_NODES) -> int:
    """Search nodes the solver spends on ``grid`` with this ``limit`` (its effort, for difficulty)."""
    g = _as_puzzle_grid(grid)
    limit = as_int(limit, "limit", minimum=1, maximum=100_000)
    return int(_search(g, limit, _as_max_nodes(max_nodes))[1])


def check(grid, solution) -> bool:
    """Check that ``solution`` solves ``grid`` under the fill and no-touch rules.

    Returns
    -------
    True

    Raises
    ------
    TypeError, ValueError
        A malformed argument, or (ValueError) the first rule that fails, saying where.
    """
    g = _as_puzzle_grid(grid, "grid")
    s = as_grid(solution, "solution", np.int16, values=(-1, np.iinfo(np.int16).max))
    if s.shape != g.shape:
        raise ValueError(f"solution has shape {s.shape}, but grid has shape {g.shape}")

    def at(mask) -> tuple[int, int]:
        return tuple(int(i) for i in np.argwhere(mask)[0])

    if (m := (g == -1) != (s == -1)).any():
        raise ValueError(f"solution: solids must be exactly the grid's solids, not at {at(m)}")
    if (m := (s == 0)).any():
        raise ValueError(f"solution: every non-solid square must be filled, {at(m)} is empty")
    if (m := (g > 0) & (s != g)).any():
        r, c = at(m)
        raise ValueError(
            f"solution: endpoint {int(g[r, c])} at {(r, c)} is covered by path {int(s[r, c])}"
        )
    numbers = set(np.unique(g[g > 0]).tolist())
    if (m := (s > 0) & ~np.isin(s, list(numbers))).any():
        r, c = at(m)
        raise ValueError(f"solution: path {int(s[r, c])} at {(r, c)} has no endpoints in grid")
    # same-number neighbours of every square
    same = np.zeros(s.shape, np.int8)
    eq_h = (s[:, 1:] == s[:, :-1]) & (s[:, 1:] > 0)
    eq_v = (s[1:, :] == s[:-1, :]) & (s[1:, :] > 0)
    same[:, 1:] += eq_h
    same[:, :-1] += eq_h
    same[1:, :] += eq_v
    same[:-1, :] += eq_v
    if (m := (g > 0) & (same != 1)).any():
        r, c = at(m)
        raise ValueError(
            f"solution: endpoint {int(g[r, c])} at {(r, c)} has {int(same[r, c])} neighbours of "
            "its own number, expected exactly 1"
        )
    if (m := (g == 0) & (s > 0) & (same != 2)).any():
        r, c = at(m)
        what = "a dead end" if same[r, c] < 2 else "touching its own path"
        raise ValueError(
            f"solution: square {(r, c)} of path {int(s[r, c])} has {int(same[r, c])} neighbours "
            f"of its own number ({what}), expected exactly 2"
        )
    comp = _native.components(s)
    # each path must be one region: count the distinct (path, region) pairs per path
    filled = s > 0
    pairs = np.unique(s[filled].astype(np.int64) << 32 | comp[filled].astype(np.int64))
    per_path = np.bincount(pairs >> 32)
    if (split := np.flatnonzero(per_path > 1)).size:
        k = int(split[0])
        ends = comp[(g == k)]
        r, c = at((s == k) & ~np.isin(comp, ends))
        raise ValueError(
            f"solution: path {k} is not one chain: {(r, c)} is cut off from its endpoints"
        )
    return True


# ---------------------------------------------------------------------------------------------
# the Puzzle class and text formats


_EXTRA_SYMBOLS: list[str] = []


def _symbols_for(n: int, style: str) -> str:
    """Symbols for numbers 1..n: SYMBOLS, then (header style only) Unicode letters."""
    if style == "flow":
        if n > len(_FLOW_SYMBOLS):
            raise ValueError(
                f"to_text: {n} numbers need more symbols than the {len(_FLOW_SYMBOLS)} letters "
                "and digits of style 'flow'"
            )
        return _FLOW_SYMBOLS[:n]
    if n <= len(SYMBOLS):
        return SYMBOLS[:n]
    if len(SYMBOLS) + len(_EXTRA_SYMBOLS) < n:
        import unicodedata

        code = 0xC0 if not _EXTRA_SYMBOLS else ord(_EXTRA_SYMBOLS[-1]) + 1
        while len(SYMBOLS) + len(_EXTRA_SYMBOLS) < n and code < 0x30000:
            ch = chr(code)
            if unicodedata.category(ch) in ("Lu", "Ll", "Lo") and ch.isprintable():
                _EXTRA_SYMBOLS.append(ch)
            code += 1
    return (SYMBOLS + "".join(_EXTRA_SYMBOLS))[:n]


class Puzzle:
    """A Numberlink puzzle: its ``grid``, and its ``solution`` once known.

    Parameters
    ----------
    grid : array_like of int, shape (rows, cols)
        ``0`` empty, ``-1`` solid, ``k > 0`` an endpoint of path ``k`` (each exactly twice).
    solution : array_like of int, optional
        A solution (checked with :func:`check`).
    symbols : str, optional
        The text symbol of each number (``symbols[k - 1]`` for ``k``), kept from ``from_text``
        so ``to_text`` writes the puzzle back as it was read.
    difficulty : float, optional
        Known difficulty score (else computed on first access).
    """

    def __init__(self, grid, solution=None, *, symbols: str | None = None,
                 difficulty: float | None = None):
        self.grid = _as_puzzle_grid(grid)
        self.solution = None
        if solution is not None:
            check(self.grid, solution)
            self.solution = np.ascontiguousarray(solution, dtype=np.int16)
        self.symbols = symbols
        self._difficulty = difficulty

    # -- properties ------------------------------------------------------------------------
    @property
    def shape(self) -> tuple[int, int]:
        return self.grid.shape

    @property
    def numbers(self) -> int:
        """How many paths (the largest number on the grid)."""
        return int(self.grid.max(initial=0))

    @property
    def difficulty(self) -> float:
        """Search effort of proving the solution unique: solver nodes per non-solid square.

        About 1 means the sweep never backtracks; more means more guessing. Computed with
        ``solve(limit=2)`` on first access (and known already for generated puzzles).
        """
        if self._difficulty is None:
            nodes = count_nodes(self.grid, 2)
            self._difficulty = round(nodes / max(1, int((self.grid >= 0).sum())), 3)
        return self._difficulty

    def solve(self, limit: int = 2, **kwargs) -> list[np.ndarray]:
        """``solve(self.grid, limit, **kwargs)``; sets ``solution`` when exactly one was found
        (with ``limit >= 2`` that proves it unique)."""
        sols = solve(self.grid, limit, **kwargs)
        if len(sols) == 1:
            self.solution = sols[0]
        return sols

    def __repr__(self) -> str:
        r, c = self.grid.shape
        return f"Puzzle({r}x{c}, {self.numbers} numbers, solved={self.solution is not None})"

    def __eq__(self, other) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        return np.array_equal(self.grid, other.grid)

    __hash__ = None

    # -- text --------------------------------------------------------------------------------
    def to_text(self, style: str = "header", *, solution: bool = False) -> str:
        """The puzzle (or its solution) as text.

        Parameters
        ----------
        style : {"header", "flow"}
            ``"header"``: a ``W H`` line, then the rows with ``.`` empty, ``#`` solid and one
            symbol per number. ``"flow"``: square boards only, one row per line, no header, no
            solids, letters and digits only.
        solution : bool
            Write the solution (every square of path ``k`` shows ``k``'s symbol) instead.
        """
        if style not in ("header", "flow"):
            raise ValueError(f"style must be one of ['flow', 'header'], got {style!r}")
        if solution and self.solution is None:
            raise ValueError("to_text: this puzzle has no solution yet (call solve() first)")
        g = self.solution if solution else self.grid
        rows, cols = g.shape
        syms = self.symbols
        if syms is None or (style == "flow" and not all(ch.isalnum() for ch in syms)):
            syms = _symbols_for(self.numbers, style)
        if style == "flow":
            if rows != cols:
                raise ValueError(f"to_text: style 'flow' needs a square board, not {rows} x {cols}")
            if (g == -1).any():
                raise ValueError("to_text: style 'flow' cannot show solid squares")
        table = np.array(["#", "."] + list(syms), dtype=object)
        lines = ["".join(row) for row in table[g.astype(np.int64) + 1]]
        if style == "header":
            lines.insert(0, f"{cols} {rows}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> "Puzzle":
        """Read one puzzle from text in either format (see :meth:`parse`)."""
        puzzles = list(cls.parse(text))
        if len(puzzles) != 1:
            raise ValueError(
                f"text: expected one puzzle, found {len(puzzles)} (use Puzzle.parse for several)"
            )
        return puzzles[0]

    @classmethod
    def from_file(cls, path) -> Iterator["Puzzle"]:
        """Yield every puzzle in the file at ``path`` (either format, see :meth:`parse`)."""
        if not isinstance(path, (str, bytes, os.PathLike)):
            raise TypeError(f"path must be a str or os.PathLike, got {_describe(path)}")
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        yield from cls.parse(text, source=os.fspath(path))

    @classmethod
    def parse(cls, text: str, *, source: str = "text") -> Iterator["Puzzle"]:
        """Yield every puzzle in ``text``.

        Two formats are recognised by the first line that is not blank or a comment:

        * ``W H`` header: then exactly H rows of W characters: ``.`` empty, ``#`` solid, any other
          printable character (not a space) an endpoint. Puzzles are separated by blank lines;
          lines starting with ``#`` before a header are comments; ``0 0`` ends the text.
        * Flow style: one row per line, square boards, no header: any letter or digit is an
          endpoint, any other character empty. Blank lines separate puzzles.

        Errors (unknown characters, ragged rows, numbers without exactly two endpoints, a bad
        header) are ``ValueError`` naming the line and column (both from 1).
        """
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {_describe(text)}")
        lines = text.splitlines()
        i, n = 0, len(lines)
        header_style = None
        while i < n:
            line = lines[i]
            if not line.strip() or (header_style is not False and line.lstrip().startswith("#")
                                    and not _HEADER.match(line)):
                i += 1
                continue
            m = _HEADER.match(line)
            if header_style is None:
                header_style = m is not None
            if header_style:
                if not m:
                    raise ValueError(
                        f"{source}: line {i + 1}, column 1: expected a 'W H' header, got {line!r}"
                    )
                w, h = int(m.group(1)), int(m.group(2))
                if w == 0 and h == 0:
                    return
                if w < 1 or h < 1:
                    raise ValueError(f"{source}: line {i + 1}, column 1: bad size {w} x {h}")
                rows = lines[i + 1: i + 1 + h]
                if len(rows) < h:
                    raise ValueError(
                        f"{source}: line {n + 1}, column 1: the text ends after {len(rows)} of "
                        f"the {h} rows announced on line {i + 1}"
                    )
                yield _parse_rows(rows, i + 1, w, "header", source)
                i += 1 + h
            else:
                j = i
                while j < n and lines[j].strip():
                    j += 1
                rows = [ln.rstrip("\r\n") for ln in lines[i:j]]
                puzzle = _parse_rows(rows, i, len(rows[0]), "flow", source)
                if len(rows) != len(rows[0]):
                    raise ValueError(
                        f"{source}: line {j}, column 1: a flow-style board must be square, this "
                        f"one has {len(rows)} rows of {len(rows[0])} squares"
                    )
                yield puzzle
                i = j


def _parse_rows(rows: list[str], first: int, width: int, style: str, source: str) -> Puzzle:
    """Parse board rows (the first on line ``first + 1``) into a Puzzle (a Python loop over text
    characters: parsing text is the one place where trapcore/ walks squares)."""
    h = len(rows)
    grid = np.zeros((h, width), np.int16)
    symbols: dict[str, int] = {}
    seen: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        line_no = first + r + 1
        if style == "header":
            row = row.rstrip()
            if len(row) != width:
                raise ValueError(
                    f"{source}: line {line_no}, column {min(len(row), width) + 1}: row has "
                    f"{len(row)} squares, expected {width}"
                )
        elif len(row) != width:
            raise ValueError(
                f"{source}: line {line_no}, column {min(len(row), width) + 1}: row has "
                f"{len(row)} squares, expected {width} like the first row"
            )
        for c, ch in enumerate(row):
            if style == "header":
                if ch == ".":
                    continue
                if ch == "#":
                    grid[r, c] = -1
                    continue
                if ch.isspace() or not ch.isprintable():
                    raise ValueError(
                        f"{source}: line {line_no}, column {c + 1}: unknown character {ch!r}"
                    )
            else:
                if not ch.isprintable():
                    raise ValueError(
                        f"{source}: line {line_no}, column {c + 1}: unknown character {ch!r}"
                    )
                if not (ch.isascii() and ch.isalnum()):
                    continue
            k = symbols.setdefault(ch, len(symbols) + 1)
            if k > np.iinfo(np.int16).max:
                raise ValueError(f"{source}: line {line_no}, column {c + 1}: too many numbers")
            grid[r, c] = k
            seen.setdefault(ch, []).append((line_no, c + 1))
    for ch, where in seen.items():
        if len(where) != 2:
            ln, col = where[2] if len(where) > 2 else where[0]
            raise ValueError(
                f"{source}: line {ln}, column {col}: symbol {ch!r} appears {len(where)} "
                "time(s); every number needs exactly two endpoints"
            )
    return Puzzle(grid, symbols="".join(symbols))


# ---------------------------------------------------------------------------------------------
# generating


def generate(n=None, seed=None, *, rows=None, cols=None, min_length: int = 3, unique: bool = True,
             difficulty=None, max_attempts: int = 1000,
             max_nodes: int | None = 10**7) -> Puzzle:
    """Generate a random puzzle (with its solution) on an ``n x n`` or ``rows x cols`` board.

    The solution is made first: random no-touch paths grow over the free squares (each new path
    starts in the tightest free spot), paths shorter than ``min_length`` are merged into a
    neighbour, and squares left isolated become solid. The path ends are the puzzle's numbers.
    With ``unique=True`` the solver (``limit=2``) checks the puzzle; while a second solution
    exists, a path is cut where that solution differs (adding a pair of numbers); when a check
    needs more than ``max_nodes`` nodes, the longest eighth of the paths are cut in the middle.
    Boards up to 30 x 30 take milliseconds, 50 x 50 about a second, 70 x 70 (the largest
    accepted, ``MAX_GENERATE_CELLS``) several seconds and come out with many short paths.

    Parameters
    ----------
    n : int, optional
        Side of a square board (>= 2); or give ``rows`` and ``cols``.
    seed : None, int, numpy.random.SeedSequence or numpy.random.Generator
        Randomness; the same seed gives the same puzzle.
    min_length : int, default 3
        Shortest path allowed (2 or more).
    unique : bool, default True
        Guarantee exactly one solution.
    difficulty : {"easy", "medium", "hard"} or (low, high), optional
        Regenerate until ``Puzzle.difficulty`` (solver nodes per square) falls in this range
        (see ``DIFFICULTY_LEVELS``); needs ``unique=True``.
    max_attempts : int, default 1000
        Give up (ValueError) after this many fresh boards.
    max_nodes : int or None, default 10**7
        Solver budget per uniqueness check (see above).

    Returns
    -------
    Puzzle
        With ``grid``, ``solution`` and (when ``unique``) ``difficulty``.
    """
    if n is not None:
        if rows is not None or cols is not None:
            raise TypeError("give either n or rows and cols, not both")
        rows = cols = n
        names = ("n", "n")
    else:
        if rows is None or cols is None:
            raise TypeError("generate() needs n, or both rows and cols")
        names = ("rows", "cols")
    rows, cols = as_size(rows, cols, names=names, minimum=2, max_cells=MAX_GENERATE_CELLS)
    min_length = as_int(min_length, "min_length", minimum=2, maximum=rows * cols)
    if not isinstance(unique, (bool, np.bool_)):
        raise TypeError(f"unique must be a bool, got {_describe(unique)}")
    max_attempts = as_int(max_attempts, "max_attempts", minimum=1)
    budget = _as_max_nodes(max_nodes)
    band = None
    if difficulty is not None:
        if isinstance(difficulty, str):
            if difficulty not in DIFFICULTY_LEVELS:
                raise ValueError(
                    f"difficulty must be one of {sorted(DIFFICULTY_LEVELS)} or a (low, high) "
                    f"pair, got {difficulty!r}"
                )
            band = DIFFICULTY_LEVELS[difficulty]
        else:
            try:
                lo, hi = (float(v) for v in difficulty)
            except (TypeError, ValueError):
                raise TypeError(
                    f"difficulty must be one of {sorted(DIFFICULTY_LEVELS)} or a (low, high) "
                    f"pair of numbers, got {_describe(difficulty)}"
                ) from None
            if not lo <= hi:
                raise ValueError(f"difficulty range must have low <= high, got {difficulty!r}")
            band = (lo, hi)
        if not unique:
            raise ValueError("difficulty needs unique=True")
    gen = as_generator(seed)
    attempts = 0
    while attempts < max_attempts:
        out = _native.generate(rows, cols, gen.bit_generator, min_length, bool(unique), budget,
                               max_attempts - attempts)
        if out is None:
            break
        grid, sol, nodes, used = out
        attempts += used
        score = None
        if unique:
            score = round(int(nodes) / max(1, int((grid >= 0).sum())), 3)
        if band is None or band[0] <= score < band[1] or (band[1] == score == band[0]):
            return Puzzle._trusted(grid, sol, score)
    raise ValueError(
        f"generate: no {rows} x {cols} puzzle with min_length={min_length}"
        + (f" and difficulty {difficulty!r}" if band else "")
        + f" in {max_attempts} attempts; relax the constraints or raise max_attempts"
    )


def _trusted(cls, grid, solution, difficulty):
    p = cls.__new__(cls)
    p.grid = grid
    p.solution = solution
    p.symbols = None
    p._difficulty = difficulty
    return p


Puzzle._trusted = classmethod(_trusted)
