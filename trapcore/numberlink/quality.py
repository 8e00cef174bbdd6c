"""What a puzzle looks like to a person: its paths' lengths and bends, its solid squares.

Published sets (Flow Free, janko.at, puzz.link) have long paths (a median of 8.5-15.5 squares),
few short ones (1-10% of 3 squares or fewer) and no solid squares; ``measure`` gives the same
figures for any solved puzzle, so generated puzzles can be compared with them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from trapcore._validate import _describe
from trapcore.numberlink.puzzle import Puzzle

__all__ = ["Quality", "measure"]

#: A path of this many squares or fewer counts as short.
SHORT = 3


@dataclass(frozen=True)
class Quality:
    """Figures of one solved puzzle (see :func:`measure`).

    Attributes
    ----------
    pairs : int
        Paths (pairs of numbers).
    lengths : tuple of int
        Squares in each path, in number order (``lengths[k - 1]`` is path ``k``'s).
    median_length : float
        Median of ``lengths``.
    short_share : float
        Share of paths of ``SHORT`` (3) squares or fewer.
    bends : tuple of int
        Turns along each path, in number order.
    solids : int
        Solid squares (``-1`` on the grid).
    empty : int
        Squares no path uses (only under ``fill=False``).

    See Also
    --------
    measure : Returns it.

    Examples
    --------
    >>> from trapcore import numberlink as nl
    >>> q = nl.measure(nl.Puzzle([[1, 0, 1], [2, 0, 2]]))
    >>> q.pairs, q.lengths, q.bends
    (2, (3, 3), (0, 0))
    >>> print(q)
    2 pairs, median path 3 squares (100% of 3 or fewer), 0.0 bends a path, 0 solid squares
    """

    pairs: int
    lengths: tuple[int, ...]
    median_length: float
    short_share: float
    bends: tuple[int, ...]  # paths that run beside themselves: see _bends
    solids: int
    empty: int

    def __str__(self) -> str:
        return (
            f"{self.pairs} pairs, median path {self.median_length:g} squares "
            f"({100 * self.short_share:.0f}% of {SHORT} or fewer), "
            f"{np.mean(self.bends) if self.bends else 0:.1f} bends a path, "
            f"{self.solids} solid squares" + (f", {self.empty} empty" if self.empty else "")
        )


def measure(puzzle: Puzzle) -> Quality:
    """The lengths and bends of a puzzle's paths and its solid and empty squares.

    Uses ``puzzle.solution``; a puzzle without one is solved first (under its rules; a puzzle
    with several solutions is measured on the first found).

    Parameters
    ----------
    puzzle : Puzzle
        The puzzle to measure.

    Returns
    -------
    Quality
        Its paths' lengths and bends, its solid and empty squares.

    Raises
    ------
    TypeError
        ``puzzle`` is not a :class:`Puzzle`.
    ValueError
        The puzzle has no solution.

    See Also
    --------
    Quality : What it returns.
    difficulty_level : A level from the measures.

    Examples
    --------
    >>> import trapcore as tc
    >>> p = tc.Puzzle([[1, 0, 0], [0, 0, 2], [1, 0, 2]])
    >>> q = tc.numberlink.measure(p)
    >>> q.pairs
    2
    """
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"puzzle must be a Puzzle, got {_describe(puzzle)}")
    grid = puzzle._square_grid("measure")
    sol = puzzle.solution
    if sol is None:
        found = puzzle.solve(limit=1)
        if not found:
            raise ValueError("puzzle has no solution to measure")
        sol = found[0]
    pairs = puzzle.numbers
    counts = np.bincount(sol[sol > 0].ravel(), minlength=pairs + 1)[1:]
    lengths = tuple(int(c) for c in counts)
    return Quality(
        pairs=pairs,
        lengths=lengths,
        median_length=float(np.median(lengths)) if lengths else 0.0,
        short_share=float(np.mean(np.array(lengths) <= SHORT)) if lengths else 0.0,
        bends=_bends(np.asarray(sol), pairs),
        solids=int((grid < 0).sum()),
        empty=int((sol == 0).sum()),
    )


def _bends(sol: np.ndarray, pairs: int) -> tuple[int, ...]:
    """Turns of each path, in number order: the squares of a path with one same-number neighbour
    above or below and one beside (numpy over the whole grid, no walk). For paths that never run
    beside themselves (every generated path) this is exactly the turns along the path; a path
    that does run beside itself has no one order in the grid, and this counts its squares that
    look like turns."""
    padded = np.pad(sol.astype(np.int32), 1, constant_values=0)
    core = padded[1:-1, 1:-1]
    on = core > 0
    vertical = ((padded[:-2, 1:-1] == core) | (padded[2:, 1:-1] == core)) & on
    horizontal = ((padded[1:-1, :-2] == core) | (padded[1:-1, 2:] == core)) & on
    turns = np.bincount(core[vertical & horizontal], minlength=pairs + 1)[1:]
    return tuple(int(t) for t in turns)
