"""The ``trapcore numberlink`` subcommand (loaded by trapcore/cli.py): generate or solve puzzles.

``trapcore numberlink 9 --seed 1 [--solution]`` prints a generated puzzle;
``trapcore numberlink solve FILE`` solves every puzzle in FILE and prints the solutions.
"""

from __future__ import annotations

import argparse
import re
import sys
import time

from trapcore import numberlink as nl
from trapcore._progress import eta_text, timer
from trapcore.cli import add_progress_flags, progress_stream
from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink._grid import Grid
from trapcore.numberlink.solve import DEFAULT_MAX_NODES

_EPILOG = """examples:
  trapcore numberlink 9 --seed 1              a unique 9x9 puzzle
  trapcore numberlink 9 --seed 1 --solution   ... followed by its solution
  trapcore numberlink 12 --cols 20 --seed 3   a 12 x 20 board
  trapcore numberlink 9 --no-touch            unique under the no-touch rule (no path beside itself)
  trapcore numberlink solve puzzles.txt       solve every puzzle in a file (either text format)
  trapcore numberlink solve --no-fill f.txt   ... letting squares stay empty (Nikoli, Arukone)

rules: Flow Free's by default (every square filled, a path may run beside itself); a file's
'# rules: fill=... touch=...' marker gives its puzzle's rules, and --no-fill / --no-touch
override them for 'solve'.
"""


