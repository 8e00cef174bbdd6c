"""Maze pictures (to_text, to_image: size rule, walls, gaps, path colours) and ``trapcore maze``."""

import argparse

import numpy as np
import pytest

from trapcore.maze import Maze
from trapcore.maze import cli as maze_cli

PIL = pytest.importorskip("PIL")

BLACK, WHITE = (0, 0, 0), (255, 255, 255)


@pytest.mark.parametrize(
    "rows,cols,cell,wall",
    [(1, 1, 2, 1), (1, 7, 5, 1), (7, 1, 5, 2), (30, 60, 10, 1), (4, 9, 13, 4), (12, 5, 3, 2)],
)
def test_image_size_rule(rows, cols, cell, wall):
    img = Maze.carve(rows, cols, seed=1).to_image(scale=cell, wall=wall)
    assert img.size == (cols * cell + wall, rows * cell + wall)
    assert img.mode == "RGB"


def test_image_walls_gaps_and_path():
    m = Maze.carve(6, 8, seed=2)
    cell, wall = 10, 1
    a = np.asarray(m.to_image(scale=cell, wall=wall))
    rows, cols = m.shape
    # every wall-line crossing that touches a wall is black; the outer frame except the gaps
    assert (a[-1, : (cols - 1) * cell] == BLACK).all()  # bottom wall left of the exit
    assert (a[-1, (cols - 1) * cell + wall : cols * cell] == WHITE).all()  # exit gap
    assert (a[0, wall:cell] == WHITE).all()  # entrance gap
    assert (a[0, cell:] == BLACK).all()
    assert (a[:, 0] == BLACK).all() and (a[:, -1] == BLACK).all()
    # a door's pixels are white when open, black when closed
    d = m.doors
    for r in range(rows - 1):
        for c in range(cols):
            y = (r + 1) * cell
            seg = a[y, c * cell + wall : (c + 1) * cell]
            expect = WHITE if d[r, c] & 3 == 1 else BLACK
            assert (seg == expect).all()
    # the path is coloured, cells and the doors between them
    p = m.solve()
    b = np.asarray(m.to_image(scale=cell, wall=wall, path=p))
    red = (214, 39, 40)
    for r, c in p.tolist():
        assert tuple(b[r * cell + 5, c * cell + 5]) == red
    for (r0, c0), (r1, c1) in zip(p[:-1].tolist(), p[1:].tolist()):
        if r0 == r1:  # a step through a Right door
            y, x = r0 * cell + 5, max(c0, c1) * cell
        else:  # a step through a Down door
            y, x = max(r0, r1) * cell, c0 * cell + 5
        assert tuple(b[y, x]) == red


def test_image_trace_shades_backtracked_cells():
    m = Maze.carve(15, 15, seed=3)
    t = m.trace(hand="left")
    path, moves = t.path, t.moves
    img = np.asarray(
        m.to_image(
            scale=8, path=path, trace=moves, colors={"trace": (0, 0, 255), "path": (255, 0, 0)}
        )
    )
    on_path = set(map(tuple, path.tolist()))
    off = [cell for cell in map(tuple, moves.tolist()) if cell not in on_path]
    assert off
    r, c = off[0]
    assert tuple(img[r * 8 + 4, c * 8 + 4]) == (0, 0, 255)
    r, c = path[3].tolist()
    assert tuple(img[r * 8 + 4, c * 8 + 4]) == (255, 0, 0)


def test_image_bad_input():
    m = Maze.carve(4, 4, seed=1)
    with pytest.raises(ValueError, match="scale"):
        m.to_image(scale=1)
    with pytest.raises(TypeError, match="scale"):
        m.to_image(scale=2.5)
    with pytest.raises(ValueError, match="wall"):
        m.to_image(scale=5, wall=5)
    with pytest.raises(ValueError, match="wall"):
        m.to_image(scale=5, wall=0)
    with pytest.raises(ValueError, match="path"):
        m.to_image(path=[[0, 0], [1, 1]])
    with pytest.raises(ValueError, match="path"):
        m.to_image(path=[[0, 0], [0, 4]])
    with pytest.raises(ValueError, match="shape"):
        m.to_image(path=[0, 1, 2])
    with pytest.raises(TypeError, match="path"):
        m.to_image(path=[[0.5, 0]])
    with pytest.raises(ValueError, match="colors"):
        m.to_image(colors={"sky": (0, 0, 0)})
    with pytest.raises(ValueError, match="colors"):  # 0.1: OverflowError from numpy
        m.to_image(colors={"path": (300, 0, 0)})
    with pytest.raises(ValueError, match="colors"):
        m.to_image(colors={"path": (-1, 0, 0)})
    with pytest.raises(TypeError, match="colors"):
        m.to_image(colors={"path": (255, 0)})
    with pytest.raises(TypeError, match="colors"):
        m.to_image(colors={"path": (0.5, 0, 0)})
    with pytest.raises(TypeError, match="colors"):
        m.to_image(colors={"path": "red"})
    with pytest.raises(TypeError, match="colors"):
        m.to_image(colors=[("path", (0, 0, 0))])
    with pytest.raises(ValueError, match="trace"):
        m.to_image(trace=[[0, 0], [2, 0]])
    with pytest.raises(TypeError):  # 0.2: options are keyword-only
        m.to_image(10)
    with pytest.raises(TypeError):
        m.to_text(m.solve())
    with pytest.raises(ValueError, match="pixels"):
        Maze.carve(5000, 5000, seed=1, method="backtracker").to_image(scale=50)


