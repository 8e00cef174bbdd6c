"""trapcore.maze: carving vs twins, perfect mazes, goldens, door helpers, carve_many, bad input."""

import hashlib
import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.maze import SHAPES, carve
from trapcore import maze
from trapcore._seeding import item_generator, root_key
from trapcore.maze import DoorState, Maze, _solve

METHODS = maze.METHODS
SIZES = SHAPES


def assert_perfect(doors):
    """Spanning tree, door states only 00/01/11, every interior door open or locked, outer
    doors locked (never open)."""
    rows, cols = doors.shape
    assert doors.dtype == np.uint8
    down, right = doors & 3, (doors >> 2) & 3
    assert set(np.unique(down)) <= {DoorState.OPEN, DoorState.LOCKED}
    assert set(np.unique(right)) <= {DoorState.OPEN, DoorState.LOCKED}
    assert (doors >> 4 == 0).all()
    assert (down[-1] == DoorState.LOCKED).all() and (right[:, -1] == DoorState.LOCKED).all()
    assert int((down == DoorState.OPEN).sum() + (right == DoorState.OPEN).sum()) == rows * cols - 1
    assert (_solve.distances(doors, 0) >= 0).all()


# -- carving: properties and twins -------------------------------------------------------------


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("rows,cols", SIZES)
def test_carve_is_perfect_and_matches_twin(method, rows, cols):
    for seed in range(8):
        m = Maze.carve(rows, cols, seed=seed, method=method)
        assert_perfect(m.doors)
        assert m.is_perfect()
        np.testing.assert_array_equal(m.doors, carve(rows, cols, seed, method))


@pytest.mark.parametrize("method", METHODS)
def test_carve_300x500_is_perfect(method):
    # larger than int8 and int16 set ids (mazelib's Eller's makes loops from int8 ids)
    m = Maze.carve(300, 500, seed=11, method=method)
    assert_perfect(m.doors)


@pytest.mark.parametrize("method", METHODS)
def test_kernel_matches_twin_on_medium_mazes(method):
    for seed in (0, 1):
        np.testing.assert_array_equal(
            Maze.carve(60, 45, seed=seed, method=method).doors, carve(60, 45, seed, method)
        )


@given(
    rows=st.integers(1, 25),
    cols=st.integers(1, 25),
    seed=st.integers(0, 2**63),
    method=st.sampled_from(METHODS),
)
def test_hypothesis_kernel_equals_twin(rows, cols, seed, method):
    doors = Maze.carve(rows, cols, seed=seed, method=method).doors
    assert_perfect(doors)
    np.testing.assert_array_equal(doors, carve(rows, cols, seed, method))


def test_methods_give_different_mazes_and_seeds_differ():
    mazes = [Maze.carve(20, 20, seed=3, method=m).doors for m in METHODS]
    for i in range(len(mazes)):
        for j in range(i + 1, len(mazes)):
            assert not np.array_equal(mazes[i], mazes[j])
    assert not np.array_equal(Maze.carve(20, 20, seed=1).doors, Maze.carve(20, 20, seed=2).doors)


def test_backtracker_has_long_corridors_prim_many_dead_ends():
    dead = {m: len(Maze.carve(60, 60, seed=5, method=m).dead_ends()) for m in METHODS}
    assert dead["backtracker"] < dead["kruskal"] < dead["prim"]


def test_wilson_is_uniform_on_2x3():
    # a 2x3 grid has 15 spanning trees; Wilson's algorithm samples them uniformly
    counts = {}
    for seed in range(3000):
        key = Maze.carve(2, 3, seed=seed, method="wilson").doors.tobytes()
        counts[key] = counts.get(key, 0) + 1
    assert len(counts) == 15
    assert max(counts.values()) < 1.35 * 3000 / 15 and min(counts.values()) > 0.65 * 3000 / 15


# -- golden mazes --------------------------------------------------------------------------------

