"""The fuzz suite's targets: each public function of trapcore, or a method on a valid object,
called with the hostile arguments the test sends. Runs in the child process only."""

import os
import tempfile

import numpy as np

import trapcore as tc
from trapcore import cat, maze, numberlink

_MAZE = None


def _maze():
    global _MAZE
    if _MAZE is None:
        _MAZE = tc.Maze.carve(6, 7, seed=1)
    return _MAZE


def _puzzle():
    return tc.Puzzle(np.array([[1, 0, 2], [0, 0, 0], [1, 0, 2]], np.int16))


def call(dotted, *args, **kwargs):
    """Call ``trapcore.<dotted>`` (a function or a class)."""
    obj = tc
    for part in dotted.split("."):
        obj = getattr(obj, part)
    return obj(*args, **kwargs)


def case(module, name, *args, **kwargs):
    """Call ``fuzz.<module>.<name>``: an issue's cases kept in a module of their own."""
    import importlib

    return getattr(importlib.import_module(f"fuzz.{module}"), name)(*args, **kwargs)


def maze_method(method, *args, **kwargs):
    """Call a method of a valid 6 x 7 maze."""
    return getattr(_maze(), method)(*args, **kwargs)


def maze_mutate(attr, value):
    """Try to change a maze's trusted state from outside, then solve it."""
    m = tc.Maze.carve(6, 7, seed=1)
    try:
        setattr(m, attr, value)
    except AttributeError:
        pass
    try:
        m.doors[0, 0] = 0xFF
    except ValueError:
        pass
    return m.solve(method="bfs"), m.solve(method="wall"), m.trace(), m.distances()


def maze_array_after_check(doors):
    """Build a maze from an array, then change the caller's array: the maze must not see it."""
    m = tc.Maze(doors)
    before = m.to_text()
    if isinstance(doors, np.ndarray) and doors.flags.writeable:
        doors[...] = 0
    assert m.to_text() == before, "the maze followed the caller's array"
    return m.solve(method="bfs")


def game_method(method, *args, rows=5, cols=5, **kwargs):
    """Call a method of a fresh game."""
    g = tc.CatGame(rows, cols, 3, seed=1)
    return getattr(g, method)(*args, **kwargs)


def solver_cat_move(max_nodes, board, cat, seed):
    """A SolverCat of that budget asked for a step (the budget capped, to stay quick)."""
    cat_fn = tc.cat.SolverCat(max_nodes)
    cat_fn.max_nodes = min(cat_fn.max_nodes, 2_000)
    return cat_fn(board, cat, np.random.default_rng(seed))


def game_mutate(attr, value):
    """Try to change a game's trusted state from outside, then play on."""
    g = tc.CatGame(5, 5, 3, seed=1)
    try:
        setattr(g, attr, value)
    except AttributeError:
        pass
    try:
        g.board[0, 0] = 7
    except ValueError:
        pass
    g.hint(max_nodes=500)
    g.block(g.legal_blocks()[0])
    return g.to_text()


def game_array_after_check(board, cat_cell):
    g = tc.CatGame.from_board(board, cat_cell, seed=1)
    before = g.to_text()
    if isinstance(board, np.ndarray) and board.flags.writeable:
        board[...] = 1
    assert g.to_text() == before, "the game followed the caller's array"
    return g.legal_blocks()


def puzzle_method(method, *args, **kwargs):
    """Call a method of a valid 3 x 3 puzzle."""
    return getattr(_puzzle(), method)(*args, **kwargs)


def puzzle_array_after_check(grid):
    p = tc.Puzzle(grid)
    before = p.to_text()
    if isinstance(grid, np.ndarray) and grid.flags.writeable:
        grid[...] = 0
    assert p.to_text() == before, "the puzzle followed the caller's array"
    return p.count(max_nodes=10_000)


def door_edit(fn, doors, cell, side, *state):
    """The door helpers edit an array in place."""
    return getattr(maze, fn)(doors, cell, side, *state)


