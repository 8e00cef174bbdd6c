"""``trapcore cat simulate`` and ``trapcore cat solve``: the cat tools' subcommands.

trapcore/cat_cli.py hooks them under ``trapcore cat`` with :func:`add_subcommands`;
:func:`add_simulate_parser` and :func:`add_solve_parser`
can also be added to any argparse sub-parsers object on their own.
"""
from __future__ import annotations

import sys
import time

import numpy as np

from trapcore import cat as _cat
from trapcore import hexgrid

__all__ = ["add_subcommands", "add_simulate_parser", "add_solve_parser", "read_board",
           "run_simulate", "run_solve"]


def add_subcommands(parser) -> None:
    """Give ``parser`` (the ``trapcore cat`` parser) the optional tools ``simulate`` and
    ``solve``; without one, ``trapcore cat`` still plays."""
    sub = parser.add_subparsers(dest="cat_tool", metavar="TOOL",
                                title="tools (instead of playing)")
    add_simulate_parser(sub)
    add_solve_parser(sub)


def _names(text: str, choices, what: str) -> list[str]:
    names = list(choices) if text == "all" else [t.strip() for t in text.split(",") if t.strip()]
    for name in names:
        if name not in choices:
            raise ValueError(f"{what} must be 'all' or a comma list of {sorted(choices)}, "
                             f"got {name!r}")
    return names


def add_simulate_parser(sub) -> None:
    p = sub.add_parser(
        "simulate",
        help="play many games in the kernels and print the player's win rates",
        description=("Play whole games of Trap the Cat inside the kernels and print the player's "
                     "win rate (with a 95%% interval) and mean moves for each cat x player."),
    )
    p.add_argument("--games", type=int, default=10_000, help="games per cell (default 10000)")
    p.add_argument("--rows", type=int, default=11)
    p.add_argument("--cols", type=int, default=11)
    p.add_argument("--blocked", type=int, default=15, help="start blocks (default 15)")
    p.add_argument("--cat", default="bfs",
                   help="cat policy, a comma list or 'all' (bfs, rays, smart; default bfs)")
    p.add_argument("--player", default="greedy",
                   help="player policy, a comma list or 'all' (random, greedy, lookahead, "
                        "solver; default greedy)")
    p.add_argument("--rules", default="enclosed", choices=sorted(_cat.RULES))
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--workers", type=int, default=None, help="threads (default 1)")
    p.add_argument("--max-nodes", type=int, default=_cat.SOLVER_PLAYER_NODES,
                   help="the solver player's budget per move")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run_simulate)


