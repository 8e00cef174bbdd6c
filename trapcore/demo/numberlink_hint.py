"""The Numberlink tab's hint: the first step of the library's deduction
(:func:`trapcore.numberlink.deduce`) that the player's drawing does not hold yet, or the first
square where the drawing leaves the solution; used by ``numberlink_tab``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from trapcore._types import Cell
from trapcore.numberlink import Deduction, Step

__all__ = ["Hint", "drawn_edges", "first_wrong", "holds", "next_hint", "solution_edges"]

Edge = frozenset[Cell]
#: The rules whose step joins its two squares (a step of one square gives it a number).
JOINS = ("one-exit", "two-neighbours", "cut", "trial")


@dataclass(frozen=True)
class Hint:
    """What the Hint button shows: the squares to ring and the status line's text.

    ``kind`` is ``"step"`` (``step`` is the deduction's next step), ``"wrong"`` (the first
    square of the drawing no solution has), ``"stalled"`` (deduction decides nothing more),
    ``"none"`` (no solution) or ``"done"`` (the drawing holds every step)."""

    kind: str
    squares: tuple[Cell, ...]
    text: str
    step: Step | None = None


def drawn_edges(paths: Mapping[int, Sequence[Cell]]) -> set[Edge]:
    """The joins the player has drawn: each pair of squares one after the other on a path."""
    return {frozenset((a, b)) for cells in paths.values() for a, b in zip(cells, cells[1:])}


def solution_edges(deduction: Deduction) -> set[Edge]:
    """The joins a deduction made: on a solved puzzle, every join of its (unique) solution."""
    return {
        frozenset(s.squares) for s in deduction.steps if s.rule in JOINS and len(s.squares) == 2
    }


def holds(step: Step, edges: set[Edge], drawn: np.ndarray, full: np.ndarray) -> bool:
    """Whether the drawing already holds ``step``: its join drawn, its square in its number's
    path, or (kept apart) no join drawn and none possible (a square full, or both on paths).

    ``drawn``: the puzzle grid with the player's paths filled in; ``full``: the squares with
    all the joins they can take (one at an end, two elsewhere)."""
    if step.rule == "trial-off":
        a, b = step.squares
        return frozenset((a, b)) not in edges and (
            bool(full[a] or full[b]) or bool(drawn[a] > 0 and drawn[b] > 0)
        )
    if step.rule in JOINS and len(step.squares) == 2:
        return frozenset(step.squares) in edges
    return step.number > 0 and all(int(drawn[sq]) == step.number for sq in step.squares)


def first_wrong(
    paths: Mapping[int, Sequence[Cell]],
    solution: np.ndarray,
    edges: set[Edge] | None,
) -> tuple[int, Cell] | None:
    """The first path (by number) that leaves the solution, and the first square where it
    does, walking from its start: a square of another path, or (``edges``: the solution's
    joins, when known) a join the solution does not make. None when nothing is wrong."""
    for k in sorted(paths):
        cells = paths[k]
        for a, b in zip(cells, cells[1:]):
            if int(solution[b]) != k or (edges is not None and frozenset((a, b)) not in edges):
                return k, b
    return None


def _joins_needed(grid: np.ndarray, edges: Iterable[Edge]) -> np.ndarray:
    degree = np.zeros(grid.shape, dtype=np.int64)
    for edge in edges:
        for sq in edge:
            degree[sq] += 1
    return degree >= np.where(grid > 0, 1, 2)


def next_hint(
    deduction: Deduction,
    grid: np.ndarray,
    paths: Mapping[int, Sequence[Cell]],
    solution: np.ndarray | None = None,
) -> Hint:
    """The hint for the player's ``paths`` on the puzzle ``grid``, from its ``deduction``.

    A drawing that leaves the solution comes first (``solution``: the puzzle's unique solution
    when known, else the deduction's own when it solved the puzzle); then the first step of the
    deduction the drawing does not hold, in the player's words; then the verdict. A puzzle
    deduction proves has no solution gets only that."""
    if deduction.contradiction:
        return Hint("none", (), "Hint: deduction proves this puzzle has no solution.")
    edges = drawn_edges(paths)
    drawn = np.array(grid, copy=True)
    for k, cells in paths.items():
        for sq in cells:
            drawn[sq] = k
    if deduction.solved:
        solution = deduction.solution
    known = solution_edges(deduction) if deduction.solved else None
    if solution is not None:
        wrong = first_wrong(paths, solution, known)
        if wrong is not None:
            k, (r, c) = wrong
            return Hint(
                "wrong",
                ((r, c),),
                f"Hint: path {k} goes wrong at ({r}, {c}) (ringed in red): the solution does "
                "not take it there. Drag back along it, or press Ctrl+Z.",
            )
    full = _joins_needed(grid, edges)
    for step in deduction.steps:
        if holds(step, edges, drawn, full):
            continue
        if step.rule == "trial-off":
            todo = "Do not join the ringed squares."
        elif step.rule in JOINS and len(step.squares) == 2:
            todo = "Join the ringed squares."
        else:
            todo = f"Path {step.number} passes through the ringed square."
        return Hint("step", step.squares, f"Hint: {step.explain()}. {todo}", step)
    if not deduction.solved:
        return Hint(
            "stalled",
            (),
            "Hint: deduction stops here: no rule a person uses (forced moves, regions, trial) "
            "decides another square. This puzzle needs search; Show solution solves it.",
        )
    return Hint("done", (), "Hint: nothing left to deduce: your paths are the solution.")