def read_file(reader, data: bytes):
    """Write ``data`` to a temporary file and read it with ``reader``."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "f")
        with open(path, "wb") as f:
            f.write(data)
        if reader == "read_puzzles":
            return list(numberlink.read_puzzles(path))
        if reader == "from_file":
            return tc.Puzzle.from_file(path)
        raise AssertionError(reader)


def read_path(reader, path):
    """Read a path that is not a regular file (a folder, /dev/zero, a missing file)."""
    if reader == "read_puzzles":
        return list(numberlink.read_puzzles(path))
    return tc.Puzzle.from_file(path)


def parse(fn, text, **kwargs):
    if fn == "parse_puzzles":
        return list(numberlink.parse_puzzles(text, **kwargs))
    if fn == "read_board":
        return cat.read_board(text)
    if fn == "from_text":
        return tc.Puzzle.from_text(text)
    return getattr(maze, fn)(text)


def write_puzzles_over(style, solution, puzzles):
    """write_puzzles over an existing file: on failure the old file must stay whole."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "old.txt")
        with open(path, "w") as f:
            f.write("OLD")
        try:
            return numberlink.write_puzzles(path, puzzles, style=style, solution=solution)
        except BaseException:
            with open(path) as f:
                assert f.read() == "OLD", "a failed write damaged the old file"
            assert os.listdir(d) == ["old.txt"], f"a failed write left {os.listdir(d)}"
            raise


def errors_construct(name, *args):
    exc = getattr(tc.errors, name)(*args)
    return str(exc)


def with_maze(fn, *args, **kwargs):
    """Call ``trapcore.maze.<fn>`` on a valid 6 x 7 maze."""
    return getattr(maze, fn)(_maze(), *args, **kwargs)


def call_on_zeros(dotted, shape, dtype, *args, **kwargs):
    """Call ``trapcore.<dotted>`` on a huge all-zero array (a broadcast view: no memory)."""
    return call(dotted, np.broadcast_to(np.zeros(1, dtype), shape), *args, **kwargs)


def thin_numberlink(fn, cols, **kwargs):
    """A 1 x ``cols`` Numberlink grid with one pair at the two ends."""
    g = np.zeros((1, cols), np.int16)
    g[0, 0] = g[0, -1] = 1
    return getattr(numberlink, fn)(g, **kwargs)


def nodes_within(dotted, budget, *args, slack=0, **kwargs):
    """Call a search that reports its ``nodes`` and check it stayed within ``budget + slack``."""
    budget += slack
    result = call(dotted, *args, **kwargs)
    nodes = result if isinstance(result, int) else result.nodes
    assert nodes <= budget, f"{dotted} used {nodes} nodes, more than its budget {budget}"
    return nodes


def die():
    """Kill the worker (tests the harness: a crash must be seen as one)."""
    os.abort()


def sleep(seconds):
    """Hang (tests the harness: a hang must be seen as one)."""
    import time

    time.sleep(seconds)


def cli_main(argv, stdin_text="q\n"):
    """Run ``trapcore ARGV`` in-process in a temporary folder; return (status, stderr). Only
    argparse's SystemExit may leave main(); stderr must hold no traceback."""
    import contextlib
    import io
    import sys

    from trapcore import cli

    err = io.StringIO()
    with tempfile.TemporaryDirectory() as d:
        cwd = os.getcwd()
        os.chdir(d)
        old_stdin = sys.stdin
        sys.stdin = io.StringIO(stdin_text)
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                try:
                    status = cli.main(argv)
                except SystemExit as exc:  # argparse: usage errors, --help
                    status = exc.code
        finally:
            sys.stdin = old_stdin
            os.chdir(cwd)
    text = err.getvalue()
    assert "Traceback" not in text, text
    assert status in (0, 1, 2, 130, None), (status, text)
    return status, text


def maze_everything(doors, *, entrance=(0, 0), exit=None):
    """Build a maze from fuzzed doors, then call every method that takes no argument."""
    m = tc.Maze(doors, entrance=entrance, exit=exit)
    out = [
        m.dead_ends(),
        m.degrees(),
        m.is_perfect(),
        m.open_doors(),
        m.to_grid(),
        m.distances(),
        m.solve(method="bfs"),
        m.solve(),
        m.trace(),
        repr(m),
    ]
    try:
        g = m.to_networkx()
    except ImportError:
        return out
    return tc.Maze.from_networkx(g, shape=m.shape)


def from_networkx(edges, nodes, shape):
    """Maze.from_networkx on a hostile graph."""
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(nodes)
    g.add_edges_from(edges)
    return tc.Maze.from_networkx(g, shape=shape)
