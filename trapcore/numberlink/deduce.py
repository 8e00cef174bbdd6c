"""Numberlink by deduction: sound rules in grades, as a person solves, to prove a puzzle unique and
grade how hard it is (the ``Deduction``); the kernel is ``trapcore.numberlink._deduce``.

Used by ``Puzzle.grade`` and ``Puzzle.explain``, the CLI's ``solve --explain``, and generators
that want a puzzle a person can solve without guessing. The rules and grades are described in
the user guide (Numberlink, "Solving by deduction") and in docs/how-it-works/numberlink.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import numpy.typing as npt

from trapcore._types import Cell
from trapcore._validate import as_choice, frozen_copy
from trapcore.numberlink import _deduce
from trapcore.numberlink._grid import Grid, as_max_nodes, as_puzzle_grid, as_rules

if TYPE_CHECKING:
    from trapcore.numberlink.puzzle import Puzzle

__all__ = ["Deduction", "Step", "deduce", "GRADES", "RULES", "WORK_PER_SQUARE"]

#: The grades, easiest first: the rules each adds to the ones before it.
GRADES = ("forced", "regions", "trial")
#: The rules a :class:`Step` names (the kernel's codes, in order).
RULES = ("one-exit", "two-neighbours", "region", "cut", "trial", "trial-off")
#: The default budget (``max_steps=None``): this many units of work per square of the board.
WORK_PER_SQUARE = 100_000
#: The most colour words (64 paths each) times squares the kernel is given.
MAX_COLOUR_WORDS = 1 << 26


_WHY = {
    "one-exit": "the only way out of {first}",
    "two-neighbours": "{first} has only two neighbours it can join",
    "region": "only {what} can reach it",
    "cut": "every route of {what} passes here",
    "trial": "leaving them apart leads to a contradiction",
    "trial-off": "joining them leads to a contradiction",
}


class Step(NamedTuple):
    """One deduction of :func:`deduce`: which rule made it, on which path and squares.

    Attributes
    ----------
    rule : str
        One of ``RULES``: ``"one-exit"``, ``"two-neighbours"`` (two squares joined),
        ``"region"``, ``"cut"`` (a square given its number, or for "cut" also two squares
        joined), ``"trial"`` (joined), ``"trial-off"`` (kept apart).
    number : int
        The path number it concerns (``0`` while not yet known).
    squares : tuple of cells
        Two squares joined or kept apart (for "one-exit" and "two-neighbours", the square the
        rule looked at first), or one square given its number.

    See Also
    --------
    deduce : Makes the steps.
    Deduction : Holds them.

    Examples
    --------
    >>> from trapcore.numberlink import Step
    >>> Step("one-exit", 3, ((2, 4), (2, 5))).explain()
    '3 at (2, 4)-(2, 5): the only way out of (2, 4)'
    """

    rule: str
    number: int
    squares: tuple[Cell, ...]

    def explain(self) -> str:
        """The step as a line of text.

        Returns
        -------
        str
            ``"<number> at <squares>: <why>"`` (``"<squares> apart: <why>"`` for "trial-off").

        Examples
        --------
        >>> from trapcore.numberlink import Step
        >>> Step("cut", 2, ((1, 1),)).explain()
        '2 at (1, 1): every route of 2 passes here'
        """
        what = str(self.number) if self.number else "a path"
        where = "-".join(f"({r}, {c})" for r, c in self.squares)
        why = _WHY[self.rule].format(
            what=what, first=f"({self.squares[0][0]}, {self.squares[0][1]})"
        )
        if self.rule == "trial-off":
            return f"{where} apart: {why}"
        if self.rule == "trial" and len(self.squares) == 1:
            why = "every other number leads to a contradiction"
        return f"{what} at {where}: {why}"


@dataclass(frozen=True, repr=False)
class Deduction:
    """What :func:`deduce` proved about a puzzle.

    Attributes
    ----------
    solved : bool
        Every square decided: the puzzle has exactly one solution under its rules.
    grade : str
        The easiest grade whose rules solved it (``"forced"``, ``"regions"``, ``"trial"``), or
        ``"search"`` when unsolved.
    solution : ndarray of int16 or None
        The solution (read-only; ``0`` on squares left empty without fill) when solved.
    steps : tuple of Step
        The deductions, in order, when recorded (``record=True``).
    contradiction : bool
        The givens were proven to have no solution.
    work : int
        Units of work: deductions made and squares the searches and trials looked at, trials'
        included; what ``max_steps`` bounds.
    exhausted : bool
        The budget (``max_steps``) ran out before the rules finished: unsolved, not a stall.

    See Also
    --------
    deduce : Makes it.
    Step : One deduction.

    Examples
    --------
    >>> from trapcore.numberlink import deduce
    >>> deduce([[1, 2], [2, 1]])
    <Deduction contradiction grade='search' steps=0 work=3>
    """

    solved: bool
    grade: str
    solution: npt.NDArray[np.int16] | None = field(compare=False)
    steps: tuple[Step, ...]
    contradiction: bool
    work: int
    exhausted: bool = False

    def explain(self) -> str:
        """The deduction as text: one line per step (see :meth:`Step.explain`), then the verdict.

        Returns
        -------
        str
            The lines, joined by newlines.

        Examples
        --------
        >>> from trapcore.numberlink import deduce
        >>> print(deduce([[1, 0, 1]]).explain())
        1 at (0, 0)-(0, 1): the only way out of (0, 0)
        1 at (0, 1)-(0, 2): the only way out of (0, 1)
        solved by deduction (grade 'forced'): the solution is unique
        """
        lines = [s.explain() for s in self.steps]
        if self.solved:
            lines.append(f"solved by deduction (grade {self.grade!r}): the solution is unique")
        elif self.contradiction:
            lines.append("contradiction: the puzzle has no solution")
        elif self.exhausted:
            lines.append(f"out of budget after {self.work} units of work (max_steps)")
        else:
            lines.append("stalled: these rules do not decide every square")
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = (
            "solved"
            if self.solved
            else "contradiction"
            if self.contradiction
            else "exhausted"
            if self.exhausted
            else "stalled"
        )
        return f"<Deduction {state} grade={self.grade!r} steps={len(self.steps)} work={self.work}>"


def _as_grid(
    puzzle: Puzzle | npt.ArrayLike, fill: object, touch: object
) -> tuple[Grid, bool, bool]:
    from trapcore.numberlink.puzzle import Puzzle

    if isinstance(puzzle, Puzzle):
        grid = puzzle._square_grid("deduce")
        rules = (puzzle.fill, puzzle.touch)
    else:
        grid = as_puzzle_grid(puzzle, "puzzle")
        rules = (True, True)
    fill = rules[0] if fill is None else fill
    touch = rules[1] if touch is None else touch
    f, t = as_rules(fill, touch)
    return grid, f, t


def deduce(
    puzzle: Puzzle | npt.ArrayLike,
    *,
    fill: bool | None = None,
    touch: bool | None = None,
    max_grade: str = "trial",
    max_steps: int | None = None,
    record: bool = True,
) -> Deduction:
    """Solve a Numberlink puzzle by sound deductions alone, as a person would, and grade it.

    The rules come in grades (see the user guide, "Solving by deduction"): ``"forced"`` (a path
    end with one way out, a square with two possible neighbours, no loops, no two numbers on
    one path, finished paths, dead ends), ``"regions"`` (squares no route of a number reaches
    lose it; squares and edges every route uses take it) and ``"trial"`` (an edge assumed on or
    off, the rules before it to a contradiction). No rule assumes the solution is unique, so a
    puzzle it solves has exactly one solution, and ``grade`` is the easiest grade that solved it.
    When it stalls (``solved=False``, grade ``"search"``), the complete solver
    (:func:`~trapcore.numberlink.solve`) still decides the puzzle.

    Parameters
    ----------
    puzzle : Puzzle or array_like of int, shape (rows, cols)
        A grid puzzle, or a grid (``0`` empty, ``-1`` solid, ``k > 0`` the two ends of path k).
    fill, touch : bool, optional
        The rules (see :func:`~trapcore.numberlink.solve`); default: the puzzle's own, Flow
        Free's (``True``, ``True``) for a grid.
    max_grade : {"forced", "regions", "trial"}, default "trial"
        The hardest grade of rules to use.
    max_steps : int or None, default None
        Stop after this many units of work (``Deduction.work``: deductions, and the squares
        the region searches and trials look at; the time is proportional to it), with
        ``exhausted=True``. None: ``WORK_PER_SQUARE`` (100,000) per square of the board.
    record : bool, default True
        Keep the steps (``Deduction.steps``); False is cheaper.

    Returns
    -------
    Deduction

    Raises
    ------
    TypeError, ValueError
        A malformed ``puzzle`` (or one not on a grid of squares), or a bad option.
    KeyboardInterrupt
        Ctrl-C, within a fraction of a second.

    See Also
    --------
    trapcore.numberlink.solve : the complete solver.
    trapcore.numberlink.Puzzle.grade : the grade of a puzzle.

    Examples
    --------
    >>> from trapcore.numberlink import deduce
    >>> d = deduce([[1, 0, 1], [2, 0, 2]])
    >>> d.solved, d.grade
    (True, 'forced')
    >>> print(d.explain().splitlines()[0])
    1 at (0, 0)-(0, 1): the only way out of (0, 0)
    """
    grid, f, t = _as_grid(puzzle, fill, touch)
    grade = GRADES.index(as_choice(max_grade, "max_grade", GRADES))
    if max_steps is None:
        max_steps = WORK_PER_SQUARE * grid.size
    steps_budget = as_max_nodes(max_steps, "max_steps")
    if not isinstance(record, (bool, np.bool_)):
        raise TypeError(f"record must be a bool, got {type(record).__name__}")
    numbers = np.unique(grid[grid > 0])
    if (len(numbers) // 64 + 1) * grid.size > MAX_COLOUR_WORDS:
        raise ValueError(f"puzzle: {len(numbers)} paths on {grid.size} squares is too many")
    lookup = np.zeros(int(numbers[-1]) + 1 if len(numbers) else 1, np.int16)
    lookup[numbers] = np.arange(1, len(numbers) + 1, dtype=np.int16)
    compact = np.where(grid > 0, lookup[np.maximum(grid, 0)], grid).astype(np.int16)
    status, level, sol, raw, work = _deduce.deduce(
        compact, len(numbers), f, t, grade, steps_budget, bool(record)
    )
    back = np.concatenate(([0], numbers)).astype(np.int16)
    solution = None
    if sol is not None:
        solution = frozen_copy(np.where(grid < 0, -1, back[np.maximum(sol, 0)]).astype(np.int16))
    cols = grid.shape[1]
    steps = tuple(
        Step(
            RULES[rule],
            int(back[k]),
            tuple((int(x) // cols, int(x) % cols) for x in (a, b) if x >= 0),
        )
        for rule, k, a, b in raw.tolist()
    )
    return Deduction(
        solved=status == 1,
        grade=GRADES[level] if status == 1 else "search",
        solution=solution,
        steps=steps,
        contradiction=status == 2,
        work=work,
        exhausted=status == 3,
    )
