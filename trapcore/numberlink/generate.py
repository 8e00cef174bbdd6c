"""Numberlink generation: ``generate`` makes a random puzzle with its solution, unique by default.

The generator runs in ``trapcore.numberlink._generate`` without the GIL (its uniqueness checks call
the solver's search); this module validates and picks the difficulty band.
"""

from __future__ import annotations

import types
from collections.abc import Iterable
from typing import NamedTuple, SupportsFloat

import numpy as np

from trapcore._types import SeedLike
from trapcore._validate import _describe, as_choice, as_generator, as_int, as_size
from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink import _generate, _layout, _portfolio, _repair, _sat
from trapcore.numberlink._grid import MAX_SOLVE_CELLS, Grid, as_max_nodes, as_rules
from trapcore.numberlink.puzzle import Puzzle

__all__ = [
    "generate",
    "difficulty_band",
    "difficulty_level",
    "DIFFICULTY_LEVELS",
    "LIMITS",
]

#: What ``seed=`` accepts (see ``trapcore._validate.as_generator``).

#: ``generate(difficulty=...)`` levels: each is a third of the puzzles ``generate`` makes for that
#: board size under those rules, by ``Puzzle.difficulty`` (search nodes per square): the
#: easiest third, the middle third, the hardest third. The values are those shares.
DIFFICULTY_LEVELS = types.MappingProxyType(
    {"easy": (0.0, 1 / 3), "medium": (1 / 3, 2 / 3), "hard": (2 / 3, 1.0)}
)
#: Per rules (fill, touch): (side, 1/3 quantile, 2/3 quantile) of ``Puzzle.difficulty`` on
#: side x side boards, measured by ``tools/calibrate_difficulty.py`` (Flow Free's, (True, True):
#: the deduction's effort on the default generator's puzzles). Between sides the
#: quantiles are interpolated in log scale over ``sqrt(rows * cols)``; past the last side the
#: lower one follows the table's trend and the upper one keeps the last ratio.
_CALIBRATION: dict[tuple[bool, bool], tuple[tuple[int, float, float], ...]] = {
    (True, True): ((5, 3.16, 4.547), (6, 3.306, 3.722), (7, 3.531, 5.15), (8, 3.656, 5.266),
                   (10, 3.99, 6.837), (12, 3.88, 6.15), (15, 4.16, 7.976), (16, 7.353, 8.853),
                   (20, 6.737, 7.678), (25, 6.777, 8.083), (30, 7.991, 8.841)),
    (True, False): ((5, 1.241, 1.441), (6, 1.446, 1.807), (7, 1.375, 1.825), (8, 1.773, 2.174),
                    (10, 2.282, 3.273), (12, 3.082, 5.093), (15, 6.322, 11.72), (16, 8.676, 11.24),
                    (20, 13.15, 25.23), (25, 34.69, 49.97), (30, 173.4, 250.6), (40, 3714, 4297),
                    (50, 1989, 2521)),
    (False, True): ((5, 0.8446, 0.8867), (6, 0.8595, 0.9118), (7, 0.9237, 1.997),
                    (8, 1.234, 29.22), (10, 4.402, 74.18), (12, 0.996, 3.398), (15, 0.8645, 1.108),
                    (16, 19.33, 91.33), (20, 11.05, 18.8)),
    (False, False): ((5, 3.804, 10.14), (6, 7.665, 28.81), (7, 8.914, 53.81), (8, 42.62, 156.3),
                     (10, 70.64, 160), (12, 56.8, 84.58), (15, 46.12, 64.82),
                     (16, 1.141e+04, 2.212e+04), (20, 6293, 1.162e+04), (25, 2174, 6989),
                     (30, 4699, 5215), (40, 2005, 4765)),
}  # fmt: skip


#: ``generate(long_paths=None)`` grows long paths on boards of this many squares (7 x 7 to
#: 15 x 15): below, long growth leaves two or three pairs; above, its uniqueness proofs under Flow
#: Free's rules cost too much (measured, see ``generate``).
_LONG_PATH_SQUARES = (49, 225)
#: ``generate(max_nodes=None)``: the solver's budget per uniqueness check, with long paths and
#: without. Past it a check cuts paths, so a small one keeps long-path generation quick.
_LONG_BUDGET, _SHORT_BUDGET = 2 * 10**4, 10**7
#: ``max_nodes=None`` under ``touch=True`` past the calibrated boards (20 x 20): a smaller budget
#: a check keeps the search generator quick, and past ``_MAX_DEFAULT_TOUCH_SQUARES`` no default
#: budget finishes, so it is refused there (docs/benchmarks.md, "Tuned constants").
_CALIBRATED_SQUARES, _TOUCH_BUDGET, _MAX_DEFAULT_TOUCH_SQUARES = 400, 10**5, 2500