GOLDEN_4x5 = {
    "kruskal": [[7, 5, 13, 5, 15], [7, 13, 15, 5, 15], [5, 7, 5, 7, 15], [15, 7, 7, 7, 15]],
    "backtracker": [[13, 5, 7, 7, 13], [13, 13, 5, 7, 13], [5, 15, 13, 5, 15], [7, 15, 15, 7, 15]],
    "wilson": [[7, 7, 5, 7, 15], [13, 5, 5, 7, 13], [5, 15, 7, 15, 13], [15, 7, 7, 7, 15]],
    "prim": [[7, 13, 7, 5, 15], [7, 7, 5, 15, 13], [13, 7, 5, 7, 15], [7, 7, 7, 7, 15]],
}
GOLDEN_BATCH = "9261d772410d4b60"  # 50 wilson 8x9 mazes; equals the twin fed item k
GOLDEN_64x48 = {
    "kruskal": ["f30fd831a8cb6506", "0680bf28852a9db1"],
    "backtracker": ["3168da4b0e8121e5", "abce9cb48e838279"],
    "wilson": ["ea502c482ad86122", "649a8e72fbd0174f"],
    "prim": ["925095c5d71402b4", "bb40eb8a97cdcdb1"],
}


def digest(a) -> str:
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()[:16]


@pytest.mark.parametrize("method", METHODS)
def test_golden_mazes(method):
    assert Maze.carve(4, 5, seed=2026, method=method).doors.tolist() == GOLDEN_4x5[method]
    assert [
        digest(Maze.carve(64, 48, seed=s, method=method).doors) for s in (0, 1)
    ] == GOLDEN_64x48[method]


def test_golden_solution_braid_and_batch():
    m = Maze.carve(6, 6, seed=7)
    assert m.solve().tolist() == [
        [0, 0],
        [0, 1],
        [0, 2],
        [1, 2],
        [1, 3],
        [2, 3],
        [2, 4],
        [3, 4],
        [4, 4],
        [5, 4],
        [5, 5],
    ]
    assert digest(m.braid(0.5, seed=3).doors) == "5bff79eb243bd52d"
    # 0.2: maze k of a batch draws from trapcore._seeding's item k (0.1 spawned SeedSequences)
    assert maze.carve_many(3, 3, 3, seed=5).tolist() == [
        [[13, 5, 13], [5, 13, 15], [15, 7, 15]],
        [[7, 5, 15], [7, 13, 13], [7, 7, 15]],
        [[5, 5, 15], [13, 7, 13], [7, 15, 15]],
    ]
    assert digest(maze.carve_many(50, 8, 9, seed=2026, method="wilson")) == GOLDEN_BATCH


