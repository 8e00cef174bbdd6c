"""The ``trapcore maze`` command: carve a maze, solve it, print it or save it as a picture."""
from __future__ import annotations

import sys

from trapcore import maze as _maze


def add_parser(sub) -> None:
    p = sub.add_parser(
        "maze",
        help="carve a perfect maze, solve it, print it or save it as a picture",
        description=(
            "Carve a perfect ROWS x COLS maze (entrance top-left, exit bottom-right). Without -o "
            "the maze is printed as text; with -o it is saved as a picture of CELL pixels per "
            "cell (cols*CELL + 1 by rows*CELL + 1 pixels, needs Pillow)."
        ),
    )
    p.add_argument("rows", type=int, help="rows of cells")
    p.add_argument("cols", type=int, help="columns of cells")
    p.add_argument("cell", type=int, nargs="?", default=10,
                   help="pixels from one wall line to the next (default 10)")
    p.add_argument("-o", "--output", default=None, help="save a picture (PNG, ...) here")
    p.add_argument("--solve", choices=["left", "right", "bfs"], default=None,
                   help="draw the path: wall follower with the left or right hand, or BFS")
    p.add_argument("--trace", action="store_true",
                   help="with --solve left/right and -o: shade the cells the robot backtracked from")
    p.add_argument("--seed", type=int, default=None, help="seed (the same seed, the same maze)")
    p.add_argument("--method", choices=list(_maze.METHODS), default="kruskal",
                   help="carving method (default kruskal)")
    p.add_argument("--braid", type=float, default=0.0, metavar="P",
                   help="then remove a fraction P of the dead ends (adds loops)")
    p.add_argument("--wall", type=int, default=1, help="wall thickness in pixels (default 1)")
    p.set_defaults(func=run)


def run(args, out=None) -> int:
    out = out or sys.stdout
    m = _maze.Maze.carve(args.rows, args.cols, seed=args.seed, method=args.method)
    if args.braid:
        m = m.braid(args.braid, seed=args.seed)
    path = moves = None
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
    image = m.to_image(cell=args.cell, wall=args.wall, path=path,
                       trace=moves if args.trace else None)
    image.save(args.output)
    print(f"saved {args.output}: {image.size[0]} x {image.size[1]} pixels, "
          f"{m.rows} x {m.cols} cells" + (f", path {len(path)} cells" if path is not None else ""),
          file=out)
    return 0