def _default_long_paths(rows: int, cols: int) -> bool:
    """What ``long_paths=None`` means for a rows x cols board."""
    return _LONG_PATH_SQUARES[0] <= rows * cols <= _LONG_PATH_SQUARES[1]


def _default_budget(rows: int, cols: int, touch: bool, unique: bool, long_paths: bool) -> int:
    """What ``max_nodes=None`` means (see ``_TOUCH_BUDGET``); ValueError where no default
    budget finishes."""
    if long_paths:
        return _LONG_BUDGET
    if not (touch and unique) or rows * cols <= _CALIBRATED_SQUARES:
        return _SHORT_BUDGET
    if rows * cols > _MAX_DEFAULT_TOUCH_SQUARES:
        raise ValueError(
            f"generate: under Flow Free's rules (touch=True) no default budget proves a unique "
            f"{rows} x {cols} puzzle in reasonable time (at most {_MAX_DEFAULT_TOUCH_SQUARES} "
            "squares, 50 x 50; 70 x 70 ran for minutes): pass prover=sat (a SAT model; 70 x 70 "
            "in seconds), touch=False (the no-touch rule), unique=False, a smaller board, or "
            "your own budget per check (max_nodes=N)"
        )
    return _TOUCH_BUDGET


def _quantiles(rows: int, cols: int, fill: bool, touch: bool) -> tuple[float, float]:
    """The 1/3 and 2/3 quantiles of ``Puzzle.difficulty`` for a rows x cols board."""
    table = np.array(_CALIBRATION[(bool(fill), bool(touch))], float)
    sides, logs = table[:, 0], np.log10(table[:, 1:])
    side = float(np.sqrt(rows * cols))
    if side <= sides[-1]:
        q1, q2 = (float(np.interp(side, sides, logs[:, j])) for j in (0, 1))
    else:  # past the table: the trend of its sides from 8 on, the last ratio of the quantiles
        slope = np.polyfit(sides[sides >= 8], logs[sides >= 8, 0], 1)[0]
        q1 = float(logs[-1, 0] + slope * (side - sides[-1]))
        q2 = q1 + float(logs[-1, 1] - logs[-1, 0])
    # far past the table (4096 x 4096) the trend passes the largest float: infinity, not an error
    lo, hi = (10.0**q if q < 300 else float("inf") for q in (q1, q2))
    return lo, hi


def difficulty_band(
    level: str, rows: int, cols: int | None = None, *, fill: bool = True, touch: bool = True
) -> tuple[float, float]:
    """The range of ``Puzzle.difficulty`` that ``generate(difficulty=level)`` accepts for a
    ``rows x cols`` board under the rules ``fill`` and ``touch``: the easiest, middle or hardest
    third of the puzzles ``generate`` makes there (see ``DIFFICULTY_LEVELS``), so every level
    exists at every size. The thirds were measured with generate's defaults: under Flow Free's
    rules on 5 x 5 to 30 x 30 boards (the deduction's effort, ``tools/calibrate_difficulty.py``);
    under the others on 5 x 5 to 50 x 50 (to 20 x 20 under ``fill=False, touch=True``, to
    40 x 40 under ``fill=False, touch=False``). Past them they are extrapolated, and a level's
    share there, or with other options (``long_paths``, ``max_nodes``), is approximate.

    Parameters
    ----------
    level : {"easy", "medium", "hard"}
        The level (a key of ``DIFFICULTY_LEVELS``).
    rows : int
        Rows of the board (>= 2).
    cols : int, optional
        Columns (>= 2); the default is ``rows``.
    fill, touch : bool, default True
        The rules (see :func:`trapcore.numberlink.solve`).

    Returns
    -------
    tuple of float
        ``(low, high)``: the level's range of ``Puzzle.difficulty`` (search nodes per square).

    Raises
    ------
    TypeError, ValueError
        A bad argument (an unknown level, a board too small), named in the message.

    See Also
    --------
    difficulty_level : The level of a puzzle.
    generate : Takes ``difficulty=``.

    Examples
    --------
    >>> lo, hi = difficulty_band("medium", 10)
    >>> lo < hi
    True
    """
    if not isinstance(level, str) or level not in DIFFICULTY_LEVELS:
        raise ValueError(f"level must be one of {list(DIFFICULTY_LEVELS)}, got {level!r}")
    rows, cols = as_size(rows, rows if cols is None else cols, minimum=2)
    fill, touch = as_rules(fill, touch)
    q1, q2 = _quantiles(rows, cols, fill, touch)
    return {"easy": (0.0, q1), "medium": (q1, q2), "hard": (q2, float("inf"))}[level]