def add_parser(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
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
    p.add_argument(
        "--difficulty",
        choices=list(nl.DIFFICULTY_LEVELS),
        default=None,
        help="regenerate until the solver effort falls in this band",
    )
    p.add_argument(
        "--long-paths",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="grow paths along walls and each other (long, as in published puzzles) or not "
        "(short paths); by default long from 7x7 to 15x15, short elsewhere",
    )
    p.add_argument(
        "--prover",
        choices=["search", "sat"],
        default="search",
        help="what proves the puzzle unique: the solver's search (default), or 'sat': longer "
        "paths at every size, proven by the search with a small budget then a SAT model "
        "(Flow's rules only; needs python-sat, pip install 'trapcore[sat]')",
    )
    p.add_argument(
        "--solids",
        action="store_true",
        help="let squares the paths leave isolated be solid (#); by default there "
        "are none, as in published puzzles",
    )
    p.add_argument(
        "--no-fill",
        dest="fill",
        action="store_false",
        default=None,
        help="squares may stay empty (Nikoli's Numberlink, Arukone)",
    )
    p.add_argument(
        "--no-touch",
        dest="touch",
        action="store_false",
        default=None,
        help="a path may not run beside itself (the no-touch rule)",
    )
    p.add_argument("--solution", action="store_true", help="also print the solution")
    p.add_argument(
        "--explain",
        action="store_true",
        help="with 'solve': print the deductions a person would make (numberlink.deduce), one "
        "'#' line each, before the solutions",
    )
    p.add_argument(
        "--style",
        choices=list(nl.STYLES),
        default="header",
        help="text format (default: 'W H' header)",
    )
    p.add_argument(
        "--limit",
        type=int,
        default=None,
        help="with 'solve': solutions to look for per puzzle (default 2, which proves uniqueness; "
        "1 for the DA Symposium contest's problems, which ask for a route)",
    )
    p.add_argument(
        "--max-nodes",
        type=int,
        default=None,
        metavar="N",
        help="with 'solve': the search's budget per puzzle (nodes and SAT conflicts; default "
        "10**9); a puzzle not settled within it is reported, with a solution when one was found",
    )
    add_progress_flags(p, "a progress line")
    p.set_defaults(func=run, cli_names={"rows": "N"})
    return p


def run(args: argparse.Namespace) -> int:
    """Run the subcommand on parsed ``args``: print a generated puzzle, or solve a file.

    Returns
    -------
    int
        The exit status: 0, or 1 when a puzzle of the file has no solution or was not settled
        within ``--max-nodes``.

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
    from trapcore.cli import say_seed, used_seed

    if args.max_nodes is not None:
        raise ValueError("--max-nodes only applies to 'solve' (generation has its own budgets)")
    if args.limit is not None:
        raise ValueError(
            "--limit only applies to 'solve' (a generated puzzle always has exactly one solution)"
        )
    if args.explain:
        raise ValueError("--explain only applies to 'solve'")
    if args.style == "flow" and (
        n != (n if args.cols is None else args.cols) or args.fill is False or args.touch is False
    ):
        raise ValueError(
            "--style flow holds only square boards under Flow's rules (no "
            "--cols, --no-fill or --no-touch); use --style header"
        )
    cols = n if args.cols is None else args.cols
    if n < 1 or cols < 1:
        raise ValueError(f"N and --cols must be >= 1, got {n} x {cols}")
    if n * cols > nl.LIMITS.generate_cells:
        raise ValueError(
            f"{n} x {cols} = {n * cols} squares is more than the "
            f"{nl.LIMITS.generate_cells} trapcore numberlink generates; use a smaller "
            "N or --cols"
        )
    seed = used_seed(args.seed)
    say_seed("trapcore numberlink", seed, given=args.seed is not None)
    with timer(f"generating a {n}x{cols} puzzle", progress_stream(args)):
        puzzle = _generate(
            n,
            args.cols,
            seed=seed,
            min_length=args.min_length,
            difficulty=args.difficulty,
            fill=args.fill is not False,
            touch=args.touch is not False,
            long_paths=args.long_paths,
            solids=args.solids,
            prover=args.prover,
        )
    if args.style == "flow" and (puzzle.grid < 0).any():
        raise ValueError(
            "--style flow cannot show the solid squares (#) this puzzle has "
            "(--solids lets generated puzzles have some); use --style header"
        )
    if args.prover == "sat":  # proven by the SAT model: the search's effort is not known
        note = "proven unique by the SAT model (difficulty not measured)"
    else:
        note = (
            f"difficulty {puzzle.difficulty:g} "
            f"({nl.difficulty_level(puzzle)} for {n}x{cols} under these rules)"
        )
    print(f"trapcore numberlink: {nl.measure(puzzle)}; {note}", file=sys.stderr)
    out = puzzle.to_text(style=args.style)
    if args.solution:
        out += "\n" + puzzle.to_text(style=args.style, solution=True)
    sys.stdout.write(out)
    return 0


def _generate(
    rows: int,
    cols: int | None,
    *,
    seed: int,
    min_length: int,
    difficulty: str | None,
    fill: bool,
    touch: bool,
    long_paths: bool | None = None,
    solids: bool = False,
    prover: str = "search",
) -> nl.Puzzle:
    """nl.generate, its budget errors in the CLI's words."""
    from trapcore.errors import SearchLimitExceeded

    try:
        return nl.generate(
            rows,
            cols,
            seed=seed,
            min_length=min_length,
            difficulty=difficulty,
            fill=fill,
            touch=touch,
            long_paths=long_paths,
            solids=solids,
            prover=prover,
        )
    except (ValueError, SearchLimitExceeded) as exc:
        text = str(exc)  # (a size with no default budget keeps its own message)
        if "no default" in text or ("max_attempts" not in text and "max_nodes" not in text):
            raise
        # the library's own reason, in the CLI's words (trapcore.cli.main turns min_length=3
        # into --min-length 3): the CLI has no --max-attempts, another seed is the way to retry
        reason = str(exc).removeprefix("generate: ").replace("raise max_attempts", "")
        reason = reason.rstrip().removesuffix(" or").rstrip(" ;,")
        raise ValueError(f"{reason}; or try another --seed") from None


#: a DA Symposium contest problem (one layer or several): its boards ask for a route, so
#: ``solve`` looks for one solution unless --limit says otherwise
_CONTEST = re.compile(r"^[^\S\n]*LINE_NUM[^\S\n]+\d+", re.MULTILINE)
# a contest board of several layers, or with vias: solved as a Puzzle of layers. Spaces only
# within a line ([^\S\n], not \s): a \s* after ^ would rescan every following blank line from each
# line start, quadratic in blank lines (100,000 of them took minutes)
_LAYERED = re.compile(
    r"^[^\S\n]*(SIZE[^\S\n]+\d+[^\S\n]*[Xx][^\S\n]*\d+[^\S\n]*[Xx][^\S\n]*\d+|VIA#)", re.MULTILINE
)


def _solve_within(
    grid: Grid, fill: bool, touch: bool, limit: int, budget: int
) -> tuple[list[Grid] | None, bool]:
    """``solve`` within ``budget``: (solutions, True); over it, (one solution, False) when one
    is found within the budget (``limit=1``), else (None, False)."""
    try:
        return list(nl.solve(grid, fill=fill, touch=touch, limit=limit, max_nodes=budget)), True
    except SearchLimitExceeded:
        if limit == 1:
            return None, False
    try:
        found = nl.solve(grid, fill=fill, touch=touch, limit=1, max_nodes=budget)
    except SearchLimitExceeded:
        return None, False
    return list(found), False


def _solve_layers(args: argparse.Namespace, text: str, source: str, limit: int, budget: int) -> int:
    """Solve a contest board of layers; print the contest's answer text of each solution."""
    if args.fill is not None or args.touch is not None or args.style != "header":
        raise ValueError(
            "--fill, --touch and --style do not apply to a board of layers (the contest's "
            "rules, its answer format)"
        )
    board = nl.parse_contest_board(text, source=source)
    with timer("solving the board of layers", progress_stream(args)):
        sols = board.solve(limit=limit, max_nodes=budget)
    d, h, w = board.shape or (0, 0, 0)
    if not sols:
        sys.stdout.write(f"# {w} x {h} x {d}, no solution\n")
        return 1
    note = "1 solution" if len(sols) == 1 else f"{len(sols)} solutions"
    if len(sols) >= limit:
        note = f"at least {note}" if limit > 1 else f"{note} (--limit 1: not checked for others)"
    sys.stdout.write(f"# {w} x {h} x {d}, {note}\n")
    for j, s in enumerate(sols):
        if j:
            sys.stdout.write("\n")
        sys.stdout.write(nl.contest_answer(board, s))
    return 0


def _solve(args: argparse.Namespace) -> int:
    if args.file is None:
        raise ValueError("solve needs a FILE ('-' reads stdin)")
    unused = [
        flag
        for flag, value in (
            ("--cols", args.cols),
            ("--seed", args.seed),
            ("--difficulty", args.difficulty),
            ("--solution", args.solution or None),
            ("--min-length", None if args.min_length == 3 else 1),
            ("--long-paths", args.long_paths),
            ("--solids", args.solids or None),
            ("--prover", None if args.prover == "search" else args.prover),
        )
        if value is not None
    ]
    if unused:
        raise ValueError(
            f"{', '.join(unused)} only appl{'ies' if len(unused) == 1 else 'y'} when generating "
            "(trapcore numberlink N); 'solve' always prints the solutions"
        )
    limit = 2 if args.limit is None else args.limit
    if limit < 1:
        raise ValueError(f"--limit must be >= 1, got {limit}")
    budget = DEFAULT_MAX_NODES if args.max_nodes is None else args.max_nodes
    if budget < 1:
        raise ValueError(f"--max-nodes must be >= 1, got {budget}")
    from trapcore._io import read_stream, read_text  # bounded, BOM accepted, errors name it

    source = "<stdin>" if args.file == "-" else args.file
    text = read_stream(sys.stdin, source) if args.file == "-" else read_text(args.file)
    if _LAYERED.search(text):
        return _solve_layers(args, text, source, 1 if args.limit is None else limit, budget)
    if args.limit is None and _CONTEST.search(text):  # the contest asks for a route
        limit = 1
    puzzles = list(nl.parse_puzzles(text, source=source))
    if not puzzles:
        raise ValueError(
            f"{'<stdin>' if args.file == '-' else args.file}: no puzzle found "
            "(expected a 'W H' header and rows, or square rows in Flow's style)"
        )
    status = 0
    stream = progress_stream(args)
    start = time.perf_counter()
    for i, p in enumerate(puzzles):
        fill = p.fill if args.fill is None else args.fill
        touch = p.touch if args.touch is None else args.touch
        label = f"solving puzzle {i + 1}/{len(puzzles)}"
        if i:  # an estimate from the puzzles solved so far
            label += f", ETA {eta_text((time.perf_counter() - start) * (len(puzzles) - i) / i)},"
        with timer(label, stream):
            sols, settled = _solve_within(p.grid, fill, touch, limit, budget)
        if i:
            sys.stdout.write("\n")
        rows, cols = p.grid.shape
        if sols is None:
            sys.stdout.write(
                f"# puzzle {i + 1}: {cols} x {rows}, not settled within --max-nodes {budget}\n"
            )
            status = 1
            continue
        if not settled:
            sys.stdout.write(
                f"# puzzle {i + 1}: {cols} x {rows}, a solution; whether there are others was not "
                f"settled within --max-nodes {budget}\n"
            )
            status = 1
        elif not sols:
            sys.stdout.write(f"# puzzle {i + 1}: {cols} x {rows}, no solution\n")
            status = 1
            continue
        elif len(sols) == 1:
            note = "unique" if limit >= 2 else "1 solution (--limit 1: not checked for others)"
            sys.stdout.write(f"# puzzle {i + 1}: {cols} x {rows}, {note}\n")
        else:
            note = f"{'at least ' if len(sols) >= limit else ''}{len(sols)} solutions"
            sys.stdout.write(f"# puzzle {i + 1}: {cols} x {rows}, {note}\n")
        if args.explain:
            explained = nl.deduce(p.grid, fill=fill, touch=touch).explain()
            sys.stdout.write("".join(f"# {line}\n" for line in explained.splitlines()))
        style = args.style if (args.style == "header" or rows == cols) else "header"
        for j, s in enumerate(sols):
            q = nl.Puzzle(p.grid, s, symbols=p.symbols, fill=fill, touch=touch)
            if j:
                sys.stdout.write("\n")
            sys.stdout.write(q.to_text(style=style, solution=True))
    return status
