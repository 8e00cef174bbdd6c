"""The cat package's budgets and sizes in one named tuple, ``trapcore.cat.LIMITS`` (the modules
that use them keep their own constants)."""

from __future__ import annotations

from typing import NamedTuple

from trapcore.cat.players import SOLVER_PLAYER_NODES
from trapcore.cat.simulation import BATCH
from trapcore.cat.solver import DEFAULT_NODES, MAX_SOLVE_WORKERS
from trapcore.cat.solver_cat import SOLVER_CAT_NODES

__all__ = ["LIMITS", "Limits"]


class Limits(NamedTuple):
    """The cat solver's default budgets and the sizes trapcore.cat works in
    (``trapcore.cat.LIMITS``).

    Attributes
    ----------
    solve_nodes : int
        The default ``max_nodes`` (player positions) of :func:`solve`, :func:`hint`,
        :meth:`CatGame.hint`, :meth:`CatGame.analyze` and :func:`winnable_board`: 200000
        (``DEFAULT_NODES`` before 0.3).
    player_nodes : int
        The default ``max_nodes`` per move of :class:`SolverPlayer` and of the ``"solver"``
        player of :func:`player_move` and :func:`simulate`: 2000 (``SOLVER_PLAYER_NODES``).
    cat_nodes : int
        The default ``max_nodes`` of :class:`SolverCat` for each step it weighs: 2000
        (``SOLVER_CAT_NODES``).
    workers : int
        The most threads :func:`solve` runs its proof-number search on: 64
        (``MAX_SOLVE_WORKERS``).
    batch_games : int
        The games in one of :func:`simulate`'s batches, each drawn from one generator of
        ``(seed, k)``: 256 (``BATCH``).
    """

    solve_nodes: int
    player_nodes: int
    cat_nodes: int
    workers: int
    batch_games: int


#: The cat solver's default budgets in positions (``solve_nodes``, ``player_nodes``,
#: ``cat_nodes``), its most threads (``workers``) and simulate's games per batch
#: (``batch_games``).
LIMITS = Limits(DEFAULT_NODES, SOLVER_PLAYER_NODES, SOLVER_CAT_NODES, MAX_SOLVE_WORKERS, BATCH)
