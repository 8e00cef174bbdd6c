"""The ``trapcore numberlink`` subcommand (loaded by trapcore/cli.py): generate or solve puzzles.

``trapcore numberlink 9 --seed 1 [--solution]`` prints a generated puzzle;
``trapcore numberlink solve FILE`` solves every puzzle in FILE and prints the solutions.
"""
from __future__ import annotations

import argparse
import sys

from trapcore import numberlink as nl

_EPILOG = """examples:
  trapcore numberlink 9 --seed 1              a unique 9x9 puzzle
  trapcore numberlink 9 --seed 1 --solution   ... followed by its solution
  trapcore numberlink 12 --cols 20 --seed 3   a 12 x 20 board
  trapcore numberlink solve puzzles.txt       solve every puzzle in a file (either text format)
"""


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``numberlink`` subcommand to ``subparsers`` (from ``ArgumentParser.add_subparsers``).

    Returns
    -------
    argparse.ArgumentParser
        The subcommand's parser; its ``func`` default is :func:`run`.
    """
    p = subparsers.add_parser(
        "numberlink",
        help="generate or solve Numberlink (Arukone, Flow) puzzles",
        description="Generate a Numberlink puzzle with a unique solution, or solve puzzles "
        "from a file.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("what", metavar="N|solve", help="board size N (rows), or 'solve'")
    p.add_argument("file", nargs="?", help="with 'solve': the puzzle file ('-' for stdin)")
    p.add_argument("--cols", type=int, default=None, help="columns (default: N)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: fresh)")
    p.add_argument("--min-length", type=int, default=3, help="shortest path (default 3)")
    p.add_argument("--difficulty", choices=list(nl.DIFFICULTY_LEVELS), default=None,
                   help="regenerate until the solver effort falls in this band")
    p.add_argument("--solution", action="store_true", help="also print the solution")
    p.add_argument("--style", choices=list(nl.STYLES), default="header",
                   help="text format (default: 'W H' header)")
    p.add_argument("--limit", type=int, default=2,
                   help="with 'solve': solutions to look for per puzzle (default 2, which "
                   "proves uniqueness)")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    """Run the subcommand on parsed ``args``: print a generated puzzle, or solve a file.

    Returns
    -------
    int
        The exit status: 0, or 1 when a puzzle of the file has no solution.

    Raises
    ------
    ValueError
        A bad size, a missing FILE, or a malformed puzzle (with its line and column).
    OSError
        FILE cannot be read.
    """
    if args.what == "solve":
        return _solve(args)
    if args.file is not None:
        raise ValueError(f"unexpected argument {args.file!r} after the size")
    try:
        n = int(args.what)
    except ValueError:
        raise ValueError(f"N must be an integer or 'solve', got {args.what!r}") from None
    puzzle = nl.generate(n, args.cols, seed=args.seed, min_length=args.min_length,
                         difficulty=args.difficulty)
    out = puzzle.to_text(style=args.style)
    if args.solution:
        out += "\n" + puzzle.to_text(style=args.style, solution=True)
    sys.stdout.write(out)
    return 0


def _solve(args) -> int:
    if args.file is None:
        raise ValueError("solve needs a FILE ('-' reads stdin)")
    if args.file == "-":
        puzzles = list(nl.parse_puzzles(sys.stdin.read(), source="<stdin>"))
    else:
        puzzles = list(nl.read_puzzles(args.file))
    status = 0
    for i, p in enumerate(puzzles):
        sols = nl.solve(p.grid, limit=args.limit)
        if i:
            sys.stdout.write("\n")
        rows, cols = p.shape
        if not sols:
            sys.stdout.write(f"# puzzle {i}: {cols} x {rows}, no solution\n")
            status = 1
            continue
        note = "unique" if len(sols) == 1 and args.limit >= 2 else f"{len(sols)} solution(s)"
        sys.stdout.write(f"# puzzle {i}: {cols} x {rows}, {note}\n")
        style = args.style if (args.style == "header" or rows == cols) else "header"
        for j, s in enumerate(sols):
            q = nl.Puzzle(p.grid, s, symbols=p.symbols)
            if j:
                sys.stdout.write("\n")
            sys.stdout.write(q.to_text(style=style, solution=True))
    return status
