"""SolverCat: a cat policy that asks the solver about each of its steps (stronger than the smart cat
against players who search deep, at a budget the caller chooses)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from trapcore._types import Cell, CellLike
from trapcore._validate import as_generator, as_int
from trapcore.cat import hexgrid
from trapcore.cat._board import as_board, check_solver_size, default_depth, free_cell
from trapcore.cat.players import cat_move
from trapcore.cat.solver import Verdict, _as_workers, _solve

__all__ = ["SolverCat"]

#: SolverCat's default budget (positions) for each step it weighs (``LIMITS.cat_nodes``).
SOLVER_CAT_NODES = 2_000


class SolverCat:
    """The smart cat's move, checked against the solver: our strongest cat against players who
    search deep, at up to six searches a move.

    A cat next to the border steps onto it. Otherwise the cat weighs each step by solving the
    position it leaves the player (``max_nodes`` positions, against the optimal cat): it plays
    the smart cat's step unless the solver proves that step lost and another not, prefers a step
    proven to escape, and never takes a step proven won for the player while another is not.
    Use it wherever a policy is taken: ``CatGame(policy=tc.cat.SolverCat())``. The rules in
    full and what a move costs: :doc:`/how-it-works/cat-solver`; its strength:
    :doc:`/cat-research`.

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

    See Also
    --------
    cat_move : The named cats' moves (``policy="smart"`` among them).
    solve : The search it asks about each step.
    SolverPlayer : The player's side of the same search.

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
        rng = as_generator(rng, "rng")
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