def test_same_seed_same_maze_in_a_fresh_process():
    code = (
        "import hashlib, trapcore as tc; "
        "print(hashlib.sha256(tc.Maze.carve(64, 48, seed=1, method='wilson').doors.tobytes())"
        ".hexdigest()[:16])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == GOLDEN_64x48["wilson"][1]


def test_seeds_do_not_touch_or_depend_on_global_random_state():
    # mazelib and maze-dataset seed the global random state, so their seeds do not reproduce
    # the legacy global state is what this test is about (hence the NPY002 exemptions)
    np.random.seed(1)  # noqa: NPY002
    random.seed(1)
    before = (np.random.get_state()[1].copy(), random.getstate())  # noqa: NPY002
    a = Maze.carve(30, 30, seed=42).doors
    np.random.random(100)  # noqa: NPY002
    random.random()
    b = Maze.carve(30, 30, seed=42).doors
    np.testing.assert_array_equal(a, b)
    np.random.seed(1)  # noqa: NPY002
    random.seed(1)
    Maze.carve(30, 30, seed=42)
    assert (np.random.get_state()[1] == before[0]).all() and random.getstate() == before[1]  # noqa: NPY002


def test_seed_kinds():
    a = Maze.carve(10, 10, seed=5).doors
    np.testing.assert_array_equal(a, Maze.carve(10, 10, seed=np.random.SeedSequence(5)).doors)
    np.testing.assert_array_equal(
        a, Maze.carve(10, 10, seed=np.random.Generator(np.random.PCG64(5))).doors
    )
    gen = np.random.Generator(np.random.PCG64(5))
    first, second = Maze.carve(10, 10, seed=gen).doors, Maze.carve(10, 10, seed=gen).doors
    assert not np.array_equal(first, second)  # a Generator is advanced by each call
    assert Maze.carve(10, 10, seed=None).is_perfect()


# -- carve_many ----------------------------------------------------------------------------------


@pytest.mark.parametrize("method", METHODS)
def test_carve_many_matches_single_mazes(method):
    out = maze.carve_many(40, 6, 9, seed=123, method=method)
    assert out.shape == (40, 6, 9) and out.dtype == np.uint8
    key = root_key(123)
    for k in (0, 1, 17, 39):
        np.testing.assert_array_equal(
            out[k], Maze.carve(6, 9, seed=item_generator(key, k), method=method).doors
        )
        # and the twin, fed the same item stream, carves the same maze
        np.testing.assert_array_equal(out[k], carve(6, 9, item_generator(key, k), method))
    for k in range(40):
        assert_perfect(out[k])
    assert len({out[k].tobytes() for k in range(40)}) > 30  # the items are not one stream


def test_carve_many_items_do_not_depend_on_the_batch():
    # item k is a pure function of (seed, k): a longer batch starts with the shorter one
    a = maze.carve_many(7, 5, 5, seed=31, method="prim")
    b = maze.carve_many(20, 5, 5, seed=31, method="prim", workers=3)
    np.testing.assert_array_equal(a, b[:7])
    assert not np.array_equal(a, maze.carve_many(7, 5, 5, seed=32, method="prim"))


def test_carve_many_threads_do_not_change_the_result():
    a = maze.carve_many(501, 10, 10, seed=9)
    np.testing.assert_array_equal(a, maze.carve_many(501, 10, 10, seed=9, workers=2))
    np.testing.assert_array_equal(a, maze.carve_many(501, 10, 10, seed=9, workers=-1))
    np.testing.assert_array_equal(a[:3], maze.carve_many(3, 10, 10, seed=9, workers=8))


def test_carve_many_edge_cases():
    assert maze.carve_many(0, 5, 5, seed=1).shape == (0, 5, 5)
    ones = maze.carve_many(4, 1, 1, seed=1)
    assert (ones == 15).all()
    gen = np.random.Generator(np.random.PCG64(3))
    a = maze.carve_many(5, 4, 4, seed=gen)
    b = maze.carve_many(5, 4, 4, seed=gen)
    assert a.shape == b.shape == (5, 4, 4)
    assert not np.array_equal(a, b)  # a Generator is advanced by each call
    np.testing.assert_array_equal(
        a, maze.carve_many(5, 4, 4, seed=np.random.Generator(np.random.PCG64(3)))
    )
    ss = maze.carve_many(5, 4, 4, seed=np.random.SeedSequence(2))
    np.testing.assert_array_equal(ss, maze.carve_many(5, 4, 4, seed=np.random.SeedSequence(2)))
    np.testing.assert_array_equal(ss, maze.carve_many(5, 4, 4, seed=2))
    assert maze.carve_many(3, 4, 4).shape == (3, 4, 4)  # seed=None: fresh entropy


# -- door helpers --------------------------------------------------------------------------------


def test_door_bits_follow_design():
    # DESIGN.md: 7 = 0b01_11 = Right open, Down locked
    d = np.array([[7, 15], [15, 15]], dtype=np.uint8)
    assert maze.door(d, (0, 0), "right") == DoorState.OPEN
    assert maze.door(d, (0, 1), "left") == DoorState.OPEN
    assert maze.door(d, (0, 0), "down") == DoorState.LOCKED
    assert maze.door(d, (1, 0), "up") == DoorState.LOCKED
    assert maze.door(d, (0, 0), "up") == DoorState.LOCKED  # outer wall, not stored
    assert maze.door(d, (0, 0), "left") == DoorState.LOCKED
    np.testing.assert_array_equal(maze.down_doors(d), d & 3)
    np.testing.assert_array_equal(maze.right_doors(d), (d >> 2) & 3)


def test_set_open_close_lock_door():
    d = np.full((3, 3), 15, dtype=np.uint8)
    maze.open_door(d, (1, 1), "up")
    assert d[0, 1] == 0b1101 and maze.door(d, (0, 1), "down") == DoorState.OPEN
    maze.open_door(d, (1, 1), "left")
    assert d[1, 0] == 0b0111
    maze.close_door(d, (1, 1), "right")
    assert d[1, 1] == 0b0011 and maze.door(d, (1, 2), "left") == 0
    maze.lock_door(d, (1, 1), "right")
    assert d[1, 1] == 15
    maze.lock_door(d, (0, 0), "up")  # outer: already locked, fine
    with pytest.raises(ValueError, match="outer wall"):
        maze.open_door(d, (2, 2), "down")
    with pytest.raises(ValueError, match="outer wall"):
        maze.close_door(d, (0, 0), "left")
    with pytest.raises(ValueError, match="state"):
        maze.set_door(d, (1, 1), "down", 2)
    with pytest.raises(ValueError, match="side"):
        maze.open_door(d, (1, 1), "north")
    with pytest.raises(ValueError, match="cell"):
        maze.open_door(d, (3, 0), "down")
    with pytest.raises(TypeError, match="doors"):
        maze.open_door(d.astype(np.int64), (1, 1), "down")
    with pytest.raises(ValueError, match="read-only"):
        maze.open_door(Maze.carve(3, 3, seed=1).doors, (0, 0), "down")


def test_maze_from_doors_roundtrip_and_checks():
    m = Maze.carve(9, 7, seed=4)
    again = Maze(m.doors.tolist())
    assert again == m and again.is_perfect()
    assert Maze(np.asfortranarray(m.doors)) == m
    ro = m.doors.copy()
    ro.flags.writeable = False
    assert Maze(ro) == m
    assert Maze(m.doors.astype(np.int64)) == m
    with pytest.raises(ValueError):
        m.doors[0, 0] = 0  # read-only
    open_ring = np.full((2, 2), 15, dtype=np.uint8)
    open_ring[0, 0] = 5  # down and right open
    open_ring[0, 1] = 0b1101
    open_ring[1, 0] = 0b0111
    loop = Maze(open_ring)
    assert loop.open_doors() == 4 and not loop.is_perfect()
    closed = Maze(np.zeros((3, 3), dtype=np.uint8))
    assert closed.open_doors() == 0 and not closed.is_perfect()
    assert closed.solve(start=(0, 0), goal=(2, 2)) is None
    assert closed.solve(start=(0, 0), goal=(2, 2), method="bfs") is None


@pytest.mark.parametrize(
    "bad,match",
    [
        (np.array([[2]], dtype=np.uint8), "0b10"),
        (np.array([[8, 15]], dtype=np.uint8), "0b10"),
        (np.array([[1]], dtype=np.uint8), "outer wall"),
        (np.array([[15, 4]], dtype=np.uint8), "outer wall"),
        (np.array([[16]], dtype=np.uint8), r"\[0, 15\]"),
        (np.array([[-1]]), r"\[0, 15\]"),
        (np.zeros((0, 3), dtype=np.uint8), "at least"),
        (np.zeros(4, dtype=np.uint8), "2-D"),
    ],
)
def test_bad_doors(bad, match):
    with pytest.raises(ValueError, match=match):
        Maze(bad)


def test_bad_doors_types():
    with pytest.raises(TypeError, match="doors"):
        Maze(np.ones((2, 2)) * 15.0)
    with pytest.raises(TypeError, match="doors"):
        Maze(np.ones((2, 2), dtype=bool))


# -- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rows,cols,exc,match",
    [
        (0, 5, ValueError, "rows"),
        (5, 0, ValueError, "cols"),
        (-3, 5, ValueError, "rows"),
        (5, -1, ValueError, "cols"),
        (2.0, 5, TypeError, "rows"),
        (5, 2.5, TypeError, "cols"),
        ("3", 5, TypeError, "rows"),
        (None, 5, TypeError, "rows"),
        (True, 5, TypeError, "rows"),
        (100_000, 100_000, ValueError, "cells"),
        (2**40, 1, ValueError, "cells"),
        (8193, 8192, ValueError, "bytes per cell"),
    ],
)
def test_bad_sizes(rows, cols, exc, match):
    with pytest.raises(exc, match=match):
        Maze.carve(rows, cols, seed=1)
    with pytest.raises(exc, match=match):
        maze.carve_many(2, rows, cols, seed=1)