def _bar(label: str, done: int, total: int, out) -> None:
    width = 30
    filled = width * done // max(total, 1)
    out.write(f"\r{label:<22} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done >= total:
        out.write("\n")
    out.flush()


def run_simulate(args, out=None, err=None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    cats = _names(args.cat, _cat.POLICIES, "--cat")
    players = _names(args.player, _cat.PLAYERS, "--player")
    print(f"{args.games} games per cell, {args.rows}x{args.cols}, {args.blocked} start blocks, "
          f"{args.rules} rules, seed {args.seed}", file=out)
    rows = []
    for player in players:
        for cat in cats:
            label = f"{player} vs {cat}"
            progress = None if args.no_progress else (lambda d, t, lab=label: _bar(lab, d, t, err))
            r = _cat.simulate(args.games, args.rows, args.cols, args.blocked, cat=cat,
                              player=player, seed=args.seed, workers=args.workers,
                              rules=args.rules, max_nodes=args.max_nodes, progress=progress)
            rows.append((player, cat, r))
    print(f"{'player':<10} {'cat':<6} {'win rate':>9} {'95% interval':>15} {'moves':>6} "
          f"{'games/s':>9}", file=out)
    for player, cat, r in rows:
        lo, hi = r.interval
        rate = r.games / r.seconds if r.seconds > 0 else float("inf")
        print(f"{player:<10} {cat:<6} {100 * r.win_rate:8.1f}% {100 * lo:6.1f}-{100 * hi:5.1f}% "
              f"{r.mean_moves:6.1f} {rate:9.0f}", file=out)
    return 0


def add_solve_parser(sub) -> None:
    p = sub.add_parser(
        "solve",
        help="decide a position: can the player force a win?",
        description=("Solve a Trap the Cat position with the player to move. The board comes "
                     "from --board FILE (rows of '.' free, '#' blocked, 'C' the cat; spaces "
                     "ignored; even rows are the shifted ones) or is drawn at random from --seed "
                     "with --rows --cols --blocked (the cat in the centre)."),
    )
    p.add_argument("--board", metavar="FILE", help="board file ('-' for stdin)")
    p.add_argument("--rows", type=int, default=11)
    p.add_argument("--cols", type=int, default=11)
    p.add_argument("--blocked", type=int, default=8)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--at", type=int, nargs=2, metavar=("ROW", "COL"),
                   help="the cat's cell (default: 'C' in the file, else the centre)")
    p.add_argument("--policy", default="optimal", choices=sorted(_cat.SOLVE_POLICIES),
                   help="the cat to solve against (default optimal: any move)")
    p.add_argument("--max-nodes", type=int, default=_cat.DEFAULT_NODES)
    p.set_defaults(func=run_solve)


def read_board(text: str):
    """Parse a board drawing: ``(board, cat)`` with ``cat`` None when there is no ``C``.

    A line holding any of ``.``, ``#``, ``C`` is a row of those characters (``.`` free, ``#``
    blocked, ``C`` the cat; everything else, such as row numbers and the half-cell indent, is
    ignored), so :meth:`trapcore.CatGame.to_text` output reads back; a line of only ``0``/``1``
    and spaces is a row of digits; other lines (column headers) are skipped."""
    grid, cat = [], None
    for line in text.splitlines():
        if any(ch in ".#Cc" for ch in line):
            cells = [ch for ch in line if ch in ".#Cc"]
        elif line.strip() and set(line.strip()) <= set("01 \t"):
            cells = [ch for ch in line if ch in "01"]
        else:
            continue
        row = []
        for ch in cells:
            if ch in "Cc":
                cat = (len(grid), len(row))
            row.append(1 if ch in "#1" else 0)
        grid.append(row)
    if not grid:
        raise ValueError("board: the file holds no rows of '.', '#' and 'C'")
    if len({len(r) for r in grid}) != 1:
        raise ValueError(f"board: rows have different lengths {sorted({len(r) for r in grid})}")
    return np.array(grid, dtype=np.uint8), cat


def run_solve(args, out=None) -> int:
    out = out or sys.stdout
    if args.board:
        text = sys.stdin.read() if args.board == "-" else open(args.board, encoding="utf-8").read()
        board, cat = read_board(text)
    else:
        rows, cols = args.rows, args.cols
        board = hexgrid.random_board(rows, cols, args.blocked, seed=args.seed,
                                     keep_free=(rows // 2, cols // 2) if rows and cols else None)
        cat = None
    if args.at is not None:
        cat = tuple(args.at)
    if cat is None:
        cat = (board.shape[0] // 2, board.shape[1] // 2)
    t0 = time.perf_counter()
    sol = _cat.solve(board, cat, args.policy, max_nodes=args.max_nodes)
    dt = time.perf_counter() - t0
    print(_cat.render_board(board, cat), file=out)
    print(f"against the {args.policy} cat: {sol.verdict}", file=out)
    if sol.verdict == "loss":
        print(f"  the cat reaches the border within {sol.depth} of its moves whatever you do",
              file=out)
    elif sol.verdict == "win":
        print(f"  you can force a win (proved within {sol.depth} cat moves)", file=out)
    else:
        print(f"  undecided within {sol.nodes} nodes; no forced escape within {sol.depth} cat "
              "moves", file=out)
    if sol.block is not None:
        print(f"best block: {sol.block[0]} {sol.block[1]}", file=out)
    print(f"nodes: {sol.nodes}, time: {dt:.3f} s", file=out)
    return 0
