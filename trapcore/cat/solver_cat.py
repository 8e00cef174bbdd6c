"""SolverCat: a cat policy that asks the solver about each of its steps (stronger than the smart cat
against players who search deep, at a budget the caller chooses)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from trapcore._types import Cell, CellLike
from trapcore._validate import as_int
from trapcore.cat import hexgrid
from trapcore.cat._board import as_board, check_solver_size, default_depth, free_cell
from trapcore.cat.players import cat_move
from trapcore.cat.solver import Verdict, _as_workers, _solve

__all__ = ["SolverCat"]

#: SolverCat's default budget (positions) for each step it weighs (``LIMITS.cat_nodes``).
SOLVER_CAT_NODES = 2_000


class SolverCat:
    """The smart cat's move, checked against the solver: our strongest cat against players who
    search deep (against the lookahead player it is as strong as the smart cat, no stronger).

    At each turn the cat weighs each of its steps (a free neighbour) by solving the position it
    leaves the player, who is then to move (:func:`trapcore.cat.solve`, ``max_nodes`` positions
    each, against the optimal cat):

    1. a border cell, when one is next to it (it escapes next turn; the smart cat's choice);
    2. else the smart cat's move (``policy="smart"``, from the game's random stream) if the
       solver proves it a forced escape (the player lost after it), or if no step is one and the
       solver does not prove the player wins after it;
    3. else the first step (in the neighbour order E, W, NE, NW, SE, SW) that the solver proves a
       forced escape, or, with none, the step not proven won for the player that is nearest the
       border (the first among equals); a cat whose every step is proven lost plays the smart
       cat's move.

    So it never walks into a position the solver proves won for the player within its budget, and
    it takes every forced escape the solver proves; the smart cat's searches (an exact escape
    search of four moves, a three-block alpha-beta search) choose among the rest. A move costs one
    search of ``max_nodes`` positions per step at most (six), and one only when the smart cat's
    step is a proven forced escape: far more than the smart cat's move, so the demo's "hard"
    level stays smart. It is the level that trades cost for strength; its strength against a
    player who follows the solver's hints, and its cost a move, are measured in the documentation
    (the Trap the Cat research notes and the benchmarks).

    Use it wherever a policy is taken (:class:`CatGame`, :func:`simulate`, the environments):
    ``CatGame(policy=tc.cat.SolverCat())``. The solver treats a callable cat as the optimal cat,
    so hints against it are what they are against the smart cat.

    Parameters
    ----------
    max_nodes : int
        The solver's budget for each step weighed (>= 1), ``LIMITS.cat_nodes`` (2000) by default.
    workers : int, optional
        Threads for the solver's proof-number search (see :func:`trapcore.cat.solve`); the moves
        do not depend on it.

    Raises
    ------
    TypeError, ValueError
        A bad ``max_nodes`` or ``workers``; when called, a bad board (more than 4096 cells) or
        cat cell.

    Examples
    --------
    >>> import trapcore as tc
    >>> cat = tc.cat.SolverCat(max_nodes=500)
    >>> cat
    <SolverCat max_nodes=500>
    >>> game = tc.CatGame(blocked=15, policy=cat, seed=1)   # a game against it
    """

    def __init__(self, max_nodes: int = SOLVER_CAT_NODES, *, workers: int | None = None):
        self.max_nodes = as_int(max_nodes, "max_nodes", minimum=1, maximum=1 << 40)
        self.workers = _as_workers(workers)

    def __call__(
        self, board: npt.ArrayLike, cat: CellLike, rng: np.random.Generator | None = None
    ) -> Cell | None:
        """The cat's step from ``cat`` on ``board`` (the player's block made), or ``None`` when it
        cannot move; ``rng`` feeds the smart cat's random choices."""
        b = as_board(board)
        check_solver_size(b, "the solver cat")
        here = free_cell(b, cat, "cat")
        steps = [q for q in hexgrid.neighbours(here, b.shape) if not b[q]]
        if not steps:
            return None
        smart = cat_move(b, here, policy="smart", seed=rng)
        if smart is None or hexgrid.is_border(smart, b.shape):
            return smart  # the smart cat steps onto the border whenever it can
        depth = default_depth(b)

        def verdict(q: Cell) -> Verdict:
            if hexgrid.escape_path(b, q) is None:
                return Verdict.WIN  # walled in there: won for the player
            return _solve(
                b, q[0], q[1], "optimal", self.max_nodes, depth, "auto", None, self.workers
            ).verdict

        verdicts = {smart: verdict(smart)}
        if verdicts[smart] is Verdict.LOSS:
            return smart  # a proven forced escape: the other steps cannot change the choice
        for q in steps:
            if q not in verdicts:
                verdicts[q] = verdict(q)
        escapes = [q for q in steps if verdicts[q] is Verdict.LOSS]
        if smart in escapes or (not escapes and verdicts[smart] is not Verdict.WIN):
            return smart
        if escapes:
            return escapes[0]
        open_steps = [q for q in steps if verdicts[q] is not Verdict.WIN]
        if not open_steps:
            return smart  # every step is proven lost
        to_border = hexgrid.distance_to_border(b)
        return min(open_steps, key=lambda q: int(to_border[q]))

    def __repr__(self) -> str:
        return f"<SolverCat max_nodes={self.max_nodes}>"
