"""Maze formats (networkx, mazelib, maze-dataset, labmaze, SVG): round trips, real libraries."""

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trapcore import maze
from trapcore.maze import Maze

nx = pytest.importorskip("networkx")


@st.composite
def mazes(draw):
    rows, cols = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    m = Maze.carve(
        rows, cols, seed=draw(st.integers(0, 2**32)), method=draw(st.sampled_from(maze.METHODS))
    )
    if draw(st.booleans()):
        m = m.braid(draw(st.floats(0, 1)), seed=draw(st.integers(0, 99)))
    border = [
        (r, c) for r in range(rows) for c in range(cols) if r in (0, rows - 1) or c in (0, cols - 1)
    ]
    return m.with_openings(
        entrance=draw(st.sampled_from(border)), exit=draw(st.sampled_from(border))
    )


@settings(max_examples=60, deadline=None)
@given(m=mazes())
def test_round_trips(m):
    assert Maze.from_networkx(m.to_networkx()) == m
    assert Maze.from_grid(m.to_grid(), entrance=m.entrance, exit=m.exit) == m
    assert (
        maze.from_connection_list(maze.to_connection_list(m), entrance=m.entrance, exit=m.exit) == m
    )
    if m.entrance == m.exit:  # one mark can show only one of them
        m = m.with_openings(exit=(m.rows - 1, m.cols - 1), entrance=(0, 0))
    if m.entrance != m.exit:
        assert maze.from_maze_dataset_ascii(maze.to_maze_dataset_ascii(m, path=m.solve())) == m
        assert maze.from_labmaze_text(maze.to_labmaze_text(m)) == m


@settings(max_examples=40, deadline=None)
@given(m=mazes())
def test_networkx_graph_is_the_maze(m):
    g = m.to_networkx()
    assert g.number_of_nodes() == m.rows * m.cols
    assert g.number_of_edges() == m.open_doors()
    assert g.graph["entrance"] == m.entrance and g.graph["shape"] == m.shape
    if m.is_perfect():
        assert nx.is_tree(g)
    path = nx.shortest_path(g, m.entrance, m.exit)
    assert len(path) == len(m.solve(method="bfs"))
    deg = dict(g.degree())
    ours = m.degrees().ravel().tolist()
    assert [deg[(r, c)] for r in range(m.rows) for c in range(m.cols)] == ours


@settings(max_examples=40, deadline=None)
@given(m=mazes())
def test_wall_grid_layout(m):
    g = m.to_grid()
    assert g.shape == (2 * m.rows + 1, 2 * m.cols + 1) and g.dtype == np.uint8
    assert (g[0] == 1).all() and (g[-1] == 1).all() and (g[:, 0] == 1).all()
    assert (g[1::2, 1::2] == 0).all() and (g[0::2, 0::2] == 1).all()
    assert (g == 0).sum() == m.rows * m.cols + m.open_doors()


