"""``trapcore cat``: play Trap the Cat in the terminal, and its tools ``trapcore cat simulate`` and
``trapcore cat solve``. trapcore/cli.py calls :func:`add_parser`."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Collection
from typing import IO

import numpy as np

from trapcore._progress import timer
from trapcore.cat import LIMITS, hexgrid
from trapcore.cat.game import CatGame, Status
from trapcore.cat.internal import MAX_GAME_CELLS, MAX_SOLVE_CELLS
from trapcore.cat.players import PLAYERS, POLICIES, RULES
from trapcore.cat.render import read_board, render_board
from trapcore.cat.simulation import simulate
from trapcore.cat.solver import SOLVE_METHODS, Solution, Verdict, solve
from trapcore.cli import add_progress_flags, at_least, check_cells, progress_stream

__all__ = ["add_parser", "play", "run_simulate", "run_solve"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``trapcore cat`` (the terminal game) with its tools ``simulate`` and ``solve`` to the
    argparse sub-parsers ``sub``."""
    p = sub.add_parser(
        "cat",
        help="play Trap the Cat in the terminal",
        description=(
            "Play Trap the Cat: type `row col` to block a cell; the cat then steps toward the "
            "border. Trap it before it reaches the edge. Commands: u = undo, h = hint, q = quit. "
            "The board is drawn in even-r offset rows (even rows shifted half a cell to the "
            "right)."
        ),
    )
    p.add_argument("--rows", type=int, default=11, help="board rows (>= 1, default 11)")
    p.add_argument("--cols", type=int, default=11, help="board columns (>= 1, default 11)")
    p.add_argument(
        "--blocked",
        type=int,
        default=None,
        help="cells blocked at the start (>= 0; default 15 on 11x11, scaled to the area)",
    )
    p.add_argument("--policy", default="bfs", choices=POLICIES, help="how the cat moves")
    p.add_argument(
        "--rules",
        default="enclosed",
        choices=RULES,
        help="enclosed: win when the cat has no way out; surrounded: when it cannot move",
    )
    p.add_argument("--seed", type=int, default=None, help="seed for the board and the cat (>= 0)")
    p.set_defaults(func=play)
    tools = p.add_subparsers(dest="cat_tool", metavar="TOOL", title="tools (instead of playing)")
    _add_simulate_parser(tools)
    _add_solve_parser(tools)


# -- shared by the game and its tools -----------------------------------------------------------
def default_blocks(rows: int, cols: int) -> int:
    """The start blocks when --blocked is not given: 15 on 11x11, scaled to the board's area, so
    that ``trapcore cat``, ``cat solve`` and ``cat simulate`` start alike for one --seed."""
    if rows < 1 or cols < 1:
        return 0
    return min(round(15 * rows * cols / 121), rows * cols - 1)


def _blocks(args: argparse.Namespace) -> int:
    return default_blocks(args.rows, args.cols) if args.blocked is None else args.blocked


def _check_board(args: argparse.Namespace, max_cells: int) -> None:
    """--rows, --cols and --blocked against the bounds their help states, before any work."""
    at_least(args.rows, "--rows", 1)
    at_least(args.cols, "--cols", 1)
    check_cells(args.rows, args.cols, max_cells)
    if args.blocked is not None:
        at_least(args.blocked, "--blocked", 0)


def off_board(typed: str, rows: int, cols: int) -> str:
    """A cell outside the board, in the words of the one who typed it (``typed``)."""
    return f"{typed} is off the board (rows 0-{rows - 1}, columns 0-{cols - 1})"


def start_generator(seed: int) -> np.random.Generator:
    """The generator of game 1 of ``cat simulate --seed SEED`` (item 0 of its batch stream), so
    that ``trapcore cat``, ``cat solve`` and ``cat simulate`` start from the same board."""
    from trapcore._seeding import item_generator, root_key

    return item_generator(root_key(seed), 0)


_HELP = (
    "  row col  block that cell (e.g. `3 4`; columns are numbered along the top)\n"
    "  u        undo your last block (and the cat's answer)\n"
    "  h        a hint: the solver's best block\n"
    "  b        draw the board again\n"
    "  ? help   this help;  q  quit"
)


# -- the terminal game ---------------------------------------------------------------------------
def _status_line(game: CatGame) -> str:
    d = game.escape_distance()
    where = "enclosed" if d < 0 else f"{d} step{'s' * (d != 1)} from the edge"
    r, c = game.cat
    return f"move {game.moves}: cat at {r} {c}, {where}"  # as the player types a cell


