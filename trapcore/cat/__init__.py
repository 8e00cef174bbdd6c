"""Trap the Cat on even-r hex boards: the game, the cat and player policies, the solver, simulation.

``trapcore.cat.hexgrid`` holds the geometry (neighbours, distances, escape paths, random boards).
"""

from trapcore._renamed import module_getattr
from trapcore.cat import hexgrid
from trapcore.cat._limits import LIMITS
from trapcore.cat.formats import (
    LAYOUTS,
    STYLES,
    _board_to_text,
    board_from_text,
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
    _model_of,
    cat_move,
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
from trapcore.cat.simulation import SimResult, _batch_generators, simulate
from trapcore.cat.solver import (
    SOLVE_METHODS,
    Hint,
    Solution,
    SolverPlayer,
    Verdict,
    hint,
    solve,
    winnable_board,
)
from trapcore.cat.solver_cat import SolverCat

__all__ = [
    "hexgrid",
    "CatGame",
    "Status",
    "Turn",
    "Analysis",
    "cat_move",
    "player_move",
    "POLICIES",
    "LEVELS",
    "RULES",
    "PLAYERS",
    "SOLVE_POLICIES",
    "LIMITS",
    "solve",
    "hint",
    "SolverPlayer",
    "SolverCat",
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
    "simulate",
    "SimResult",
    "render_board",
    "read_board",
    "Position",
    "board_from_text",
    "to_odd_r",
    "from_odd_r",
    "odd_r_cell",
    "LAYOUTS",
    "STYLES",
]

#: 0.2's names, deprecated (they go in 0.4): the budgets and sizes are LIMITS' fields, the two
#: helpers private, board_to_text render_board(numbers=False) (plus a final newline).
_OLD = {
    "DEFAULT_NODES": LIMITS.solve_nodes,
    "SOLVER_PLAYER_NODES": LIMITS.player_nodes,
    "SOLVER_CAT_NODES": LIMITS.cat_nodes,
    "MAX_SOLVE_WORKERS": LIMITS.workers,
    "BATCH": LIMITS.batch_games,
    "model_of": _model_of,
    "batch_generators": _batch_generators,
    "board_to_text": _board_to_text,
}
__getattr__ = module_getattr(
    __name__,
    {
        **{old: "LIMITS" for old in _OLD if old.isupper()},
        "model_of": "_model_of",
        "batch_generators": "_batch_generators",
        "board_to_text": "render_board",
    },
    globals(),
    _OLD,
)
del module_getattr, _model_of, _batch_generators, _board_to_text
