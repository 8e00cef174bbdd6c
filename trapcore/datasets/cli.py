"""The ``trapcore dataset`` command: a maze, Numberlink or cat dataset as Parquet shards."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import IO, TYPE_CHECKING

from trapcore._extras import require
from trapcore._progress import Bar
from trapcore._renamed import REMOVED_IN
from trapcore.cli import add_progress_flags, progress_stream

if TYPE_CHECKING:
    from trapcore.datasets.spec import Bound, EndLike, Spec


def _cell(text: str) -> EndLike:
    if text == "random":
        return "random"
    try:
        r, c = (int(v) for v in text.split(","))
    except ValueError:
        raise ValueError(f"a cell is ROW,COL or 'random', got {text!r}") from None
    return (r, c)


def _filters(items: Iterable[str] | None) -> dict[str, tuple[Bound, Bound]]:
    """``NAME=LO:HI`` (either bound may be empty) -> {name: (lo, hi)}."""
    out: dict[str, tuple[Bound, Bound]] = {}
    for item in items or ():
        name, sep, bounds = item.partition("=")
        lo, sep2, hi = bounds.partition(":")
        if not sep or not sep2:
            raise ValueError(f"--filter takes NAME=LOW:HIGH (a bound may be empty), got {item!r}")
        low, high = (None if v == "" else float(v) if "." in v else int(v) for v in (lo, hi))
        out[name] = (low, high)
    return out


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("-n", type=int, required=True, metavar="N", help="items in the dataset")
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed >= 0 (default: drawn, printed, and recorded in the files)",
    )
    p.add_argument(
        "--shards",
        type=int,
        default=1,
        metavar="K",
        help="Parquet files in DIR/data, 1 <= K <= N (default 1)",
    )
    p.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="DIR",
        help="the dataset folder: shards in DIR/data, README.md and trapcore.json on top (an "
        "earlier dataset there is replaced once the new one is complete)",
    )
    p.add_argument(
        "--dask",
        default=None,
        metavar="ADDRESS",
        help="run the shards on a Dask scheduler at ADDRESS, or 'local:W' for a local "
        "cluster of W processes",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        help="threads making row groups at once (default 1); the files do not depend on it",
    )
    p.add_argument(
        "--compression",
        default="zstd",
        choices=["zstd", "snappy", "gzip", "none"],
        help="Parquet compression (default zstd)",
    )
    p.add_argument(
        "--max-attempts",
        type=int,
        default=1000,
        help="candidates per item before giving up on the filters (default 1000)",
    )
    add_progress_flags(p, "a progress bar")
    p.set_defaults(func=run)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "dataset",
        help="generate a dataset of puzzles as Parquet shards",
        description=(
            "Generate N puzzles into DIR/data as Parquet shards (train-00000-of-0000K.parquet), "
            "with a dataset card (DIR/README.md) and a manifest (DIR/trapcore.json) of each "
            "shard's items, size and SHA-256; 'trapcore dataset verify DIR' checks them. Item k "
            "(column 'index') depends only on the spec, the seed and k: the files do not depend "
            "on --dask or --workers."
        ),
    )
    kinds = p.add_subparsers(dest="kind", metavar="KIND", required=True)
    m = kinds.add_parser(
        "maze",
        help="perfect (or braided) mazes with their solutions",
        description="Generate N mazes (doors, entrance, exit, the shortest solution and its "
        "measures) into DIR/data as Parquet shards.",
    )
    m.add_argument("--rows", type=int, default=10, help="rows of cells (default 10)")
    m.add_argument("--cols", type=int, default=10, help="columns of cells (default 10)")
    m.add_argument(
        "--method",
        default="kruskal",
        choices=["kruskal", "backtracker", "wilson", "prim"],
        help="carving method (default kruskal)",
    )
    m.add_argument(
        "--braid",
        type=float,
        default=0.0,
        metavar="P",
        help="remove a fraction P of the dead ends (adds loops)",
    )
    m.add_argument(
        "--entrance",
        type=_cell,
        default=(0, 0),
        metavar="R,C|random",
        help="a cell on the outer wall, or 'random' for each maze (default 0,0)",
    )
    m.add_argument(
        "--exit",
        type=_cell,
        default=None,
        metavar="R,C|random",
        help="a cell on the outer wall, or 'random' (default: the bottom-right cell)",
    )
    m.add_argument(
        "--filter",
        action="append",
        metavar="NAME=LO:HI",
        help="keep items whose measure (path_length, dead_ends, decision_points, "
        "distance) lies in [LO, HI]; repeatable",
    )
    _common(m)
    nl = kinds.add_parser(
        "numberlink",
        help="unique Numberlink puzzles with their solutions",
        description="Generate N Numberlink puzzles (grid, solution and measures) into DIR/data "
        "as Parquet shards.",
    )
    nl.add_argument("--rows", type=int, default=7, help="board rows (default 7)")
    nl.add_argument("--cols", type=int, default=None, help="board columns (default: --rows)")
    nl.add_argument(
        "--min-length", type=int, default=3, help="shortest path in squares (default 3)"
    )
    nl.add_argument(
        "--long-paths",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="long paths or short ones (see generate; default: long from 7x7 to 15x15)",
    )
    nl.add_argument(
        "--solids", action="store_true", help="let isolated squares be solid (see generate)"
    )
    nl.add_argument("--not-unique", action="store_true", help="do not require one solution")
    nl.add_argument(
        "--no-fill",
        action="store_true",
        help="Nikoli's rules: squares may stay empty (default: fill every square)",
    )
    nl.add_argument(
        "--no-touch", action="store_true", help="the no-touch rule: a path never runs beside itself"
    )
    nl.add_argument(
        "--difficulty",
        default=None,
        choices=["easy", "medium", "hard"],
        help="only puzzles of this level (see generate)",
    )
    nl.add_argument(
        "--filter",
        action="append",
        metavar="NAME=LO:HI",
        help="keep items whose measure (numbers, difficulty) lies in [LO, HI]",
    )
    _common(nl)
    c = kinds.add_parser(
        "cat",
        help="Trap the Cat starts (even-r boards)",
        description="Generate N Trap the Cat starts (board, cat, escape distance, whether the "
        "solver proves them won) into DIR/data as Parquet shards.",
    )
    c.add_argument("--rows", type=int, default=11, help="board rows, 3-255 (default 11)")
    c.add_argument("--cols", type=int, default=11, help="board columns, 3-255 (default 11)")
    c.add_argument("--blocked", type=int, default=None, help="cells blocked at random (default 8)")
    # the old spelling (0.2), for one release: it still works, with a warning
    c.add_argument("--blocks", dest="blocks_old", type=int, default=None, help=argparse.SUPPRESS)
    c.add_argument(
        "--policy",
        default="bfs",
        choices=["bfs", "rays", "smart"],
        help="the cat that --winnable plays against (default bfs)",
    )
    win = c.add_mutually_exclusive_group()
    win.add_argument(
        "--winnable",
        dest="winnable",
        action="store_const",
        const=True,
        default=None,
        help="only starts the solver proves won for the player",
    )
    win.add_argument(
        "--unwinnable",
        dest="winnable",
        action="store_const",
        const=False,
        help="only starts the solver proves lost",
    )
    _common(c)
    v = kinds.add_parser(
        "verify",
        help="check a dataset folder against its manifest",
        description="Check that DIR holds exactly the shards its trapcore.json lists, each with "
        "the size and SHA-256 recorded, covering items 0..N-1: a missing, extra, partial or "
        "altered shard is an error (exit 1), listed.",
    )
    v.add_argument("directory", metavar="DIR", help="the dataset folder")
    v.set_defaults(func=run_verify)


def _spec(args: argparse.Namespace) -> Spec:
    from trapcore import datasets as tds

    if args.kind == "maze":
        return tds.MazeSpec(
            args.rows,
            args.cols,
            method=args.method,
            braid=args.braid,
            entrance=args.entrance,
            exit=args.exit,
            filters=_filters(args.filter),
            max_attempts=args.max_attempts,
        )
    if args.kind == "numberlink":
        return tds.NumberlinkSpec(
            args.rows,
            args.cols,
            min_length=args.min_length,
            long_paths=args.long_paths,
            solids=args.solids,
            unique=not args.not_unique,
            difficulty=args.difficulty,
            fill=not args.no_fill,
            touch=not args.no_touch,
            filters=_filters(args.filter),
            max_attempts=args.max_attempts,
        )
    blocked = args.blocked
    if args.blocks_old is not None:
        if blocked is not None:
            raise ValueError("--blocks is the old spelling of --blocked: give --blocked only")
        print(
            "trapcore dataset cat: --blocks is deprecated, use --blocked (the old spelling goes "
            f"in trapcore {REMOVED_IN})",
            file=sys.stderr,
        )
        blocked = args.blocks_old
    return tds.CatSpec(
        args.rows,
        args.cols,
        blocked=8 if blocked is None else blocked,
        policy=args.policy,
        winnable=args.winnable,
        max_attempts=args.max_attempts,
    )


#: The CLI's names of the API's arguments, in its error messages.
_NAMES = {"n": "-n", "num_shards": "--shards"}


def _check_options(args: argparse.Namespace) -> None:
    """The options the API would refuse, refused first in the CLI's words."""
    from trapcore.datasets import MAX_ITEMS

    if args.n < 0 or args.n > MAX_ITEMS:
        raise ValueError(f"-n must be between 0 and {MAX_ITEMS}, got {args.n}")
    if args.shards < 1 or args.shards > max(1, args.n):
        raise ValueError(f"--shards must be between 1 and -n ({max(1, args.n)}), got {args.shards}")
    if not 1 <= args.workers <= 1024:
        raise ValueError(f"--workers must be between 1 and 1024, got {args.workers}")
    if args.max_attempts < 1:
        raise ValueError(f"--max-attempts must be >= 1, got {args.max_attempts}")


