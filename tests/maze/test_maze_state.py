"""The Maze's 0.2 contract: immutable trusted state, openings, one return type, Trace, keywords."""

import copy
import pickle
import subprocess
import sys

import numpy as np
import pytest
from _suite import HANG_GUARD

import trapcore as tc
from reference.maze import solve_wall, walk_is_legal
from trapcore import maze
from trapcore.maze import Maze, Trace


def run_child(code: str) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter, so that a crash is a failed test, not the run's end."""
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )


# -- entrance and exit: read-only, changed only through a validating method ----------------------


def test_moving_the_exit_out_of_the_maze_cannot_crash_the_interpreter():
    # 0.1: `m.exit = (100, 100)` was accepted and solve(method="bfs") indexed out of bounds
    # (a segfault); (-1, 0) returned a garbage path
    code = (
        "import trapcore as tc\n"
        "m = tc.Maze.carve(6, 7, seed=1)\n"
        "for name, cell in (('exit', (100, 100)), ('entrance', (-1, 0)), ('exit', (2, 3))):\n"
        "    try:\n"
        "        setattr(m, name, cell)\n"
        "    except AttributeError as exc:\n"
        "        assert 'with_openings' in str(exc), exc\n"
        "    else:\n"
        "        raise SystemExit(f'{name} = {cell} was accepted')\n"
        "    for method in ('bfs', 'wall'):\n"
        "        p = m.solve(method=method)\n"
        "        assert p[0].tolist() == [0, 0] and p[-1].tolist() == [5, 6], p\n"
        "print('ok')\n"
    )
    out = run_child(code)
    assert out.returncode == 0 and out.stdout == "ok\n", (out.returncode, out.stdout, out.stderr)


def test_openings_are_read_only_properties():
    m = Maze.carve(6, 7, seed=1)
    assert m.entrance == (0, 0) and m.exit == (5, 6)
    for name in ("entrance", "exit", "doors", "rows", "_exit", "_doors", "anything"):
        with pytest.raises(AttributeError, match="immutable"):
            setattr(m, name, (1, 0))
        with pytest.raises(AttributeError, match="immutable"):
            delattr(m, name)
    assert m.entrance == (0, 0) and m.exit == (5, 6)
    assert isinstance(m.entrance, tuple) and all(type(x) is int for x in m.entrance + m.exit)


def test_a_subclass_cannot_widen_the_cells_the_kernels_accept():
    # cells are checked against the doors themselves, not against overridable properties
    code = (
        "import pytest, trapcore as tc\n"
        "class Wide(tc.Maze):\n"
        "    __slots__ = ()\n"
        "    shape = property(lambda self: (10**6, 10**6))\n"
        "    rows = cols = property(lambda self: 10**6)\n"
        "m = Wide.carve(4, 4, seed=1)\n"
        "calls = [lambda: m.solve(start=(999, 999)),\n"
        "         lambda: m.solve(goal=(999, 0), method='bfs'),\n"
        "         lambda: m.trace(start=(999, 999)), lambda: m.distances(start=(0, 999)),\n"
        "         lambda: m.with_openings(exit=(999, 0))]\n"
        "for call in calls:\n"
        "    with pytest.raises(ValueError, match='outside the 4 x 4'):\n"
        "        call()\n"
        "print('ok')\n"
    )
    out = run_child(code)
    assert out.returncode == 0 and out.stdout == "ok\n", (out.returncode, out.stdout, out.stderr)


def test_with_openings_validates_and_returns_a_new_maze():
    m = Maze.carve(6, 7, seed=1)
    n = m.with_openings(entrance=(3, 0), exit=(0, 6))
    assert (n.entrance, n.exit) == ((3, 0), (0, 6))
    assert (m.entrance, m.exit) == ((0, 0), (5, 6))  # unchanged
    np.testing.assert_array_equal(n.doors, m.doors)
    assert n != m and n.with_openings(entrance=(0, 0), exit=(5, 6)) == m
    assert m.with_openings() == m
    assert m.with_openings(exit=(5, 0)).entrance == (0, 0)
    path = n.solve()
    assert path[0].tolist() == [3, 0] and path[-1].tolist() == [0, 6]
    np.testing.assert_array_equal(path, n.solve(method="bfs"))
    for cell, exc in (
        ((100, 100), ValueError),
        ((-1, 0), ValueError),
        ((2, 3), ValueError),
        ((0,), TypeError),
        ("ab", TypeError),
        ((0.0, 1), TypeError),
        (5, TypeError),
    ):
        with pytest.raises(exc, match="exit"):
            m.with_openings(exit=cell)
        with pytest.raises(exc, match="entrance"):
            m.with_openings(entrance=cell)
    with pytest.raises(TypeError):
        m.with_openings((1, 0))  # keyword-only


