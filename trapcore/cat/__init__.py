"""Trap the Cat on even-r hex boards: the game, the cat and player policies, the solver, simulation.

``trapcore.cat.hexgrid`` holds the geometry (neighbours, distances, escape paths, random boards).
"""

from trapcore.cat import hexgrid
from trapcore.cat.formats import (
    LAYOUTS,
    STYLES,
    board_from_text,
    board_to_text,
    from_odd_r,
    odd_r_cell,
    to_odd_r,
)
from trapcore.cat.game import Analysis, CatGame, Status, Turn
from trapcore.cat.players import (
    LEVELS,
    PLAYERS,
    POLICIES,
    RULES,
    SOLVE_POLICIES,
    SOLVER_PLAYER_NODES,
    cat_move,
    model_of,
    player_move,
)
from trapcore.cat.proof import (
    Certificate,
    certificate,
    check_certificate,
    check_escape_certificate,
    compact_certificate,
    escape_certificate,
)
from trapcore.cat.render import Position, read_board, render_board
from trapcore.cat.simulation import BATCH, SimResult, batch_generators, simulate
from trapcore.cat.solver import (
    DEFAULT_NODES,
    MAX_SOLVE_WORKERS,
    SOLVE_METHODS,
    Hint,
    Solution,
    SolverPlayer,
    Verdict,
    hint,
    solve,
    winnable_board,
)
from trapcore.cat.solver_cat import SOLVER_CAT_NODES, SolverCat

__all__ = [
    "hexgrid",
    "CatGame",
    "Status",
    "Turn",
    "Analysis",
    "cat_move",
    "player_move",
    "model_of",
    "POLICIES",
    "LEVELS",
    "RULES",
    "PLAYERS",
    "SOLVE_POLICIES",
    "SOLVER_PLAYER_NODES",
    "solve",
    "hint",
    "SolverPlayer",
    "SolverCat",
    "SOLVER_CAT_NODES",
    "winnable_board",
    "certificate",
    "check_certificate",
    "escape_certificate",
    "check_escape_certificate",
    "compact_certificate",
    "Certificate",
    "Verdict",
    "Solution",
    "Hint",
    "SOLVE_METHODS",
    "DEFAULT_NODES",
    "MAX_SOLVE_WORKERS",
    "simulate",
    "batch_generators",
    "SimResult",
    "BATCH",
    "render_board",
    "read_board",
    "Position",
    "board_to_text",
    "board_from_text",
    "to_odd_r",
    "from_odd_r",
    "odd_r_cell",
    "LAYOUTS",
    "STYLES",
]
