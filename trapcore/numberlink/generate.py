"""Numberlink generation: ``generate`` makes a random puzzle with its solution, unique by default.

The generator runs in ``trapcore.numberlink._generate`` without the GIL (its uniqueness checks call
the solver's search); this module validates and picks the difficulty band.
"""

from __future__ import annotations

import types
from collections.abc import Iterable
from typing import Any, SupportsFloat, TypeAlias

import numpy as np

from trapcore._validate import _describe, as_generator, as_int, as_size
from trapcore.numberlink import _generate
from trapcore.numberlink._grid import Grid, as_max_nodes, as_rules
from trapcore.numberlink.puzzle import Puzzle

__all__ = ["generate", "DIFFICULTY_LEVELS", "MAX_GENERATE_CELLS"]

#: What ``seed=`` accepts (see ``trapcore._validate.as_generator``).
SeedLike: TypeAlias = int | np.integer[Any] | np.random.SeedSequence | np.random.Generator | None

#: ``generate(difficulty=...)`` levels: ranges of ``Puzzle.difficulty`` (solver nodes per square).
DIFFICULTY_LEVELS = types.MappingProxyType(
    {"easy": (0.0, 2.0), "medium": (2.0, 6.0), "hard": (6.0, float("inf"))}
)
#: The largest board ``generate`` accepts (70 x 70): larger unique puzzles take too long to prove.
MAX_GENERATE_CELLS = 4900


def _as_band(difficulty: str | Iterable[SupportsFloat] | None) -> tuple[float, float] | None:
    if difficulty is None:
        return None
    what = f"difficulty must be one of {sorted(DIFFICULTY_LEVELS)} or a (low, high) pair"
    if isinstance(difficulty, str):
        if difficulty not in DIFFICULTY_LEVELS:
            raise ValueError(f"{what}, got {difficulty!r}")
        return DIFFICULTY_LEVELS[difficulty]
    try:
        lo, hi = (float(v) for v in difficulty)
    except (TypeError, ValueError):
        raise TypeError(f"{what} of numbers, got {_describe(difficulty)}") from None
    if not lo <= hi:
        raise ValueError(f"difficulty range must have low <= high, got {difficulty!r}")
    return lo, hi


def generate(
    rows: int,
    cols: int | None = None,
    *,
    seed: SeedLike = None,
    fill: bool = True,
    touch: bool = True,
    min_length: int = 3,
    unique: bool = True,
    difficulty: str | tuple[float, float] | None = None,
    max_attempts: int = 1000,
    max_nodes: int = 10**7,
) -> Puzzle:
    """Generate a random puzzle (with its solution) on a ``rows x cols`` board.

    The solution is made first: random paths that never run beside themselves grow over the
    free squares, whatever the rules the puzzle is made unique under (each new path
    starts in the tightest free spot), paths shorter than ``min_length`` are merged into a
    neighbour, and squares left isolated become solid. The path ends are the puzzle's numbers.
    With ``unique=True`` the solver (``limit=2``, under the rules ``fill`` and ``touch``)
    checks the puzzle; while a second solution
    exists, a path is cut where that solution differs (adding a pair of numbers); when a check
    needs more than ``max_nodes`` nodes, the longest eighth of the paths are cut in the middle.
    Under ``touch=False`` boards up to 30 x 30 take milliseconds and 70 x 70 (the largest
    accepted, ``MAX_GENERATE_CELLS``) seconds; under Flow Free's rules (the default) the
    uniqueness proofs cost more: a 15 x 15 takes tens of milliseconds, a 30 x 30 seconds.

    Parameters
    ----------
    rows : int
        Rows of the board (>= 2).
    cols : int, optional
        Columns (>= 2); the default is ``rows`` (a square board).
    seed : None, int, numpy.random.SeedSequence or numpy.random.Generator
        Randomness; the same seed gives the same puzzle (a Generator is advanced).
    fill, touch : bool, default True
        The rules the puzzle is made unique under and records (see
        :func:`trapcore.numberlink.solve`): Flow Free's by default; ``touch=False`` is 0.1's
        extra no-touch rule, ``fill=False`` Nikoli's.
    min_length : int, default 3
        Shortest path allowed, in squares (2 or more).
    unique : bool, default True
        Guarantee exactly one solution.
    difficulty : {"easy", "medium", "hard"} or (low, high), optional
        Regenerate until ``Puzzle.difficulty`` (solver nodes per square) falls in this range
        (see ``DIFFICULTY_LEVELS``); needs ``unique=True``.
    max_attempts : int, default 1000
        Give up (ValueError) after this many fresh boards.
    max_nodes : int, default 10**7
        Solver budget per uniqueness check (past it, paths are cut as above). Generation always
        runs under a budget, so ``None`` is refused.

    Returns
    -------
    Puzzle
        With ``grid``, ``solution`` and ``difficulty`` (known at once when ``unique``).

    Raises
    ------
    TypeError, ValueError
        A bad argument (named in the message).
    ValueError
        No puzzle met the constraints within ``max_attempts`` boards.
    KeyboardInterrupt
        Ctrl-C stops generation within milliseconds (``seed``'s generator stays usable).

    Examples
    --------
    >>> p = generate(7, seed=2)
    >>> p
    <Puzzle 7x7 numbers=5>
    >>> len(p.solve(limit=2))
    1
    """
    if cols is None:
        cols = rows
    rows, cols = as_size(rows, cols, minimum=2, max_cells=MAX_GENERATE_CELLS)
    fill, touch = as_rules(fill, touch)
    min_length = as_int(min_length, "min_length", minimum=2, maximum=rows * cols)
    if not isinstance(unique, (bool, np.bool_)):
        raise TypeError(f"unique must be a bool, got {_describe(unique)}")
    unique = bool(unique)
    max_attempts = as_int(max_attempts, "max_attempts", minimum=1)
    if max_nodes is None:
        raise TypeError(
            "max_nodes must be an int: generation always runs under a budget per uniqueness "
            "check (the default is 10**7 nodes)"
        )
    budget = as_max_nodes(max_nodes)
    band = _as_band(difficulty)
    if band is not None and not unique:
        raise ValueError("difficulty needs unique=True")
    gen = as_generator(seed)
    attempts = 0
    while attempts < max_attempts:
        out: tuple[Grid, Grid, int, int] | None = _generate.generate(
            rows,
            cols,
            gen.bit_generator,
            min_length,
            unique,
            budget,
            max_attempts - attempts,
            fill,
            touch,
        )
        if out is None:
            break
        grid, sol, nodes, used = out
        attempts += used
        score: float | None = None
        if unique:
            score = round(int(nodes) / max(1, int((grid >= 0).sum())), 3)
        if band is None or (
            score is not None and (band[0] <= score < band[1] or band[1] == score == band[0])
        ):
            return Puzzle._trusted(grid, sol, difficulty=score, fill=fill, touch=touch)
    raise ValueError(
        f"generate: no {rows} x {cols} puzzle with min_length={min_length}"
        + (f" and difficulty {difficulty!r}" if band else "")
        + f" in {max_attempts} attempts; relax the constraints or raise max_attempts"
    )