def test_svg_is_valid_and_draws_the_walls():
    m = Maze.carve(6, 8, seed=3)
    svg = m.to_svg(scale=12, path=m.solve())
    root = ET.fromstring(svg)
    assert root.attrib["width"] == str(8 * 12 + 2) and root.attrib["height"] == str(6 * 12 + 2)
    d = [e for e in root if e.tag.endswith("path")][0].attrib["d"]
    # every wall unit drawn once: total length / cell = wall segments of the text picture
    lengths = [int(x) for x in __import__("re").findall(r"[hv](\d+)", d)]
    h = (m.to_grid()[0::2, 1::2] == 1).sum() - 2  # minus the entrance and exit gaps
    v = (m.to_grid()[1::2, 0::2] == 1).sum()
    assert sum(lengths) == (h + v) * 12
    assert m._repr_svg_().startswith("<svg")
    png = m._repr_png_()
    assert png is None or png[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_input_names_the_argument():
    with pytest.raises(ValueError, match="grid"):
        Maze.from_grid(np.ones((4, 5), dtype=int))
    with pytest.raises(ValueError, match=r"grid\[1, 1\] is a wall"):
        Maze.from_grid(np.ones((3, 3), dtype=np.int8))
    with pytest.raises(TypeError, match="grid"):
        Maze.from_grid(np.zeros((3, 3), dtype=float))
    with pytest.raises(ValueError, match="0 .free. and 1"):
        Maze.from_grid(np.full((3, 3), 2))
    g = nx.Graph([((0, 0), (1, 1))])
    with pytest.raises(ValueError, match="neighbouring"):
        Maze.from_networkx(g)
    with pytest.raises(ValueError, match="outside"):
        Maze.from_networkx(nx.Graph([((0, 0), (0, 1))]), shape=(1, 1))
    with pytest.raises(ValueError, match="pairs"):
        Maze.from_networkx(nx.Graph([("a", "b")]))
    with pytest.raises(TypeError, match="graph"):
        Maze.from_networkx([1, 2])
    with pytest.raises(ValueError, match="connection_list"):
        maze.from_connection_list(np.zeros((3, 2, 2), bool))
    bad = np.zeros((2, 2, 2), bool)
    bad[0, 1, 0] = True
    with pytest.raises(ValueError, match="outer wall"):
        maze.from_connection_list(bad)
    with pytest.raises(TypeError, match="text"):
        maze.from_labmaze_text(b"***")
    with pytest.raises(ValueError, match="rectangle"):
        maze.from_labmaze_text("***\n**\n")
    with pytest.raises(ValueError, match="scale"):
        Maze.carve(3, 3).to_svg(scale=1)


def test_mazelib_grids():
    mazelib = pytest.importorskip("mazelib")
    from mazelib.generate.Prims import Prims
    from mazelib.generate.Sidewinder import Sidewinder

    for gen in (Prims(5, 7), Sidewinder(6, 4)):
        mm = mazelib.Maze(1)
        mm.generator = gen
        mm.generate()
        m = Maze.from_grid(mm.grid)
        assert m.is_perfect()
        np.testing.assert_array_equal(m.to_grid(), mm.grid)
    # and ours on mazelib's solvers' grid layout
    mine = Maze.carve(5, 5, seed=2)
    mm = mazelib.Maze(1)
    mm.grid = mine.to_grid().astype(np.int8)
    np.testing.assert_array_equal(Maze.from_grid(mm.grid).doors, mine.doors)


def test_maze_dataset_objects():
    pytest.importorskip("maze_dataset")
    from maze_dataset import LatticeMaze, SolvedMaze

    m = Maze.carve(5, 6, seed=8)
    lm = LatticeMaze(connection_list=maze.to_connection_list(m))
    assert lm.as_ascii() == maze.to_maze_dataset_ascii(m, endpoints=False)
    assert maze.from_connection_list(lm.connection_list) == m
    solved = SolvedMaze(connection_list=maze.to_connection_list(m), solution=m.solve())
    assert solved.as_ascii() == maze.to_maze_dataset_ascii(m, path=m.solve())
    back = LatticeMaze.from_ascii(maze.to_maze_dataset_ascii(m, path=m.solve()))
    np.testing.assert_array_equal(back.connection_list, maze.to_connection_list(m))
    # maze-dataset's own mazes
    from maze_dataset.generation import LatticeMazeGenerators

    theirs = LatticeMazeGenerators.gen_dfs(np.array([7, 4]))
    m2 = maze.from_connection_list(theirs.connection_list)
    assert m2.is_perfect()
    assert maze.to_maze_dataset_ascii(m2, endpoints=False) == theirs.as_ascii()


def test_labmaze_text():
    labmaze = pytest.importorskip("labmaze")
    m = Maze.carve(4, 5, seed=4)
    fixed = labmaze.FixedMazeWithRandomGoals(entity_layer=maze.to_labmaze_text(m))
    assert str(fixed.entity_layer) == maze.to_labmaze_text(m)
    theirs = labmaze.RandomMaze(
        height=11, width=13, max_rooms=0, random_seed=3, spawns_per_room=0, objects_per_room=0
    )
    text = str(theirs.entity_layer)
    m2 = maze.from_labmaze_text(text)
    assert m2.shape == (5, 6)
    lines = text.rstrip("\n").split("\n")
    walls = np.array([[ch == "*" for ch in line] for line in lines])
    g = m2.to_grid().astype(bool)
    # every door and cell agrees; only posts (room corners) may differ
    mask = np.ones_like(walls)
    mask[0::2, 0::2] = False
    np.testing.assert_array_equal(g[mask], walls[mask])