@pytest.mark.parametrize(
    "seed,exc",
    [(-1, ValueError), (1.5, TypeError), ("1", TypeError), (True, TypeError), ([1, 2], TypeError)],
)
def test_bad_seeds(seed, exc):
    with pytest.raises(exc, match="seed"):
        Maze.carve(4, 4, seed=seed)
    with pytest.raises(exc, match="seed"):
        maze.carve_many(2, 4, 4, seed=seed)
    with pytest.raises(exc, match="seed"):
        Maze.carve(4, 4, seed=1).braid(0.5, seed=seed)


def test_bad_method_and_choices():
    with pytest.raises(ValueError, match="method"):
        Maze.carve(4, 4, method="eller")
    with pytest.raises(TypeError, match="method"):
        Maze.carve(4, 4, method=0)
    with pytest.raises(ValueError, match="method"):
        maze.carve_many(2, 4, 4, method="Kruskal")
    m = Maze.carve(4, 4, seed=1)
    with pytest.raises(ValueError, match="method"):
        m.solve(method="astar")
    with pytest.raises(ValueError, match="hand"):
        m.solve(hand="both")
    with pytest.raises(TypeError, match="hand"):
        m.solve(hand=0)
    with pytest.raises(TypeError, match="trace"):  # 0.2: the trail is Maze.trace()
        m.solve(trace=True)
    with pytest.raises(ValueError, match="hand"):  # no option accepted and ignored
        m.solve(method="bfs", hand="left")
    with pytest.raises(ValueError, match="hand"):
        m.trace(hand="both")
    with pytest.raises(TypeError, match="hand"):
        m.trace(hand=None)