def difficulty_level(puzzle: Puzzle) -> str:
    """``"easy"``, ``"medium"`` or ``"hard"``: where ``puzzle.difficulty`` falls among the puzzles
    ``generate`` makes for its size and rules (see :func:`difficulty_band`). Works for any
    puzzle (a read one's difficulty is computed on first use).

    Parameters
    ----------
    puzzle : Puzzle
        Any puzzle; its size and rules choose the bands.

    Returns
    -------
    str
        ``"easy"``, ``"medium"`` or ``"hard"``.

    Raises
    ------
    TypeError
        ``puzzle`` is not a :class:`Puzzle`.

    See Also
    --------
    difficulty_band : The band of a level.
    Puzzle.difficulty : The measure.

    Examples
    --------
    >>> import trapcore as tc
    >>> p = tc.numberlink.generate(7, seed=2, difficulty="hard")
    >>> tc.numberlink.difficulty_level(p)
    'hard'
    """
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"puzzle must be a Puzzle, got {_describe(puzzle)}")
    rows, cols = puzzle._square_grid("difficulty_level").shape
    for level in DIFFICULTY_LEVELS:
        lo, hi = difficulty_band(level, rows, cols, fill=puzzle.fill, touch=puzzle.touch)
        if lo <= puzzle.difficulty < hi:
            return level
    return "hard"


#: The largest board ``generate`` accepts (70 x 70): larger unique puzzles take too long to prove.
MAX_GENERATE_CELLS = 4900


class Limits(NamedTuple):
    """The largest Numberlink boards trapcore takes, in squares (``trapcore.numberlink.LIMITS``).

    Attributes
    ----------
    solve_cells : int
        What ``solve``, ``count``, ``count_nodes``, ``check`` and ``Puzzle`` accept: 2**22
        (``MAX_SOLVE_CELLS`` before 0.3).
    generate_cells : int
        What ``generate`` makes: 4900, 70 x 70; larger unique puzzles take too long to prove
        (``MAX_GENERATE_CELLS`` before 0.3).
    """

    solve_cells: int
    generate_cells: int


#: The largest boards, in squares: ``solve_cells`` (``solve``, ``check``, ``count``, ``Puzzle``)
#: and ``generate_cells`` (``generate``).
LIMITS = Limits(MAX_SOLVE_CELLS, MAX_GENERATE_CELLS)
#: The most boards ``generate(max_attempts=)`` may try (a kernel counter, far past any use).
MAX_ATTEMPTS = 2**62


def _as_band(
    difficulty: str | Iterable[SupportsFloat] | None, rows: int, cols: int, fill: bool, touch: bool
) -> tuple[float, float] | None:
    if difficulty is None:
        return None
    what = f"difficulty must be one of {list(DIFFICULTY_LEVELS)} or a (low, high) pair"
    if isinstance(difficulty, str):
        if difficulty not in DIFFICULTY_LEVELS:
            raise ValueError(f"{what}, got {difficulty!r}")
        return difficulty_band(difficulty, rows, cols, fill=fill, touch=touch)
    try:
        lo, hi = (float(v) for v in difficulty)
    except (TypeError, ValueError):
        raise TypeError(f"{what} of numbers, got {_describe(difficulty)}") from None
    if not lo <= hi:
        raise ValueError(f"difficulty range must have low <= high, got {difficulty!r}")
    return lo, hi


