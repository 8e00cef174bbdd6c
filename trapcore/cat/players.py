"""The cat's and the player's moves: the policy names and the one-move functions cat_move and
player_move (the kernels simulate() and CatGame play)."""
from __future__ import annotations

import numpy as np

from trapcore._validate import as_choice, as_generator, as_int
from trapcore.cat import _play
from trapcore.cat._board import MAX_SOLVE_CELLS, as_board, free_cell

__all__ = [
    "POLICIES",
    "RULES",
    "PLAYERS",
    "SOLVE_POLICIES",
    "SOLVER_PLAYER_NODES",
    "cat_move",
    "player_move",
    "model_of",
]

# Each tuple's order is the kernels' code (src/cat/hex.pxd, search.pxd, play.pyx): name -> index.
#: How the cat moves (``policy=``).
POLICIES = ("bfs", "rays", "smart")
#: When the player wins: the cat cannot reach the border, or cannot move at all (``rules=``).
RULES = ("enclosed", "surrounded")
#: How the player blocks (``player=``) in :func:`player_move` and :func:`simulate`.
PLAYERS = ("random", "greedy", "lookahead", "solver")
#: The cats the solver plays against (``solve(policy=)``).
SOLVE_POLICIES = ("optimal", "bfs", "rays")
#: The "solver" player's node budget per move in simulate() and player_move().
SOLVER_PLAYER_NODES = 2_000
# the "solver" player's deepest horizon (a fixed number keeps its moves reproducible)
_SOLVER_DEPTH = 64


def model_of(policy: str) -> str:
    """The solver's model of a cat policy.

    Parameters
    ----------
    policy : {"bfs", "rays", "smart"}

    Returns
    -------
    {"optimal", "bfs", "rays"}
        The fixed policies are solved exactly as they play; the smart cat (randomised) is
        treated as the optimal cat.
    """
    policy = as_choice(policy, "policy", POLICIES)
    return "optimal" if policy == "smart" else policy


def cat_move(board, cat, *, policy: str = "bfs", rules: str = "enclosed", seed=None):
    """The cat's reply on ``board`` (the player's block already made) from ``cat``.

    Parameters
    ----------
    board : array_like of int, shape (rows, cols)
        0 free, 1 blocked (even-r offset rows).
    cat : (row, col)
        The cat's cell: free, not on the border (a cat there escapes instead of moving).
    policy : {"bfs", "rays", "smart"}
        ``"bfs"`` steps along :func:`trapcore.cat.hexgrid.escape_path`; ``"rays"`` along the open
        straight ray with the fewest cells to the edge, else to a random free neighbour;
        ``"smart"`` takes a border cell when it can, else a move that forces an escape (a short
        exact search), else the move whose escape distance suffers least from the player's best
        single block, ties broken at random.
    rules : {"enclosed", "surrounded"}
        Whether an enclosed cat gives up (``None``) or keeps moving inside its pocket.
    seed : None, int, SeedSequence or Generator
        The random choices of the ray and smart cats.

    Returns
    -------
    (row, col) or None
        The cat's new cell, or ``None`` when the player has won (the cat is enclosed under
        ``"enclosed"`` rules, or cannot move under ``"surrounded"`` rules).

    Raises
    ------
    TypeError, ValueError
        Bad board, policy, rules or seed; ``cat`` outside, blocked or on the border.
    """
    b = as_board(board)
    policy = as_choice(policy, "policy", POLICIES)
    rules = as_choice(rules, "rules", RULES)
    r, c = free_cell(b, cat, "cat")
    rows, cols = b.shape
    if r == 0 or c == 0 or r == rows - 1 or c == cols - 1:
        raise ValueError(f"cat = ({r}, {c}) is on the border: it escapes instead of moving")
    gen = as_generator(seed)
    p = _play.cat_reply(b, r, c, POLICIES.index(policy), RULES.index(rules), gen.bit_generator)
    return None if p < 0 else divmod(int(p), cols)


def _player_block(b: np.ndarray, cat, player: str, policy: str, gen=None,
                 max_nodes: int = SOLVER_PLAYER_NODES):
    """``player``'s block on a validated board against ``policy`` (no checks; for the package)."""
    model = SOLVE_POLICIES.index(model_of(policy))
    gen = gen if gen is not None else as_generator(0)
    p = _play.player_move(b, cat[0], cat[1], PLAYERS.index(player), model, max_nodes, _SOLVER_DEPTH,
                          gen.bit_generator)
    return None if p < 0 else divmod(int(p), b.shape[1])


def player_move(board, cat, *, player: str = "greedy", policy: str = "bfs", seed=None,
                max_nodes: int = SOLVER_PLAYER_NODES):
    """The block a player policy makes (the same kernel :func:`simulate` uses).

    Parameters
    ----------
    board : array_like of int, shape (rows, cols)
        0 free, 1 blocked (even-r offset rows).
    cat : (row, col)
        The cat's cell (free).
    player : {"random", "greedy", "lookahead", "solver"}
        ``"random"`` blocks a uniformly random free cell; ``"greedy"`` the cell a fixed-tie BFS
        cat would step to next; ``"lookahead"`` tries each block near the cat's shortest escape
        routes, plays the rest greedily against a fixed-tie BFS cat and keeps the best;
        ``"solver"`` plays the solver's proven winning block against ``policy``'s model
        (within ``max_nodes``), else the lookahead block.
    policy : {"bfs", "rays", "smart"}
        The cat being played (the solver models "smart" as the optimal cat).
    seed : None, int, SeedSequence or Generator
        Randomness of the random player.
    max_nodes : int
        The solver player's budget (positions); the other players do not search.

    Returns
    -------
    (row, col) or None
        ``None`` when no cell can be blocked.

    Raises
    ------
    TypeError, ValueError
        Bad board, cell, player, policy, seed or budget; the solver player on a board of more
        than 4096 cells.
    """
    b = as_board(board)
    r, c = free_cell(b, cat, "cat")
    player = as_choice(player, "player", PLAYERS)
    policy = as_choice(policy, "policy", POLICIES)
    if player == "solver" and b.size > MAX_SOLVE_CELLS:
        raise ValueError(f"board has {b.size} cells; the solver player accepts at most "
                         f"{MAX_SOLVE_CELLS}")
    max_nodes = as_int(max_nodes, "max_nodes", minimum=1, maximum=1 << 40)
    return _player_block(b, (r, c), player, policy, as_generator(seed), max_nodes)