def test_text_rendering():
    m = Maze.carve(3, 4, seed=1)
    text = m.to_text()
    lines = text.splitlines()
    assert len(lines) == 2 * 3 + 1 and all(len(line) == 4 * 4 + 1 for line in lines)
    assert lines[0].startswith("+   +") and lines[-1].endswith("+   +")
    assert lines[1][0] == "|" and lines[-2][-1] == "|"
    # the number of open doors shows as gaps
    gaps = sum(line[1 + 4 * c : 4 + 4 * c] == "   " for line in lines[2:-1:2] for c in range(4))
    gaps += sum(line[4 * c] == " " for line in lines[1::2] for c in range(1, 4))
    assert gaps == m.open_doors()
    p = m.solve()
    marked = m.to_text(path=p)
    assert marked.count(" o ") == len(p)
    assert m.to_text(path=np.empty((0, 2), dtype=np.int32)) == text


def test_text_refuses_huge_mazes():
    with pytest.raises(ValueError, match="to_text"):
        Maze.carve(1, 2**22 + 1, seed=1, method="backtracker").to_text()


def test_text_golden():
    assert Maze.carve(2, 3, seed=1).to_text() == (
        "+   +---+---+\n|       |   |\n+   +   +   +\n|   |       |\n+---+---+   +\n"
    )


# -- command line ----------------------------------------------------------------------------------


class cli:
    """``trapcore maze`` alone, handled as trapcore/cli.py does (errors: one line, status 2), so
    these tests do not depend on the other subcommands; test_cli_main_integration runs the real
    entry point."""

    @staticmethod
    def main(argv):
        parser = argparse.ArgumentParser(prog="trapcore")
        maze_cli.add_parser(parser.add_subparsers(dest="command"))
        args = parser.parse_args(argv)
        try:
            return args.func(args)
        except (ValueError, TypeError, OSError) as exc:
            import sys

            print(f"trapcore {args.command}: error: {exc}", file=sys.stderr)
            return 2


def test_cli_main_integration(capsys):
    from trapcore import cli as real_cli

    try:
        real_cli.build_parser()
    except ImportError as exc:  # another subcommand's module is broken, not ours
        pytest.skip(f"trapcore.cli cannot build its parser: {exc}")
    assert real_cli.main(["maze", "3", "4", "--seed", "1"]) == 0
    assert capsys.readouterr().out == Maze.carve(3, 4, seed=1).to_text()
    assert real_cli.main(["maze", "0", "4"]) == 2
    assert "rows" in capsys.readouterr().err


def test_cli_prints_text(capsys):
    assert cli.main(["maze", "4", "6", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out == Maze.carve(4, 6, seed=1).to_text()


def test_cli_solve_text(capsys):
    assert cli.main(["maze", "5", "5", "3", "--seed", "2", "--solve", "right"]) == 0
    out = capsys.readouterr().out
    m = Maze.carve(5, 5, seed=2)
    assert out.startswith(m.to_text(path=m.solve()))
    assert f"path: {len(m.solve())} cells" in out


@pytest.mark.parametrize("solve", ["left", "right", "bfs"])
def test_cli_writes_png(tmp_path, capsys, solve):
    out = tmp_path / "maze.png"
    args = ["maze", "30", "60", "10", "-o", str(out), "--solve", solve, "--seed", "1"]
    assert cli.main(args + (["--trace"] if solve != "bfs" else [])) == 0
    from PIL import Image

    with Image.open(out) as img:
        assert img.size == (60 * 10 + 1, 30 * 10 + 1)
    assert "saved" in capsys.readouterr().out


def test_cli_methods_and_braid(capsys):
    for method in ("kruskal", "backtracker", "wilson", "prim"):
        assert cli.main(["maze", "3", "3", "--method", method, "--seed", "4", "--braid", "1"]) == 0
    capsys.readouterr()


def test_cli_errors(capsys):
    assert cli.main(["maze", "0", "5"]) == 2
    assert "rows" in capsys.readouterr().err
    assert cli.main(["maze", "100000", "100000", "10"]) == 2
    assert "cells" in capsys.readouterr().err
    assert cli.main(["maze", "5", "5", "1", "-o", "x.png"]) == 2
    assert "cell" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["maze", "5", "5", "--solve", "up"])
    with pytest.raises(SystemExit):
        cli.main(["maze", "5", "5", "--method", "eller"])
    with pytest.raises(SystemExit):
        cli.main(["maze", "5.5", "5"])