def test_constructor_openings_are_validated():
    d = Maze.carve(4, 4, seed=2).doors
    assert Maze(d, entrance=(3, 1), exit=(1, 3)).exit == (1, 3)
    for kw in ({"entrance": (1, 1)}, {"exit": (4, 0)}, {"exit": (-1, 3)}, {"entrance": (0, -1)}):
        with pytest.raises(ValueError, match=next(iter(kw))):
            Maze(d, **kw)
    with pytest.raises(TypeError):
        Maze(d, (0, 0))  # keyword-only


# -- doors: a private copy, checked as copied, read-only for good --------------------------------


def test_doors_cannot_be_made_writable_again():
    # 0.1 handed out the array that owned its memory: `m.doors.flags.writeable = True` worked,
    # and an open outer door then sent the solvers out of bounds
    m = Maze.carve(5, 5, seed=1)
    arrays = [m.doors]
    while isinstance(arrays[-1].base, np.ndarray):
        arrays.append(arrays[-1].base)
    for a in arrays:
        assert not a.flags.writeable
        with pytest.raises(ValueError):
            a.flags.writeable = True
    with pytest.raises(ValueError):
        m.doors[4, 4] = 5
    for other in (
        m.braid(1.0, seed=1),
        m.with_openings(exit=(4, 0)),
        Maze(m.doors),
        pickle.loads(pickle.dumps(m)),
    ):
        with pytest.raises(ValueError):
            other.doors.flags.writeable = True


def test_doors_are_copied_from_the_caller():
    d = Maze.carve(5, 5, seed=3).doors.copy()
    m = Maze(d)
    before = m.doors.copy()
    d[:] = 0b0101  # opens the outer doors, too
    np.testing.assert_array_equal(m.doors, before)
    assert not np.shares_memory(m.doors, d) and m.is_perfect()


class _ChangesAfterItsMaxIsRead(np.ndarray):
    """A door array that rewrites itself once numpy has read its maximum: a stand-in for another
    thread changing the caller's array between the check and the copy."""

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        plain = [x.view(np.ndarray) if isinstance(x, np.ndarray) else x for x in inputs]
        result = getattr(ufunc, method)(*plain, **kwargs)
        if ufunc is np.maximum and method == "reduce":
            self.view(np.ndarray)[0, 0] = 0xFF  # fields 11/11 but bits above 3 set
        return result


def test_doors_are_checked_on_the_copy_that_is_kept():
    # 0.1 checked the caller's array and copied it afterwards: whatever changed in between was
    # kept unchecked (here a value of 255, outside the 0..15 that doors may hold)
    d = Maze.carve(4, 4, seed=4).doors.copy()
    evil = d.view(_ChangesAfterItsMaxIsRead)
    m = Maze(evil)
    assert int(m.doors.max()) <= 15
    np.testing.assert_array_equal(m.doors, d)
    assert m.is_perfect()


def test_check_doors_is_keyword_only_for_its_name():
    d = Maze.carve(3, 3, seed=1).doors
    assert maze.check_doors(d, name="walls") is not None
    with pytest.raises(ValueError, match="walls"):
        maze.check_doors(np.array([[2]], dtype=np.uint8), name="walls")
    with pytest.raises(TypeError):
        maze.check_doors(d, "walls")


def test_pickle_and_copy_round_trip_and_revalidate():
    m = Maze.carve(7, 5, seed=9, entrance=(3, 0), exit=(0, 4))
    for again in (pickle.loads(pickle.dumps(m)), copy.copy(m), copy.deepcopy(m)):
        assert again == m and again.entrance == (3, 0) and again.exit == (0, 4)
        assert type(again.entrance) is tuple
    fn, args = m.__reduce__()
    with pytest.raises(ValueError, match="exit"):
        fn(args[0], args[1], (100, 100))  # a forged pickle is checked too


# -- one return type; the trail has its own method and result -----------------------------------