def generate(
    rows: int | Puzzle,
    cols: int | None = None,
    *,
    seed: SeedLike = None,
    fill: bool | None = None,
    touch: bool | None = None,
    min_length: int = 3,
    long_paths: bool | None = None,
    solids: bool = False,
    unique: bool = True,
    difficulty: str | tuple[float, float] | None = None,
    max_attempts: int = 1000,
    max_nodes: int | None = None,
    prover: str = "search",
) -> Puzzle:
    """Generate a random puzzle with its solution, unique under its rules by default.

    Under Flow Free's rules (the defaults) the paths are laid to fill the board: short pieces are
    joined end to end, or take over part of a neighbouring path, while a sound deduction (forced
    moves, then bounded trial) still proves the puzzle unique, so paths come out long and
    winding, as in published puzzles, at every size, without python-sat; ``difficulty`` is that
    proof's effort. Under other rules, with ``solids``, ``long_paths`` or ``max_nodes``, and on a
    blank puzzle (a :class:`Puzzle` whose nodes are all ``0`` or ``-1``), random paths are grown
    and cut where the solver's search finds a second solution. The methods and their
    measurements are in the user guide (Numberlink, "Generation") and on the Benchmarks page.

    Parameters
    ----------
    rows : int or Puzzle
        Rows of the board (>= 2), or a blank puzzle to lay the paths on.
    cols : int, optional
        Columns (>= 2); the default is ``rows``. Not with a puzzle.
    seed : None, int, numpy.random.SeedSequence or numpy.random.Generator
        Randomness; the same seed gives the same puzzle (a Generator is advanced).
    fill, touch : bool or None, default None
        The rules the puzzle is made unique under and records (see :func:`solve`). ``None``:
        Flow Free's (``True``, ``True``) on a size; a blank puzzle's own.
    min_length : int, default 3
        Shortest path allowed, in squares (2 or more).
    long_paths : bool or None, default None
        The search's growth: ``True`` along walls and other paths, ``False`` short paths.
        ``None``: the default method above (long growth on 7x7 to 15x15 under other rules).
    solids : bool, default False
        Let squares the growth leaves isolated become solid (``-1``).
    unique : bool, default True
        Guarantee exactly one solution.
    difficulty : {"easy", "medium", "hard"} or (low, high), optional
        Make boards until ``Puzzle.difficulty`` falls in this range: a level is a third of the
        puzzles made for this size and rules (:func:`difficulty_band`). Needs ``unique=True``.
    max_attempts : int, default 1000
        Give up (ValueError) after this many fresh boards (at most ``MAX_ATTEMPTS``).
    max_nodes : int or None, default None
        The search's budget per uniqueness check (a check past it cuts the longest paths);
        giving one selects the search's method. ``None``: a default per size and rules.
    prover : {"search", "sat"}, default "search"
        ``"sat"`` (Flow Free's rules, needs python-sat): long growth proven by a compact SAT
        model; ``difficulty`` is then computed on first use.

    Returns
    -------
    Puzzle
        With ``grid``, ``solution`` and ``difficulty`` (known at once when proven by deduction).

    Raises
    ------
    TypeError, ValueError
        A bad argument (named in the message), or no puzzle within ``max_attempts`` boards.
    ImportError
        ``prover="sat"`` without python-sat (the extra ``sat``).
    KeyboardInterrupt
        Ctrl-C stops generation within milliseconds.

    See Also
    --------
    solve : Solve or count a puzzle's solutions.
    measure : Path lengths, bends and short paths of a solved puzzle.
    difficulty_band : The ``difficulty`` range of a level.

    Examples
    --------
    >>> import trapcore as tc
    >>> p = tc.numberlink.generate(7, seed=2)
    >>> p.shape
    (7, 7)
    >>> len(tc.numberlink.solve(p.grid, limit=2))  # exactly one solution
    1
    >>> hexes = tc.numberlink.generate(tc.numberlink.hex_board([[0] * 6] * 6), seed=1)
    >>> len(hexes.solve(limit=2))  # unique on a board of hexagons too
    1
    """
    if isinstance(rows, Puzzle):
        from trapcore.numberlink.board_generate import on_board  # (it imports this module)

        return on_board(
            rows, cols, seed=seed, fill=fill, touch=touch, min_length=min_length,
            long_paths=long_paths, solids=solids, unique=unique, difficulty=difficulty,
            max_attempts=max_attempts, max_nodes=max_nodes, prover=prover,
        )[0]  # fmt: skip
    if cols is None:
        cols = rows
    rows, cols = as_size(rows, cols, minimum=2, max_cells=MAX_GENERATE_CELLS)
    fill, touch = as_rules(True if fill is None else fill, True if touch is None else touch)
    min_length = as_int(min_length, "min_length", minimum=2, maximum=rows * cols)
    long_paths_given, max_nodes_given = long_paths is not None, max_nodes is not None
    if long_paths is None:
        long_paths = _default_long_paths(rows, cols)
    if not isinstance(long_paths, (bool, np.bool_)):
        raise TypeError(f"long_paths must be a bool or None, got {_describe(long_paths)}")
    long_paths = bool(long_paths)
    if not isinstance(solids, (bool, np.bool_)):
        raise TypeError(f"solids must be a bool, got {_describe(solids)}")
    if not isinstance(unique, (bool, np.bool_)):
        raise TypeError(f"unique must be a bool, got {_describe(unique)}")
    unique = bool(unique)
    prover = as_choice(prover, "prover", ("search", "sat"))
    max_attempts = as_int(max_attempts, "max_attempts", minimum=1, maximum=MAX_ATTEMPTS)
    if max_nodes is None:
        # prover="sat" has its own default (SAT_NODES) and no size limit; the layout needs none
        max_nodes = (
            SAT_NODES
            if prover == "sat"
            else _SHORT_BUDGET
            if _uses_layout(fill, touch, unique, solids, long_paths_given, False)
            else _default_budget(rows, cols, touch, unique, long_paths)
        )
    budget = as_max_nodes(max_nodes)
    band = _as_band(difficulty, rows, cols, fill, touch)
    if band is not None and not unique:
        raise ValueError("difficulty needs unique=True")
    if prover == "sat":
        if not (fill and touch and unique) or solids or band is not None:
            raise ValueError(
                'prover="sat" proves uniqueness under Flow Free\'s rules only (every square '
                "filled, paths may touch) and makes unique puzzles without solid squares or a "
                "difficulty band"
            )
        if not _sat.available():
            raise ImportError(
                'generate(prover="sat") needs python-sat: pip install "trapcore[sat]"'
            )
        return _generate_sat(rows, cols, as_generator(seed), min_length, max_attempts, budget)
    gen = as_generator(seed)
    if _uses_layout(fill, touch, unique, solids, long_paths_given, max_nodes_given):
        return _generate_layout(rows, cols, gen, min_length, max_attempts, band)
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
            long_paths,
            solids,
        )
        if out is None:
            break
        grid, sol, nodes, used = out
        attempts += used
        score: float | None = None
        if unique:  # the kernel's proof took the sweeps' nodes, as count_nodes(limit=2) would
            score = _portfolio.difficulty(grid, fill, touch, int(nodes))
        if band is None or (
            score is not None and (band[0] <= score < band[1] or band[1] == score == band[0])
        ):
            return Puzzle._trusted(grid, sol, difficulty=score, fill=fill, touch=touch)
    raise ValueError(
        f"generate: no {rows} x {cols} puzzle with min_length={min_length}"
        + ("" if solids else " and no solid squares")
        + (f" and difficulty {difficulty!r}" if band else "")
        + f" in {max_attempts} attempts; relax the constraints"
        + ("" if solids else " (solids=True lets isolated squares be solid)")
        + " or raise max_attempts"
    )