def _block_problem(game: CatGame, r: int, c: int) -> str | None:
    """Why the player cannot block ``r c``, in the game's words (the cell as they typed it),
    or None: checked here, so that the API's wording (``cell = (r, c)``) never reaches them."""
    if not (0 <= r < game.rows and 0 <= c < game.cols):
        return off_board(f"{r} {c}", game.rows, game.cols)
    if (r, c) == game.cat:
        return f"{r} {c} is where the cat is; block a free cell"
    if game.board[r, c]:
        return f"{r} {c} is already blocked"
    return None


def play(args: argparse.Namespace, stdin: IO[str] | None = None, out: IO[str] | None = None) -> int:
    """Play a game in the terminal: read ``row col`` lines from ``stdin``, draw to ``out``."""
    from trapcore.cli import used_seed

    stdin = stdin or sys.stdin
    out = out or sys.stdout
    _check_board(args, MAX_GAME_CELLS)
    seed = used_seed(args.seed)
    game = CatGame(
        args.rows,
        args.cols,
        _blocks(args),
        policy=args.policy,
        rules=args.rules,
        seed=start_generator(seed),
    )

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    say(
        f"Trap the Cat, {game.rows}x{game.cols}, {args.policy} cat, {args.rules} rules, "
        f"seed {seed}. Type `row col` to block a cell, u to undo, h for a hint, ? for help, "
        "q to quit."
    )
    redraw = True
    while True:
        if redraw:  # after a move or an undo, not after a typo
            say()
            say(game.to_text())
        redraw = False
        if game.status is not Status.PLAYING:
            break
        say(_status_line(game))
        out.write("block> ")
        out.flush()
        line = stdin.readline()
        if not line:  # end of input
            say()
            break
        words = line.replace(",", " ").split()
        if not words:
            continue
        if words[0] in ("q", "quit", "exit"):
            break
        if words[0] in ("?", "help"):
            say(_HELP)
            continue
        if words[0] in ("b", "board"):
            redraw = True
            continue
        if words[0] in ("u", "undo"):
            try:
                game.undo()
                redraw = True
            except ValueError as exc:
                say(f"  {exc}")
            continue
        if words[0] in ("h", "hint"):
            try:
                say(f"  hint: {game.hint()}")
            except ValueError as exc:  # a board too large for the solver
                say(f"  no hint: {exc}")
            continue
        if len(words) != 2 or not all(w.lstrip("-").isdigit() for w in words):
            say(
                f"  {line.strip()!r}: not a command; type two numbers: row col (e.g. "
                f"`{game.cat[0]} {max(game.cat[1] - 1, 0)}`), or ? for help"
            )
            continue
        problem = _block_problem(game, int(words[0]), int(words[1]))
        if problem:
            say(f"  {problem}")
            continue
        game.block((int(words[0]), int(words[1])))
        redraw = True
    if game.status is Status.WON:
        say(f"You trapped the cat in {game.moves} moves!")
    elif game.status is Status.LOST:
        say(f"The cat escaped after {game.moves} moves.")
    return 0


# -- trapcore cat simulate -----------------------------------------------------------------------
def _names(text: str, choices: Collection[str], what: str) -> list[str]:
    names = list(choices) if text == "all" else [t.strip() for t in text.split(",") if t.strip()]
    for name in names:
        if name not in choices:
            raise ValueError(
                f"{what} must be 'all' or a comma list of {sorted(choices)}, got {name!r}"
            )
    return names


def _add_simulate_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "simulate",
        help="play many games in the kernels and print the player's win rates",
        description=(
            "Play whole games of Trap the Cat inside the kernels and print the player's "
            "win rate (with a 95% interval) and mean moves for each cat x player."
        ),
    )
    p.add_argument("--games", type=int, default=10_000, help="games per cell (>= 1, default 10000)")
    p.add_argument("--rows", type=int, default=11, help="board rows (>= 1, default 11)")
    p.add_argument("--cols", type=int, default=11, help="board columns (>= 1, default 11)")
    p.add_argument(
        "--blocked",
        type=int,
        default=None,
        help="start blocks (>= 0; default 15 on 11x11, scaled to the area)",
    )
    p.add_argument(
        "--policy",
        default="bfs",
        help="the cat's policy, a comma list or 'all' (bfs, rays, smart; default bfs)",
    )
    p.add_argument(
        "--player",
        default="greedy",
        help="player policy, a comma list or 'all' (random, greedy, lookahead, "
        "solver; default greedy)",
    )
    p.add_argument(
        "--rules",
        default="enclosed",
        choices=RULES,
        help="enclosed (default): a game is won when the cat has no way out; surrounded: when "
        "it cannot move",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed of the games (>= 0; default: a fresh one, printed in the header)",
    )
    p.add_argument("--workers", type=int, default=None, help="threads (>= 1, default 1)")
    p.add_argument(
        "--max-nodes",
        type=int,
        default=LIMITS.player_nodes,
        help=f"the solver player's budget per move (>= 1, default {LIMITS.player_nodes})",
    )
    add_progress_flags(p, "a progress bar")
    p.set_defaults(func=run_simulate)