@pytest.mark.parametrize(
    "kw",
    [
        {},
        {"method": "wall"},
        {"method": "bfs"},
        {"hand": "left"},
        {"method": "wall", "hand": "right"},
        {"start": (3, 3)},
    ],
)
def test_solve_returns_a_path_whatever_its_options(kw):
    m = Maze.carve(9, 9, seed=5).braid(0.3, seed=5)
    path = m.solve(**kw)
    assert isinstance(path, np.ndarray) and path.dtype == np.int32 and path.shape[1] == 2
    assert walk_is_legal(m.doors, path) and path[-1].tolist() == [8, 8]


def test_trace_is_a_frozen_result_with_path_and_moves():
    m = Maze.carve(12, 12, seed=8)
    t = m.trace(hand="left")
    assert isinstance(t, Trace) and t.hand == "left"
    path, moves = solve_wall(m.doors, (0, 0), (11, 11), "left", trace=True)
    np.testing.assert_array_equal(t.path, path)
    np.testing.assert_array_equal(t.moves, moves)
    np.testing.assert_array_equal(t.path, m.solve(hand="left"))
    assert t.path.dtype == t.moves.dtype == np.int32
    assert repr(t) == f"<Trace hand='left' path={len(path)} cells moves={len(moves)}>"
    with pytest.raises(AttributeError):
        t.path = None
    assert m.trace().hand == "right"
    with pytest.raises(TypeError):
        m.trace((0, 0))  # keyword-only


@pytest.mark.parametrize("p", [0.0, 0.4, 1.0])
def test_trace_back_marks_the_robots_pops(p):
    # replay the robot's stack move by move: a move is a step back exactly when it pops
    for seed in range(4):
        m = Maze.carve(15, 15, seed=seed).braid(p, seed=seed)
        t = m.trace(start=(7, 7), hand=("left", "right")[seed % 2])
        back = t.back
        assert back.dtype == bool and back.shape == (len(t.moves),)
        stack, expected = [tuple(t.moves[0])], [False]
        for cell in map(tuple, t.moves[1:].tolist()):
            if len(stack) > 1 and stack[-2] == cell:
                stack.pop()
                expected.append(True)
            else:
                stack.append(cell)
                expected.append(False)
        assert back.tolist() == expected
        np.testing.assert_array_equal(np.array(stack), t.path)
        assert int((~back).sum()) == len({tuple(c) for c in t.moves.tolist()})
    assert back.any()
    one = Maze.carve(1, 1, seed=1).trace()
    assert one.back.tolist() == [False] and repr(one) == "<Trace hand='right' path=1 cells moves=1>"


def test_trace_without_a_way_out():
    d = np.zeros((2, 2), dtype=np.uint8)
    t = Maze(d).trace()
    assert t.path is None and t.moves.tolist() == [[0, 0]] and t.back.tolist() == [False]
    assert repr(t) == "<Trace hand='right' no path moves=1>"


# -- keyword-only options, reprs -----------------------------------------------------------------


def test_options_are_keyword_only():
    m = Maze.carve(4, 4, seed=1)
    for call in (
        lambda: Maze.carve(4, 4, 1),
        lambda: m.solve((0, 0)),
        lambda: m.solve((0, 0), (3, 3)),
        lambda: m.braid(0.5, 1),
        lambda: m.distances((0, 0)),
        lambda: maze.carve_many(2, 4, 4, 1),
        lambda: m.to_text(None),
        lambda: m.to_image(10),
    ):
        with pytest.raises(TypeError):
            call()


def test_reprs_say_what_the_object_is():
    assert repr(Maze.carve(6, 7, seed=1)) == "<Maze 6x7 entrance=(0, 0) exit=(5, 6)>"
    assert (
        repr(Maze.carve(3, 4, seed=1, entrance=(1, 0), exit=(0, 2)))
        == "<Maze 3x4 entrance=(1, 0) exit=(0, 2)>"
    )
    assert (
        repr(tc.Maze(np.full((1, 1), 15, dtype=np.uint8)))
        == "<Maze 1x1 entrance=(0, 0) exit=(0, 0)>"
    )


def test_package_exports():
    assert set(maze.__all__) >= {
        "Maze",
        "Trace",
        "carve_many",
        "check_doors",
        "door",
        "set_door",
        "open_door",
        "close_door",
        "lock_door",
        "DoorState",
        "LIMITS",
        "METHODS",
        "SOLVERS",
        "HANDS",
        "SIDES",
    }
    public = {n for n in dir(maze) if not n.startswith("_")}
    modules = {"batch", "cli", "doors", "formats", "internal", "maze", "render"}
    assert public - modules == set(maze.__all__)
    assert tc.Maze is Maze
