"""Maze solvers, traces and braiding against their twins, and other libraries' bugs we avoid."""

import numpy as np
import pytest
from _suite import seeds
from hypothesis import given
from hypothesis import strategies as st

from reference.maze import SHAPES, braid, maze_distances, solve_bfs, solve_wall, walk_is_legal
from trapcore import maze
from trapcore.maze import Maze

METHODS = maze.METHODS
SIZES = SHAPES


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("rows,cols", SIZES + [(40, 60)])
def test_wall_paths_equal_bfs_paths_in_perfect_mazes(method, rows, cols):
    rng = np.random.default_rng(rows * 1000 + cols)
    for seed in seeds(2, 4):
        m = Maze.carve(rows, cols, seed=seed, method=method)
        for _ in range(3):
            s = (int(rng.integers(rows)), int(rng.integers(cols)))
            g = (int(rng.integers(rows)), int(rng.integers(cols)))
            bfs = m.solve(start=s, goal=g, method="bfs")
            assert bfs.dtype == np.int32 and bfs.shape[1] == 2
            assert bfs[0].tolist() == list(s) and bfs[-1].tolist() == list(g)
            assert walk_is_legal(m.doors, bfs)
            assert len(bfs) == m.distances(start=s)[g] + 1
            for hand in ("left", "right"):
                wall = m.solve(start=s, goal=g, method="wall", hand=hand)
                t = m.trace(start=s, goal=g, hand=hand)
                moves = t.moves
                np.testing.assert_array_equal(wall, bfs)
                np.testing.assert_array_equal(t.path, bfs)
                assert walk_is_legal(m.doors, moves)
                assert moves[0].tolist() == list(s) and moves[-1].tolist() == list(g)


def test_default_solve_is_entrance_to_exit():
    m = Maze.carve(30, 60, seed=1)
    p = m.solve(start=(0, 0), goal=(29, 59), method="wall", hand="right")
    np.testing.assert_array_equal(p, m.solve())
    assert p[0].tolist() == [0, 0] and p[-1].tolist() == [29, 59]


def test_start_equals_goal():
    m = Maze.carve(5, 5, seed=1)
    for method in ("wall", "bfs"):
        assert m.solve(start=(2, 3), goal=(2, 3), method=method).tolist() == [[2, 3]]
    t = m.trace(start=(2, 3), goal=(2, 3))
    assert t.path.tolist() == [[2, 3]] and t.moves.tolist() == [[2, 3]]
    one = Maze.carve(1, 1, seed=1)
    assert one.solve().tolist() == [[0, 0]]


def test_hands_explore_in_mirror_order():
    # a plus-shaped junction: from the centre, entered from the top, the left hand goes right
    # first (clockwise after Up), the right hand goes left first
    d = np.full((3, 3), 15, dtype=np.uint8)
    for side in ("up", "down", "left", "right"):
        maze.open_door(d, (1, 1), side)
    m = Maze(d)
    left = m.trace(start=(1, 1), goal=(2, 1), hand="left").moves
    right = m.trace(start=(1, 1), goal=(2, 1), hand="right").moves
    assert left.tolist() == [[1, 1], [1, 2], [1, 1], [2, 1]]
    assert right.tolist() == [[1, 1], [1, 0], [1, 1], [2, 1]]