def run_simulate(
    args: argparse.Namespace, out: IO[str] | None = None, err: IO[str] | None = None
) -> int:
    """``trapcore cat simulate``: a table of win rates, one row per player x cat."""
    out = out or sys.stdout
    err = err or sys.stderr
    from trapcore._progress import Bar
    from trapcore.cli import progress_stream, used_seed

    policies = _names(args.policy, POLICIES, "--policy")
    players = _names(args.player, PLAYERS, "--player")
    _check_board(args, MAX_SOLVE_CELLS)
    blocked = _blocks(args)
    seed = used_seed(args.seed)
    at_least(args.max_nodes, "--max-nodes", 1)
    at_least(args.games, "--games", 1)
    if args.workers is not None:
        at_least(args.workers, "--workers", 1)
    # every other check (sizes, blocks, workers) before the header: a game-less run
    simulate(
        0,
        args.rows,
        args.cols,
        blocked,
        policy=policies[0],
        player=players[0],
        seed=seed,
        workers=args.workers,
        rules=args.rules,
        max_nodes=args.max_nodes,
    )
    stream = progress_stream(args, err)
    print(
        f"{args.games} games per cell, {args.rows}x{args.cols}, {blocked} start blocks, "
        f"{args.rules} rules, seed {seed} (game 1 starts as `trapcore cat --seed {seed}`)",
        file=out,
    )
    rows = []
    for player in players:
        for policy in policies:
            label = f"{player} vs {policy}"
            progress = Bar(label, stream, keep=True, unit="games") if stream else None
            r = simulate(
                args.games,
                args.rows,
                args.cols,
                blocked,
                policy=policy,
                player=player,
                seed=seed,
                workers=args.workers,
                rules=args.rules,
                max_nodes=args.max_nodes,
                progress=progress,
            )
            rows.append((player, policy, r))
    print(
        f"{'player':<10} {'cat':<6} {'win rate':>9} {'95% interval':>15} {'moves':>6} "
        f"{'games/s':>9}",
        file=out,
    )
    for player, policy, r in rows:
        lo, hi = r.interval
        rate = r.games / r.seconds if r.seconds > 0 else float("inf")
        print(
            f"{player:<10} {policy:<6} {100 * r.win_rate:8.1f}% {100 * lo:6.1f}-{100 * hi:5.1f}% "
            f"{r.mean_moves:6.1f} {rate:9.0f}",
            file=out,
        )
    return 0


# -- trapcore cat solve --------------------------------------------------------------------------
def _add_solve_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "solve",
        help="decide a position: can the player force a win?",
        description=(
            "Solve a Trap the Cat position with the player to move. The board comes "
            "from --board FILE (rows of '.' free, '#' blocked, 'C' the cat; spaces "
            "ignored; even rows are the shifted ones) or is drawn at random from --seed "
            "with --rows --cols --blocked (the cat in the centre)."
        ),
    )
    p.add_argument("--board", metavar="FILE", help="board file ('-' for stdin)")
    p.add_argument(
        "--rows", type=int, default=11, help="rows of the random board (>= 1, default 11)"
    )
    p.add_argument(
        "--cols", type=int, default=11, help="columns of the random board (>= 1, default 11)"
    )
    p.add_argument(
        "--blocked",
        type=int,
        default=None,
        help="start blocks (>= 0; default 15 on 11x11, scaled to the area: the start of "
        "`trapcore cat` with the same --seed)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed of the random board (>= 0; default: fresh, printed); not with --board",
    )
    p.add_argument(
        "--cat",
        type=int,
        nargs=2,
        metavar=("ROW", "COL"),
        help="the cat's cell (default: 'C' in the file, else the centre)",
    )
    p.add_argument(
        "--policy",
        default="bfs",
        choices=POLICIES + ("optimal",),
        help="the cat to solve against (default bfs, as everywhere: a win is proven against the "
        "BFS cat; optimal: against any move)",
    )
    p.add_argument(
        "--max-nodes",
        type=int,
        default=LIMITS.solve_nodes,
        help=f"the search's budget in positions (>= 1, default {LIMITS.solve_nodes}); when it "
        "runs out the answer is 'unknown'",
    )
    p.add_argument(
        "--method",
        default="auto",
        choices=SOLVE_METHODS,
        help="auto (default): the proof-number search first, then iterative deepening; "
        "id or pns alone",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=None,
        help="threads for the proof-number search (>= 1, or -1 for every CPU; the verdict does "
        "not depend on it)",
    )
    add_progress_flags(p, "a progress line (the seconds spent searching)")
    p.set_defaults(func=run_solve)