#: The default generator (``_generate_layout``): each board checks at most this many takeovers
#: (a path end taking over part of a neighbouring path), per square.
LAYOUT_CHECKS_PER_SQUARE = 4


def _uses_layout(
    fill: bool,
    touch: bool,
    unique: bool,
    solids: bool,
    long_paths_given: bool,
    max_nodes_given: bool,
) -> bool:
    """Whether ``generate`` lays its paths by joins proven by deduction (``_generate_layout``):
    under Flow Free's rules, unique, without solids, and none of the search's own options."""
    return fill and touch and unique and not solids and not long_paths_given and not max_nodes_given


def _generate_layout(
    rows: int,
    cols: int,
    gen: np.random.Generator,
    min_length: int,
    max_attempts: int,
    band: tuple[float, float] | None,
) -> Puzzle:
    """The default generator under Flow Free's rules: pieces joined into long paths while a sound
    deduction proves the puzzle unique (``trapcore.numberlink._layout``); the puzzle's
    ``difficulty`` is that proof's effort (``_portfolio.deduced_difficulty``). Boards are made
    until one falls in ``band``."""
    squares = rows * cols
    attempts = 0
    while attempts < max_attempts:
        out = _layout.generate(
            rows, cols, gen.bit_generator, min_length, max_attempts - attempts,
            _portfolio.DEDUCE_STEPS_PER_SQUARE * squares, LAYOUT_CHECKS_PER_SQUARE * squares,
        )  # fmt: skip
        if out is None:
            break
        grid, sol, _, steps, used = out
        attempts += used
        score = round(int(steps) / squares, 4)
        if band is None or band[0] <= score < band[1] or band[1] == score == band[0]:
            return Puzzle._trusted(grid, sol, difficulty=score, fill=True, touch=True)
    raise ValueError(
        f"generate: no {rows} x {cols} puzzle with min_length={min_length} and no solid squares"
        + (" and that difficulty" if band else "")
        + f" in {max_attempts} attempts; relax the constraints (solids=True lets isolated "
        "squares be solid) or raise max_attempts"
    )