def _need_pyarrow() -> None:
    require("pyarrow", "trapcore dataset")


def run_verify(
    args: argparse.Namespace, out: IO[str] | None = None, err: IO[str] | None = None
) -> int:
    from trapcore import datasets as tds

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        info = tds.verify(args.directory)
    except tds.DatasetError as exc:
        err.write(f"trapcore dataset verify: {exc}\n")
        return 1
    out.write(
        f"ok: {info.n} {info.spec.kind} items in {info.num_shards} shard(s), sizes and SHA-256 "
        f"as the manifest says (content hash {info.content_hash})\n"
    )
    return 0


def run(args: argparse.Namespace, out: IO[str] | None = None, err: IO[str] | None = None) -> int:
    from trapcore import datasets as tds
    from trapcore.cli import used_seed

    out = out or sys.stdout
    err = err or sys.stderr
    _need_pyarrow()
    _check_options(args)
    spec = _spec(args)
    from trapcore.datasets.files import check_shard_size

    check_shard_size(spec, args.n, args.shards, _NAMES)
    args.seed = used_seed(args.seed)
    stream = progress_stream(args, err)
    progress = (
        Bar(f"{args.n} {spec.kind} items", stream, keep=True, unit="items") if stream else None
    )
    try:
        info = tds.write_parquet(
            spec,
            args.n,
            args.seed,
            args.output,
            num_shards=args.shards,
            workers=args.workers,
            client=args.dask,
            compression=args.compression,
            progress=progress,
        )
    except KeyboardInterrupt:
        if args.dask is not None:
            # the command ends next: the interpreter's last collection of Dask's objects
            # (half a second, docs/benchmarks.md) is skipped by freezing them
            import gc

            gc.freeze()
        raise
    out.write(
        f"wrote {info.n} {spec.kind} items in {info.num_shards} shard(s) to "
        f"{info.directory} in {info.seconds:.2f} s (seed {info.seed}; --seed {info.seed} "
        "repeats it)\n"
        f"content hash {info.content_hash}\n"
    )
    return 0