def run_solve(args: argparse.Namespace, out: IO[str] | None = None) -> int:
    """``trapcore cat solve``: the verdict, the best block and the effort."""
    from trapcore._io import read_stream, read_text  # bounded, BOM accepted, named errors
    from trapcore.cli import used_seed

    out = out or sys.stdout
    at_least(args.max_nodes, "--max-nodes", 1)
    if args.workers is not None and args.workers != -1 and args.workers < 1:
        raise ValueError(f"--workers must be >= 1, or -1 for every CPU, got {args.workers}")
    if args.board:
        given = [
            flag
            for flag, value in (("--seed", args.seed), ("--blocked", args.blocked))
            if value is not None
        ]
        if given:
            raise ValueError(
                f"{' and '.join(given)}: only for a random board, not with --board FILE"
            )
        text = read_stream(sys.stdin) if args.board == "-" else read_text(args.board)
        try:
            board, cat = read_board(text)
        except ValueError as exc:
            raise ValueError(f"{'<stdin>' if args.board == '-' else args.board}: {exc}") from None
    else:
        _check_board(args, MAX_SOLVE_CELLS)
        rows, cols = args.rows, args.cols
        seed = used_seed(args.seed)
        print(
            f"seed {seed} (the start of `trapcore cat --seed {seed}` on this board size)", file=out
        )
        board = hexgrid.random_board(
            rows,
            cols,
            _blocks(args),
            seed=start_generator(seed),
            keep_free=(rows // 2, cols // 2) if rows and cols else None,
        )
        cat = None
    if args.cat is not None:
        cat = tuple(args.cat)
        r, c = cat
        if not (0 <= r < board.shape[0] and 0 <= c < board.shape[1]):
            raise ValueError(off_board(f"--cat {r} {c}", *board.shape))
        if board[r, c]:
            raise ValueError(f"--cat {r} {c} is a blocked cell; the cat stands on a free one")
    if cat is None:
        cat = (board.shape[0] // 2, board.shape[1] // 2)
    t0 = time.perf_counter()
    label = f"solving (at most {args.max_nodes} positions)"
    with timer(label, progress_stream(args)):
        sol = solve(
            board,
            cat,
            policy=args.policy,
            max_nodes=args.max_nodes,
            method=args.method,
            workers=args.workers,
        )
    dt = time.perf_counter() - t0
    print(render_board(board, cat), file=out)
    print(f"against the {args.policy} cat: {sol.verdict}", file=out)
    for line in _solution_lines(sol, args.max_nodes):
        print(f"  {line}", file=out)
    if sol.block is not None:
        print(f"best block: {sol.block[0]} {sol.block[1]}", file=out)
    print(f"nodes: {sol.nodes} positions searched, time: {dt:.3f} s", file=out)
    return 0


def _solution_lines(sol: Solution, max_nodes: int) -> list[str]:
    """What a :class:`Solution` means, in words (no -1 horizons, no unexplained zeros)."""
    moves = f"{sol.depth} of its moves"  # "within 1 of its move" read wrong
    if sol.verdict is Verdict.LOSS:
        if sol.depth < 0:
            return ["the cat escapes whatever you do (proved by the proof-number search)"]
        if sol.depth == 0:
            return [f"the cat reaches the border within {moves}: it is on it already"]
        return [f"the cat reaches the border within {moves} whatever you do"]
    if sol.verdict is Verdict.WIN:
        if sol.nodes == 0:
            return ["you can force a win (proved at once by a cut test, with no search)"]
        if sol.depth < 0:
            return ["you can force a win (proved by the proof-number search, which has no horizon)"]
        return [f"you can force a win (proved within {moves})"]
    lines = [
        f"undecided: the search used its whole budget of {max_nodes} positions without a proof"
    ]
    if sol.depth >= 0:
        lines.append(f"the cat has no forced escape within {moves}")
    lines.append("a larger --max-nodes may decide it (the time grows about in proportion)")
    return lines