@pytest.mark.parametrize(
    "cell,exc,match",
    [
        ((4, 0), ValueError, "start"),
        ((0, 4), ValueError, "start"),
        ((-1, 0), ValueError, "start"),
        ((0,), TypeError, "start"),
        ("ab", TypeError, "start"),
        ((0.0, 1), TypeError, "start"),
    ],
)
def test_start_and_goal_outside(cell, exc, match):
    m = Maze.carve(4, 4, seed=1)
    with pytest.raises(exc, match=match):
        m.solve(start=cell)
    with pytest.raises(exc, match=match.replace("start", "goal")):
        m.solve(goal=cell, method="bfs")
    with pytest.raises(exc, match=match):
        m.trace(start=cell)
    with pytest.raises(exc, match=match.replace("start", "goal")):
        m.trace(goal=cell)
    with pytest.raises(exc, match=match):
        m.distances(start=cell)


def test_bad_entrance_exit():
    with pytest.raises(ValueError, match="entrance"):
        Maze.carve(5, 5, seed=1, entrance=(2, 2))
    with pytest.raises(ValueError, match="exit"):
        Maze.carve(5, 5, seed=1, exit=(5, 4))
    m = Maze.carve(5, 5, seed=1, entrance=(2, 0), exit=(0, 3))
    assert m.solve()[0].tolist() == [2, 0] and m.solve()[-1].tolist() == [0, 3]


def test_bad_braid_and_carve_many_args():
    m = Maze.carve(4, 4, seed=1)
    for p, exc in (
        (-0.1, ValueError),
        (1.5, ValueError),
        (float("nan"), ValueError),
        ("0.5", TypeError),
        (None, TypeError),
        (True, TypeError),
    ):
        with pytest.raises(exc, match="p"):
            m.braid(p, seed=1)
    with pytest.raises(ValueError, match="n"):
        maze.carve_many(-1, 4, 4)
    with pytest.raises(TypeError, match="n"):
        maze.carve_many(2.0, 4, 4)
    with pytest.raises(ValueError, match="workers"):
        maze.carve_many(2, 4, 4, workers=0)
    with pytest.raises(TypeError, match="workers"):
        maze.carve_many(2, 4, 4, workers=1.5)
    with pytest.raises(ValueError, match="workers"):  # 0.1: RuntimeError, can't start thread
        maze.carve_many(10**6, 1, 1, seed=1, workers=10**6)
    with pytest.raises(ValueError, match="workers"):
        maze.carve_many(2, 4, 4, workers=-2)
    with pytest.raises(ValueError, match="carve in batches"):
        maze.carve_many(10**6, 100, 100)