#: ``generate(prover="sat")``: the search's budget per check (nodes) before the SAT model runs
#: (it settles the small boards and finds the easy second solutions; a larger one only costs
#: time), and the SAT model's budget per check in conflicts per square (15 x 15: 2,250; 50 x 50:
#: 25,000; past both, the longest paths are cut: 3 a square gives 15 x 15 a median path of 9.5,
#: 10 of 11, 30 of 10.5 at twice the time; bench/test_bench_numberlink_generate.py).
SAT_NODES, SAT_CONFLICTS = 2000, 10
#: ``generate(prover="sat")`` grows raw paths of at least this many squares (or ``min_length``
#: if larger) on boards of 4 * RAW_MIN squares or more (smaller ones may have no such paths):
#: the cuts may still make paths of ``min_length``, but few (15 x 15: 1.6% of 3
#: squares or fewer, against 15% when raw paths may have 3; published sets: 1-12%).
RAW_MIN = 4
#: ... for at most this many boards (the largest ones rarely have such paths everywhere: 70 x 70
#: never did in 1000 boards), then raw paths of ``min_length``.
RAW_TRIES = 20
#: ``generate(prover="sat")``: the first checks of each board give the SAT model only this many
#: conflicts. A board fresh from the growth has very many solutions and its first checks nearly
#: always end in cuts of the longest paths: quick checks halve the time for the same median
#: paths, and more of them shorten the paths (docs/benchmarks.md, "Tuned constants").
SAT_QUICK_CHECKS, SAT_QUICK_CONFLICTS = 4, 10


def _generate_sat(
    rows: int, cols: int, gen: np.random.Generator, min_length: int, max_attempts: int, nodes: int
) -> Puzzle:
    """``generate(prover="sat")``: raw long paths from the kernel, then checks (the search with
    ``nodes``, then the SAT model) and the kernel's repairs until the puzzle is proven unique."""
    conflicts = SAT_CONFLICTS * rows * cols
    raw_min = max(min_length, RAW_MIN) if rows * cols >= 4 * RAW_MIN else min_length
    attempts = 0
    while attempts < max_attempts:
        out = None
        if raw_min > min_length:  # a few boards with raw paths of raw_min or more squares
            out = _generate.generate(
                rows, cols, gen.bit_generator, raw_min, False, 1,
                min(RAW_TRIES, max_attempts - attempts), True, True, True, False,
            )  # fmt: skip
            if out is None:
                attempts += min(RAW_TRIES, max_attempts - attempts)
                if attempts >= max_attempts:
                    break
        if out is None:  # then paths of min_length
            out = _generate.generate(
                rows, cols, gen.bit_generator, min_length, False, 1, max_attempts - attempts,
                True, True, True, False,
            )  # fmt: skip
        if out is None:
            break
        grid, sol, _, used = out
        attempts += used
        checks = 0
        while True:
            checks += 1
            quick = checks <= SAT_QUICK_CHECKS
            other: Grid | None = None
            try:
                found = _portfolio.prove_unique(
                    grid, sol, nodes, SAT_QUICK_CONFLICTS if quick else conflicts
                )
            except SearchLimitExceeded:  # neither settled it: cut the longest paths
                pass
            else:
                if len(found) == 1:
                    return Puzzle._trusted(grid, sol, difficulty=None, fill=True, touch=True)
                other = found[0] if not np.array_equal(found[0], sol) else found[1]
            fixed = _repair.repair(grid, sol, other, min_length)
            if fixed is None and other is not None:  # the paths differ, the numbers do not
                fixed = _repair.repair(grid, sol, None, min_length)
            if fixed is None:
                break
            grid, sol = fixed
    raise ValueError(
        f"generate: no {rows} x {cols} puzzle with min_length={min_length} and no solid squares "
        f'proven unique by prover="sat" in {max_attempts} attempts; raise max_attempts'
    )
