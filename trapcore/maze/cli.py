"""The ``trapcore maze`` command: carve a maze, solve it, print it or save it as a picture."""

from __future__ import annotations

import argparse
import sys
from typing import IO

from trapcore import maze as _maze
from trapcore._progress import bar, timer
from trapcore._types import Path
from trapcore.cli import add_progress_flags, picture_formats, progress_stream


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "maze",
        help="carve a perfect maze, solve it, print it or save it as a picture",
        description=(
            "Carve a perfect ROWS x COLS maze (entrance top-left, exit bottom-right). Without -o "
            "the maze is printed as text; with -o it is saved as a picture of CELL pixels per "
            "cell (cols*CELL + 1 by rows*CELL + 1 pixels): SVG (.svg) is written by trapcore, "
            f"the raster formats ({picture_formats()}) need Pillow."
        ),
    )
    p.add_argument("rows", type=int, help="rows of cells (>= 1)")
    p.add_argument("cols", type=int, help="columns of cells (>= 1)")
    p.add_argument(
        "cell",
        type=int,
        nargs="?",
        default=None,
        help="with -o: pixels from one wall line to the next (>= 2, default 10; <= 1000 in an "
        "SVG picture)",
    )
    p.add_argument(
        "-o",
        "--output",
        default=None,
        metavar="FILE",
        help=f"save a picture here; the extension says the format: {picture_formats(svg=True)}",
    )
    p.add_argument(
        "--solve",
        choices=["left", "right", "bfs"],
        default=None,
        help="draw the path: wall follower with the left or right hand, or BFS",
    )
    p.add_argument(
        "--trace",
        action="store_true",
        help=(
            "with --solve left/right and -o (not .svg): shade the cells the robot backtracked from"
        ),
    )
    p.add_argument(
        "--seed", type=int, default=None, help="seed (>= 0; the same seed, the same maze)"
    )
    p.add_argument(
        "--method",
        choices=list(_maze.METHODS),
        default="kruskal",
        help="carving method (default kruskal)",
    )
    p.add_argument(
        "--braid",
        type=float,
        default=0.0,
        metavar="P",
        help="then remove a fraction P of the dead ends (adds loops; P in [0, 1])",
    )
    p.add_argument(
        "--wall",
        type=int,
        default=None,
        help="with -o: wall thickness in pixels (>= 1 and less than cell, default 1)",
    )
    add_progress_flags(p, "a progress line (carving, solving, drawing, saving)")
    p.set_defaults(func=run)


def _check(args: argparse.Namespace) -> None:
    """Every check that can fail, in the CLI's words, before any carving (trapcore.cli)."""
    from trapcore.cli import at_least, check_cells, check_picture_path

    at_least(args.rows, "rows", 1)
    at_least(args.cols, "cols", 1)
    check_cells(args.rows, args.cols, _maze.LIMITS.maze_cells, ("rows", "cols"))
    if not 0 <= args.braid <= 1:
        raise ValueError(
            f"--braid P must lie in [0, 1] (a fraction of the dead ends), got {args.braid}"
        )
    if args.trace and args.solve not in ("left", "right"):
        raise ValueError(
            "--trace shades the wall follower's backtracking: use it with "
            "--solve left or --solve right (and -o FILE.png)"
        )
    if args.output is None:
        unused = [
            name
            for name, value in (
                ("cell", args.cell),
                ("--wall", args.wall),
                ("--trace", args.trace or None),
            )
            if value is not None
        ]
        if unused:  # explained, not refused: the text is still what was asked
            print(
                f"trapcore maze: note: {' and '.join(unused)} only "
                f"change{'s' * (len(unused) == 1)} pictures (-o FILE.png); ignored for the text",
                file=sys.stderr,
            )
        if args.rows * args.cols > _maze.LIMITS.text_cells:
            raise ValueError(
                f"{args.rows} x {args.cols} is too large to print as text (at most "
                f"{_maze.LIMITS.text_cells} cells): save a picture with -o FILE.png"
            )
        return
    args.cell = 10 if args.cell is None else args.cell
    args.wall = 1 if args.wall is None else args.wall
    at_least(args.cell, "cell", 2)
    if args.output.lower().endswith(".svg"):
        _check_svg(args)
        return
    if not 1 <= args.wall < args.cell:
        raise ValueError(f"--wall must be >= 1 and less than cell ({args.cell}), got {args.wall}")
    width, height = args.cols * args.cell + args.wall, args.rows * args.cell + args.wall
    if width * height > _maze.LIMITS.pixels:
        raise ValueError(
            f"the picture would be {width} x {height} pixels, more than the "
            f"{_maze.LIMITS.pixels} allowed: use a smaller cell or a smaller maze"
        )
    check_picture_path(args.output, svg=True)


def _check_svg(args: argparse.Namespace) -> None:
    from trapcore.cli import check_picture_path

    if args.cell > 1000:
        raise ValueError(f"cell must be <= 1000 in an SVG picture, got {args.cell}")
    if args.trace:
        raise ValueError("--trace is drawn only in raster pictures: use -o FILE.png")
    if args.wall != 1:
        raise ValueError("--wall is drawn only in raster pictures: use -o FILE.png")
    if args.rows * args.cols > _maze.LIMITS.svg_cells:
        raise ValueError(
            f"an SVG picture holds at most {_maze.LIMITS.svg_cells} cells, this maze has "
            f"{args.rows * args.cols}: use -o FILE.png"
        )
    check_picture_path(args.output, svg=True)


def run(args: argparse.Namespace, out: IO[str] | None = None) -> int:
    from trapcore.cli import save_picture, say_seed, used_seed

    out = out or sys.stdout
    _check(args)
    seed = used_seed(args.seed)
    say_seed("trapcore maze", seed, given=args.seed is not None)
    # progress: only for runs longer than half a second, only on a terminal (or --progress)
    stream = progress_stream(args)
    size = f"{args.rows}x{args.cols}"
    with bar(f"carving {size}", stream) as progress:
        m = _maze.Maze.carve(args.rows, args.cols, seed=seed, method=args.method, progress=progress)
    if args.braid:
        with timer("braiding", stream):
            m = m.braid(args.braid, seed=seed)
    path: Path | None = None
    moves: Path | None = None
    with timer(f"solving ({args.solve})", stream):
        if args.solve == "bfs":
            path = m.solve(method="bfs")
        elif args.solve:
            walk = m.trace(hand=args.solve)
            path, moves = walk.path, walk.moves
    if args.output is None:
        out.write(m.to_text(path=path))
        if path is not None:
            out.write(f"path: {len(path)} cells\n")
        return 0
    if args.output.lower().endswith(".svg"):
        from trapcore._io import atomic_write

        with timer(f"writing {args.output}", stream):
            atomic_write(args.output, m.to_svg(scale=args.cell, path=path), name="-o")
        size = f"{args.cols * args.cell + 2} x {args.rows * args.cell + 2}"
        print(
            f"saved {args.output}: SVG of {size} units, {m.rows} x {m.cols} cells"
            + (f", path {len(path)} cells" if path is not None else ""),
            file=out,
        )
        return 0
    with timer("drawing the picture", stream):
        image = m.to_image(
            scale=args.cell, wall=args.wall, path=path, trace=moves if args.trace else None
        )
    with timer(f"saving {args.output}", stream):
        save_picture(image, args.output)  # a temporary file, renamed: an old one survives failure
    print(
        f"saved {args.output}: {image.size[0]} x {image.size[1]} pixels, "
        f"{m.rows} x {m.cols} cells" + (f", path {len(path)} cells" if path is not None else ""),
        file=out,
    )
    return 0
