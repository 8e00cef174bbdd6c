"""The cat's and the player's moves: the policy names and the one-move functions cat_move and
player_move (the kernels simulate() and CatGame play)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from trapcore._names import by_name
from trapcore._renamed import module_getattr
from trapcore._types import Cell, CellLike, SeedLike
from trapcore._validate import as_cell, as_choice, as_generator, as_int
from trapcore.cat import _play
from trapcore.cat._board import as_board, check_policy_cells, check_solver_size, free_cell
from trapcore.cat._codes import Model, Player, Policy, Rules
from trapcore.cat._engine import Memory
from trapcore.cat._types import Board, Mover, PlayerLike, PolicyLike
from trapcore.errors import IllegalMoveError

__all__ = [
    "POLICIES",
    "LEVELS",
    "RULES",
    "PLAYERS",
    "SOLVE_POLICIES",
    "cat_move",
    "player_move",
]

# The names are derived from the kernels' codes, the cpdef enums of src/cat/codes.pxd (name ->
# member, in the enum's order): Policy.POLICY_BFS is "bfs".
_POLICY = by_name(Policy, "POLICY_")
_RULES = by_name(Rules, "RULES_")
_PLAYER = by_name(Player, "PLAYER_")
_MODEL = by_name(Model, "MODEL_")
#: How the cat moves (``policy=``): ``("bfs", "rays", "smart")``.
POLICIES = tuple(_POLICY)
#: Difficulty levels for people, accepted wherever a policy is: level -> the policy it plays.
LEVELS = {"easy": "bfs", "normal": "rays", "hard": "smart"}
#: When the player wins: the cat cannot reach the border, or cannot move at all (``rules=``):
#: ``("enclosed", "surrounded")``.
RULES = tuple(_RULES)
#: How the player blocks (``player=``) in :func:`player_move` and :func:`simulate`:
#: ``("random", "greedy", "lookahead", "solver")``.
PLAYERS = tuple(_PLAYER)
#: The cats the solver plays against (``solve(policy=)``): ``("optimal", "bfs", "rays")``.
SOLVE_POLICIES = tuple(_MODEL)
#: The "solver" player's budget per move in simulate() and player_move() (``LIMITS.player_nodes``).
SOLVER_PLAYER_NODES = 2_000
# the "solver" player's deepest horizon (a fixed number keeps its moves reproducible)
_SOLVER_DEPTH = 64


def as_policy(policy: PolicyLike) -> PolicyLike:
    """Validate the policy of a cat that moves (a game's, cat_move's, simulate's): a name of
    :data:`POLICIES`, a level of :data:`LEVELS` (returned as the policy it maps to) or a callable
    ``(board, cat, rng) -> cell``. ``"optimal"`` is refused, naming where it belongs."""
    if callable(policy):
        return policy
    if isinstance(policy, str) and policy in LEVELS:
        return LEVELS[policy]
    if isinstance(policy, str) and policy == "optimal":
        raise ValueError(
            "policy = 'optimal' is the solver's cat (every reply searched), which has no move of "
            "its own to play: give it to solve(), hint(), SolverPlayer or CatGame.hint(); a cat "
            f"that moves is one of {list(POLICIES + tuple(LEVELS))} or a callable"
        )
    return as_choice(policy, "policy", POLICIES + tuple(LEVELS))


def as_solver_policy(policy: PolicyLike) -> PolicyLike:
    """Validate the policy of the cat a search plays against (solve(), hint(), SolverPlayer,
    CatGame.hint()): every value :func:`as_policy` accepts, and ``"optimal"``."""
    if isinstance(policy, str) and policy == "optimal":
        return policy
    try:
        return as_policy(policy)
    except ValueError:
        names = POLICIES + tuple(LEVELS) + ("optimal",)
        return as_choice(policy, "policy", names)


def as_player(player: PlayerLike) -> PlayerLike:
    """Validate a player: a name of :data:`PLAYERS` or a callable ``(board, cat, rng) -> cell``."""
    if callable(player):
        return player
    return as_choice(player, "player", PLAYERS)


def policy_name(policy: PolicyLike) -> str:
    """A policy's name for reprs: the name itself, or the callable's name."""
    return policy if isinstance(policy, str) else str(getattr(policy, "__name__", repr(policy)))


def _model_of(policy: PolicyLike) -> str:
    """The solver's model of a cat policy.

    Parameters
    ----------
    policy : {"bfs", "rays", "smart", "easy", "normal", "hard", "optimal"} or callable

    Returns
    -------
    {"optimal", "bfs", "rays"}
        The fixed policies are solved exactly as they play; the smart cat (randomised) and
        callables (unknown to the solver) are treated as the optimal cat.
    """
    policy = as_solver_policy(policy)
    return policy if isinstance(policy, str) and policy in ("bfs", "rays") else "optimal"


def _read_only(board: Board) -> Board:
    view: Board = board.copy()
    view.flags.writeable = False
    return view


def _returned_cell(out: object, board: Board, what: str) -> Cell:
    """A callable's answer as a cell of board: anything else (None, a 3-tuple, a cell outside)
    is an IllegalMoveError, the documented type, naming what came."""
    try:
        return as_cell(out, board.shape, what)
    except (TypeError, ValueError) as e:
        raise IllegalMoveError(str(e)) from e


def _call_cat(fn: Mover, board: Board, cat: Cell, gen: np.random.Generator) -> Cell:
    """A callable policy's move: a free neighbour of ``cat`` (IllegalMoveError otherwise)."""
    from trapcore.cat.hexgrid import neighbours

    out = fn(_read_only(board), cat, gen)
    cell = _returned_cell(out, board, "the policy's move")
    if cell not in neighbours(cat, board.shape) or board[cell]:
        raise IllegalMoveError(
            f"policy {policy_name(fn)} moved the cat from {cat} to {cell}, "
            "which is not a free neighbour"
        )
    return cell


def _call_player(fn: Mover, board: Board, cat: Cell, gen: np.random.Generator) -> Cell:
    """A callable player's block: a free cell other than the cat's (IllegalMoveError otherwise)."""
    out = fn(_read_only(board), cat, gen)
    cell = _returned_cell(out, board, "the player's block")
    if cell == cat or board[cell]:
        raise IllegalMoveError(
            f"player {policy_name(fn)} blocked {cell}, which is not a free "
            "cell other than the cat's"
        )
    return cell


def _cat_step(
    b: Board, cat: Cell, policy: PolicyLike, rules: str, gen: np.random.Generator
) -> Cell | None:
    """The cat's reply on a validated board from a non-border ``cat``: its new cell or None (the
    player won). Names run in the kernel; a callable is asked only when the cat can move on."""
    if isinstance(policy, str):
        p = _play.cat_reply(b, cat[0], cat[1], _POLICY[policy], _RULES[rules], gen.bit_generator)
        return None if p < 0 else divmod(int(p), b.shape[1])
    from trapcore.cat.hexgrid import escape_path, neighbours

    if escape_path(b, cat) is None:
        if rules == "enclosed" or all(b[q] for q in neighbours(cat, b.shape)):
            return None
    return _call_cat(policy, b, cat, gen)


def cat_move(
    board: npt.ArrayLike,
    cat: CellLike,
    *,
    policy: PolicyLike = "bfs",
    rules: str = "enclosed",
    seed: SeedLike = None,
) -> Cell | None:
    """The cat's reply on ``board`` (the player's block already made) from ``cat``.

    Parameters
    ----------
    board : array_like of int, shape (rows, cols)
        0 free, 1 blocked (even-r offset rows).
    cat : (row, col)
        The cat's cell: free, not on the border (a cat there escapes instead of moving).
    policy : {"bfs", "rays", "smart", "easy", "normal", "hard"} or callable
        ``"bfs"`` steps along :func:`trapcore.cat.hexgrid.escape_path`; ``"rays"`` along the open
        straight ray with the fewest cells to the edge, else to a random free neighbour;
        ``"smart"`` takes a border cell when it can, else a move that forces an escape (a short
        exact search), else the move whose escape distance suffers least from the player's best
        single block, ties broken at random (on at most 16384 cells,
        128 x 128). The levels ``"easy"``, ``"normal"``, ``"hard"``
        play as :data:`LEVELS` maps them. A callable ``(board, cat, rng) -> cell`` (a read-only
        board copy, the cat's cell, a ``numpy.random.Generator``) returns a free neighbour of
        ``cat``; it runs in Python and is asked only when the cat can move on.
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
        Bad board, policy, rules or seed; ``cat`` outside, blocked or on the border; the smart
        cat on a board of more than 16384 cells.
    IllegalMoveError
        A callable policy returned a cell that is not a free neighbour of ``cat``.

    See Also
    --------
    player_move : The player's side.
    SolverCat : A cat that asks the solver.
    CatGame : A game played with a policy.

    Examples
    --------
    >>> import numpy as np
    >>> import trapcore as tc
    >>> board = np.zeros((5, 5), np.uint8)
    >>> board[2, 3] = 1  # the player blocked east of the cat
    >>> tc.cat.cat_move(board, (2, 2))  # the BFS cat steps west
    (2, 1)
    >>> for cell in tc.cat.hexgrid.neighbours((2, 2), board.shape):
    ...     board[cell] = 1
    >>> tc.cat.cat_move(board, (2, 2)) is None  # enclosed: the player has won
    True
    """
    b = as_board(board)
    policy = as_policy(policy)
    check_policy_cells(policy, b.size)
    rules = as_choice(rules, "rules", RULES)
    r, c = free_cell(b, cat, "cat")
    rows, cols = b.shape
    if r == 0 or c == 0 or r == rows - 1 or c == cols - 1:
        raise ValueError(f"cat = ({r}, {c}) is on the border: it escapes instead of moving")
    return _cat_step(b, (r, c), policy, rules, as_generator(seed))


def _player_block(
    b: Board,
    cat: Cell,
    player: str,
    policy: PolicyLike,
    gen: np.random.Generator | None = None,
    max_nodes: int = SOLVER_PLAYER_NODES,
    memory: Memory | None = None,
) -> Cell | None:
    """``player``'s block on a validated board against ``policy`` (no checks; for the package);
    memory: the solver player's table kept between moves, or None."""
    model = _MODEL[_model_of(policy)]
    gen = gen if gen is not None else as_generator(0)
    p = _play.player_move(
        b,
        cat[0],
        cat[1],
        _PLAYER[player],
        model,
        max_nodes,
        _SOLVER_DEPTH,
        gen.bit_generator,
        memory,
    )
    return None if p < 0 else divmod(int(p), b.shape[1])


def player_move(
    board: npt.ArrayLike,
    cat: CellLike,
    *,
    player: PlayerLike = "greedy",
    policy: PolicyLike = "bfs",
    seed: SeedLike = None,
    max_nodes: int = SOLVER_PLAYER_NODES,
) -> Cell | None:
    """The block a player policy makes (the same kernel :func:`simulate` uses).

    Parameters
    ----------
    board : array_like of int, shape (rows, cols)
        0 free, 1 blocked (even-r offset rows).
    cat : (row, col)
        The cat's cell (free).
    player : {"random", "greedy", "lookahead", "solver"} or callable
        ``"random"`` blocks a uniformly random free cell; ``"greedy"`` the cell a fixed-tie BFS
        cat would step to next; ``"lookahead"`` tries each block near the cat's shortest escape
        routes, plays the rest greedily against a fixed-tie BFS cat and keeps the best;
        ``"solver"`` plays the solver's proven winning block against ``policy``'s model
        (within ``max_nodes``; against the optimal cat the proof-number search tries first, as
        :func:`trapcore.cat.solve` does by default), else the lookahead block; one move, searched
        from scratch (:class:`trapcore.cat.SolverPlayer` keeps the search's table through a game,
        as :func:`trapcore.cat.simulate`'s solver player does). A callable
        ``(board, cat, rng) -> cell`` (read-only board copy, the cat's cell, a
        ``numpy.random.Generator``) returns a free cell other than the cat's; it runs in Python.
    policy : {"bfs", "rays", "smart", "easy", "normal", "hard", "optimal"} or callable
        The cat being played (the solver models "smart" and callables as the optimal cat;
        ``"optimal"`` is that cat itself).
    seed : None, int, SeedSequence or Generator
        Randomness of the random player (the generator a callable player gets).
    max_nodes : int
        The solver player's budget (positions); the other players do not search.

    Returns
    -------
    (row, col) or None
        ``None`` when no cell can be blocked.

    Raises
    ------
    TypeError, ValueError
        Bad board, cell, player, policy, seed or budget; the solver or lookahead player on a
        board of more than 4096 cells.
    IllegalMoveError
        A callable player returned a blocked cell or the cat's.

    See Also
    --------
    cat_move : The cat's side.
    SolverPlayer : The solver player, keeping its table.
    hint : The solver's advice for one position.

    Examples
    --------
    >>> import trapcore as tc
    >>> board = tc.cat.hexgrid.random_board(7, 7, 6, seed=1, keep_free=(3, 3))
    >>> tc.cat.player_move(board, (3, 3))  # greedy: where the BFS cat steps next
    (3, 2)
    >>> tc.cat.player_move(board, (3, 3), player="solver")  # a proven win against the BFS cat
    (2, 2)
    >>> tc.cat.player_move(board, (3, 3), player="random", seed=1)
    (3, 0)
    """
    b = as_board(board)
    r, c = free_cell(b, cat, "cat")
    player = as_player(player)
    policy = as_solver_policy(policy)
    if callable(player):
        if int(b.sum()) >= b.size - 1:
            return None
        return _call_player(player, b, (r, c), as_generator(seed))
    if player in ("solver", "lookahead"):
        # the lookahead player tries each block against a search of the board: its cost grows as
        # the fourth power of the side, so it has the solver's size limit
        check_solver_size(b, f"the {player} player")
    max_nodes = as_int(max_nodes, "max_nodes", minimum=1, maximum=1 << 40)
    return _player_block(b, (r, c), player, policy, as_generator(seed), max_nodes)


#: 0.2's name, deprecated (it goes in 0.4): the helper is private.
__getattr__ = module_getattr(__name__, {"model_of": "_model_of"}, globals())
del module_getattr