@pytest.mark.parametrize("method", METHODS)
def test_solvers_match_twins(method):
    for seed in range(6):
        m = Maze.carve(17, 23, seed=seed, method=method)
        if seed % 2:
            m = m.braid(0.6, seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(4):
            s = (int(rng.integers(17)), int(rng.integers(23)))
            g = (int(rng.integers(17)), int(rng.integers(23)))
            for hand in ("left", "right"):
                t = m.trace(start=s, goal=g, hand=hand)
                p2, mv2 = solve_wall(m.doors, s, g, hand, trace=True)
                np.testing.assert_array_equal(t.path, p2)
                np.testing.assert_array_equal(t.moves, mv2)
                np.testing.assert_array_equal(m.solve(start=s, goal=g, hand=hand), p2)
            np.testing.assert_array_equal(
                m.solve(start=s, goal=g, method="bfs"), solve_bfs(m.doors, s, g)
            )
            np.testing.assert_array_equal(m.distances(start=s), maze_distances(m.doors, s))


@given(
    rows=st.integers(1, 15),
    cols=st.integers(1, 15),
    seed=st.integers(0, 2**32),
    p=st.floats(0, 1),
    method=st.sampled_from(METHODS),
    hand=st.sampled_from(["left", "right"]),
    data=st.data(),
)
def test_hypothesis_solvers_and_braid_against_twins(rows, cols, seed, p, method, hand, data):
    m = Maze.carve(rows, cols, seed=seed, method=method)
    b = m.braid(p, seed=seed + 1)
    np.testing.assert_array_equal(b.doors, braid(m.doors, p, seed + 1))
    s = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    g = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    t = b.trace(start=s, goal=g, hand=hand)
    path, moves = t.path, t.moves
    p2, mv2 = solve_wall(b.doors, s, g, hand, trace=True)
    np.testing.assert_array_equal(path, p2)
    np.testing.assert_array_equal(moves, mv2)
    np.testing.assert_array_equal(b.solve(start=s, goal=g, hand=hand), p2)
    bfs = b.solve(start=s, goal=g, method="bfs")
    np.testing.assert_array_equal(bfs, solve_bfs(b.doors, s, g))
    assert walk_is_legal(b.doors, path) and walk_is_legal(b.doors, moves)
    assert len(bfs) <= len(path)
    assert len(set(map(tuple, path.tolist()))) == len(path)  # a simple path


# -- braid -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("method", METHODS)
def test_braid_removes_dead_ends_and_keeps_the_maze_valid(method):
    m = Maze.carve(30, 40, seed=2, method=method)
    dead = len(m.dead_ends())
    half = m.braid(0.5, seed=1)
    full = m.braid(1.0, seed=1)
    assert m.is_perfect() and m.open_doors() == 30 * 40 - 1  # the original is unchanged
    assert 0 < len(half.dead_ends()) < dead
    assert len(full.dead_ends()) == 0
    assert m.braid(0.0, seed=1) == m
    for b in (half, full):
        d = b.doors
        assert set(np.unique(d & 3)) <= {1, 3} and set(np.unique((d >> 2) & 3)) <= {1, 3}
        assert ((d[-1] & 3) == 3).all() and (((d[:, -1] >> 2) & 3) == 3).all()
        assert b.open_doors() > m.open_doors() and not b.is_perfect()
        assert (b.distances() >= 0).all()
        assert b.entrance == m.entrance and b.exit == m.exit


def test_braid_on_corridors():
    row = Maze.carve(1, 9, seed=1)
    assert row.braid(1.0, seed=1) == row  # no locked interior door to open
    col = Maze.carve(9, 1, seed=1)
    assert col.braid(1.0, seed=1) == col


@pytest.mark.parametrize("method", METHODS)
def test_wall_follower_succeeds_after_braid_from_any_start(method):
    m = Maze.carve(9, 11, seed=5, method=method).braid(0.8, seed=5)
    for r in range(9):
        for c in range(11):
            for hand in ("left", "right"):
                t = m.trace(start=(r, c), hand=hand)
                path, moves = t.path, t.moves
                assert path[0].tolist() == [r, c] and path[-1].tolist() == [8, 10]
                assert walk_is_legal(m.doors, path) and walk_is_legal(m.doors, moves)
                assert len(set(map(tuple, path.tolist()))) == len(path)


def test_wall_follower_trace_backtracks_and_visits_each_cell_once():
    m = Maze.carve(25, 25, seed=3)
    t = m.trace(hand="left")
    path, moves = t.path, t.moves
    visits = {}
    for cell in map(tuple, moves.tolist()):
        visits[cell] = visits.get(cell, 0) + 1
    # each explored cell is entered once; every cell off the path is left by one step back
    assert len(moves) == 2 * len(visits) - len(path)
    assert len(moves) > len(path)  # it did backtrack somewhere


# -- the known bugs of other libraries (ANCHORS.md) ------------------------------------------------


def test_no_walking_through_walls_on_the_first_step():
    # mazelib's wall follower walks through a wall on its first step in 19% of 15x15 mazes
    for seed in seeds(100, 300):
        m = Maze.carve(15, 15, seed=seed)
        for hand in ("left", "right"):
            moves = m.trace(hand=hand).moves
            assert walk_is_legal(m.doors, moves[:2])
            assert walk_is_legal(m.doors, moves)


def test_shortest_path_from_inside_the_maze_is_not_empty():
    # mazelib's ShortestPath returns an empty path when the start is inside the maze
    m = Maze.carve(15, 15, seed=4)
    for start in [(7, 7), (3, 10), (14, 0), (0, 14)]:
        for method in ("bfs", "wall"):
            path = m.solve(start=start, method=method)
            assert len(path) >= 2 and path[0].tolist() == list(start)


def test_no_path_terminates_with_none():
    # mazelib's backtracking solver never stops when there is no path
    m = Maze.carve(40, 40, seed=6)
    d = m.doors.copy()
    for side in ("up", "left"):  # wall the goal off completely
        maze.lock_door(d, (39, 39), side)
    walled = Maze(d)
    assert walled.solve(method="bfs") is None
    for hand in ("left", "right"):
        assert walled.solve(hand=hand) is None
        t = walled.trace(hand=hand)
        path, moves = t.path, t.moves
        assert path is None and moves[-1].tolist() == [0, 0]
        reachable = int((walled.distances() >= 0).sum())
        assert len(moves) == 2 * reachable - 1  # explored every reachable cell, came back
    assert walled.distances()[39, 39] == -1


def test_large_mazes_have_no_loops():
    # mazelib's Eller's generator makes loops (int8 set ids): check sizes past int8 and int16
    for method in METHODS:
        m = Maze.carve(200, 400, seed=8, method=method)
        assert m.is_perfect()
