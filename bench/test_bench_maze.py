"""Maze carving and solving: the kernels vs the pure-Python twins vs other maze libraries."""

# Maze carving and solving: trapcore's kernels vs the pure-Python twins vs the maze libraries users
# pick today (pydaedalus, labmaze, mazelib, maze-dataset), at equal cell counts.
# Sizes are in cells: an n x n maze here is a (2n+1) x (2n+1) bitmap for pydaedalus, labmaze and
# mazelib (walls take pixels there). Third-party cases skip when the library is absent. Cases that
# take more than a second or two are marked ``slow``. Run:
# ``pytest bench/test_bench_maze.py --benchmark-columns=min,median --benchmark-group-by=group``.
import sys

import numpy as np
import pytest

import reference.maze as ref
import trapcore as tc
from trapcore._seeding import item_generator, root_key

slow = pytest.mark.slow

# pydaedalus 0.1.5 corrupts memory on 64-bit Linux: its Mersenne Twister keeps 64-bit `ulong`
# state without the 32-bit mask (util.cpp InitRndL), so Rnd() truncates to negative ints, the
# Kruskal hedge shuffle swaps out of bounds and the output is a comb (999 of 999,999 passages
# vertical at 1000 x 1000). In-process it made later benchmarks segfault in the garbage
# collector, so it runs in a child process: each round sends one request and waits for "ok"
# (the pipe round trip, ~0.1 ms, is timed too; at 100 x 100 a request carves 100 mazes).
_DAEDALUS_WORKER = r"""
import sys
import daedalus
for line in sys.stdin:
    method, n, reps = line.split()
    n, reps = int(n), int(reps)
    for _ in range(reps):
        m = daedalus.Maze(2 * n + 1, 2 * n + 1)
        if method == "create_kruskal":
            m.create_kruskal(True, None, None)   # fClear=True: with False the maze gets loops
        else:
            getattr(m, method)()
    sys.stdout.write("ok\n")
    sys.stdout.flush()
"""


@pytest.fixture(scope="module")
def daedalus():
    """carve(method, n, reps): reps mazes of n x n cells carved by pydaedalus in a child process."""
    import importlib.util
    import subprocess

    if importlib.util.find_spec("daedalus") is None:
        pytest.skip("pydaedalus is not installed")
    proc = subprocess.Popen(
        [sys.executable, "-c", _DAEDALUS_WORKER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )

    def carve(method, n, reps=1):
        proc.stdin.write(f"{method} {n} {reps}\n")
        if proc.stdout.readline() != "ok\n":
            raise RuntimeError(f"the pydaedalus worker failed on {method} {n}")

    carve("create_kruskal", 5)
    yield carve
    proc.stdin.close()
    proc.wait(timeout=10)


def per_round(n):
    """Mazes per timed round: 100 small ones (so a pipe round trip does not dominate), else 1."""
    return 100 if n <= 100 else 1


def carve_rounds(benchmark, n, fn):
    """Time ``per_round(n)`` calls of fn() per round (the group name says how many)."""
    reps = per_round(n)

    def many():
        for _ in range(reps):
            fn()

    rounds = 20 if n <= 100 else (5 if n <= 1000 else 3)
    benchmark.pedantic(many, rounds=rounds, iterations=1, warmup_rounds=1)


SIZES = [100, pytest.param(1000, marks=slow), pytest.param(2000, marks=slow)]
SIZES_FAST = [100, 1000, pytest.param(2000, marks=slow)]  # for the native libraries


def run(benchmark, n, fn, *args, rounds=5, **kwargs):
    """Time fn: a few rounds for big mazes (one for the slow libraries), pytest-benchmark's
    calibration for small ones."""
    if n >= 1000:
        return benchmark.pedantic(
            fn,
            args=args,
            kwargs=kwargs,
            rounds=rounds,
            iterations=1,
            warmup_rounds=1 if rounds > 1 else 0,
        )
    return benchmark(fn, *args, **kwargs)


# -- Kruskal -------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", SIZES_FAST)
def test_kruskal_trapcore(benchmark, n):
    benchmark.group = f"carve kruskal {n}x{n}"
    m = run(benchmark, n, tc.Maze.carve, n, n, seed=1)
    assert m.open_doors() == n * n - 1


@pytest.mark.parametrize("n", [30, 100, pytest.param(1000, marks=slow)])
def test_kruskal_twin(benchmark, n):
    benchmark.group = f"carve kruskal {n}x{n}"
    doors = run(benchmark, n, ref.carve_kruskal, n, n, ref.MazeStream(1), rounds=2)
    assert doors.shape == (n, n)


def test_kruskal_trapcore_30(benchmark):
    benchmark.group = "carve kruskal 30x30"
    benchmark(tc.Maze.carve, 30, 30, seed=1)


def group(kind, n):
    reps = per_round(n)
    return f"carve {kind} {n}x{n}" + (f", {reps} mazes per round" if reps > 1 else "")


@pytest.mark.parametrize("n", SIZES_FAST)
def test_kruskal_trapcore_rounds(benchmark, n):
    benchmark.group = group("kruskal", n) + " (vs pydaedalus)"
    carve_rounds(benchmark, n, lambda: tc.Maze.carve(n, n, seed=1))


@pytest.mark.parametrize("n", SIZES_FAST)
def test_kruskal_pydaedalus(benchmark, daedalus, n):
    benchmark.group = group("kruskal", n) + " (vs pydaedalus)"
    reps = per_round(n)
    rounds = 20 if n <= 100 else (5 if n <= 1000 else 3)
    benchmark.pedantic(
        daedalus, args=("create_kruskal", n, reps), rounds=rounds, iterations=1, warmup_rounds=1
    )


@pytest.mark.parametrize("n", [100, pytest.param(1000, marks=slow)])
def test_kruskal_maze_dataset(benchmark, n):
    gen = pytest.importorskip("maze_dataset.generation")
    benchmark.group = f"carve kruskal {n}x{n}"
    m = run(benchmark, n, gen.LatticeMazeGenerators.gen_kruskal, grid_shape=(n, n), rounds=1)
    assert m.connection_list.sum() == n * n - 1


@pytest.mark.parametrize("n", [pytest.param(30, marks=slow)])
def test_kruskal_mazelib(benchmark, n):
    # mazelib's Kruskal is quadratic (39 s at 100x100 in ANCHORS.md): measured at 30x30 only
    mazelib = pytest.importorskip("mazelib")
    from mazelib.generate.Kruskal import Kruskal

    benchmark.group = f"carve kruskal {n}x{n}"

    def carve():
        m = mazelib.Maze(1)
        m.generator = Kruskal(n, n)
        m.generate()
        return m

    benchmark.pedantic(carve, rounds=3, iterations=1)


# -- backtracker (randomized depth-first search) -------------------------------------------------


@pytest.mark.parametrize("n", SIZES_FAST)
def test_backtracker_trapcore(benchmark, n):
    benchmark.group = f"carve backtracker {n}x{n}"
    run(benchmark, n, tc.Maze.carve, n, n, seed=1, method="backtracker")


@pytest.mark.parametrize("n", [100, pytest.param(1000, marks=slow)])
def test_backtracker_twin(benchmark, n):
    benchmark.group = f"carve backtracker {n}x{n}"
    run(benchmark, n, ref.carve_backtracker, n, n, ref.MazeStream(1), rounds=2)


@pytest.mark.parametrize("n", [100, pytest.param(1000, marks=slow), pytest.param(2000, marks=slow)])
def test_backtracker_labmaze(benchmark, n):
    labmaze = pytest.importorskip("labmaze")
    benchmark.group = f"carve backtracker {n}x{n}"
    # no rooms and no post-processing: the plain maze (simplify=True adds 0.3 s at 100x100)
    run(
        benchmark,
        n,
        labmaze.RandomMaze,
        height=2 * n + 1,
        width=2 * n + 1,
        max_rooms=0,
        simplify=False,
        random_seed=1,
        rounds=2,
    )


@pytest.mark.parametrize(
    "method,theirs",
    [("backtracker", "create_recursive"), ("wilson", "create_wilson"), ("prim", "create_prim")],
)
@pytest.mark.parametrize("n", SIZES_FAST)
def test_other_methods_trapcore_rounds(benchmark, n, method, theirs):
    benchmark.group = group(method, n) + " (vs pydaedalus)"
    carve_rounds(benchmark, n, lambda: tc.Maze.carve(n, n, seed=1, method=method))


@pytest.mark.parametrize(
    "method,theirs",
    [("backtracker", "create_recursive"), ("wilson", "create_wilson"), ("prim", "create_prim")],
)
@pytest.mark.parametrize("n", SIZES_FAST)
def test_other_methods_pydaedalus(benchmark, daedalus, n, method, theirs):
    benchmark.group = group(method, n) + " (vs pydaedalus)"
    reps = per_round(n)
    rounds = 20 if n <= 100 else (5 if n <= 1000 else 3)
    benchmark.pedantic(
        daedalus, args=(theirs, n, reps), rounds=rounds, iterations=1, warmup_rounds=1
    )


@pytest.mark.parametrize("n", [100])  # 349 s at 1000 x 1000 (20,000x ours): not repeated here
def test_backtracker_mazelib(benchmark, n):
    mazelib = pytest.importorskip("mazelib")
    from mazelib.generate.BacktrackingGenerator import BacktrackingGenerator

    benchmark.group = f"carve backtracker {n}x{n}"

    def carve():
        m = mazelib.Maze(1)
        m.generator = BacktrackingGenerator(n, n)
        m.generate()
        return m

    run(benchmark, n, carve, rounds=1)


@pytest.mark.parametrize("n", [100, pytest.param(1000, marks=slow)])
def test_backtracker_maze_dataset(benchmark, n):
    gen = pytest.importorskip("maze_dataset.generation")
    benchmark.group = f"carve backtracker {n}x{n}"
    run(benchmark, n, gen.LatticeMazeGenerators.gen_dfs, grid_shape=(n, n), rounds=1)


# -- Wilson and Prim -----------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["wilson", "prim"])
@pytest.mark.parametrize("n", SIZES_FAST)
def test_wilson_prim_trapcore(benchmark, n, method):
    benchmark.group = f"carve {method} {n}x{n}"
    run(benchmark, n, tc.Maze.carve, n, n, seed=1, method=method)


@pytest.mark.parametrize(
    "method,n", [("wilson", 100), ("prim", 100), pytest.param("prim", 1000, marks=slow)]
)
def test_wilson_prim_twin(benchmark, n, method):
    benchmark.group = f"carve {method} {n}x{n}"
    run(benchmark, n, ref.CARVERS[method], n, n, ref.MazeStream(1), rounds=1)


@pytest.mark.parametrize("method", ["wilson", "prim"])
@pytest.mark.parametrize("n", [pytest.param(100, marks=slow)])
def test_wilson_prim_maze_dataset(benchmark, n, method):
    gen = pytest.importorskip("maze_dataset.generation")
    benchmark.group = f"carve {method} {n}x{n}"
    fn = getattr(gen.LatticeMazeGenerators, f"gen_{method}")
    benchmark.pedantic(fn, kwargs={"grid_shape": (n, n)}, rounds=1, iterations=1)


# -- mazelib's fastest generator (Sidewinder) against our Kruskal -------------------------------


@pytest.mark.parametrize("n", [100, pytest.param(1000, marks=slow)])
def test_sidewinder_mazelib(benchmark, n):
    mazelib = pytest.importorskip("mazelib")
    from mazelib.generate.Sidewinder import Sidewinder

    benchmark.group = f"carve kruskal {n}x{n}"

    def carve():
        m = mazelib.Maze(1)
        m.generator = Sidewinder(n, n)
        m.generate()
        return m

    run(benchmark, n, carve)


# -- many small mazes ----------------------------------------------------------------------------


@pytest.mark.parametrize("workers", [1, 2])
def test_carve_many_10000_10x10(benchmark, workers):
    benchmark.group = "carve_many 10000 x 10x10"
    out = benchmark.pedantic(
        tc.maze.carve_many,
        args=(10000, 10, 10),
        kwargs={"seed": 1, "workers": workers},
        rounds=5,
        iterations=1,
    )
    assert out.shape == (10000, 10, 10)


@slow
def test_carve_many_10000_10x10_twin(benchmark):
    benchmark.group = "carve_many 10000 x 10x10"

    key = root_key(1)

    def many():
        return [
            ref.carve_kruskal(10, 10, ref.MazeStream(item_generator(key, k))) for k in range(10000)
        ]

    benchmark.pedantic(many, rounds=1, iterations=1)


@slow
def test_carve_many_10000_10x10_pydaedalus(benchmark, daedalus):
    benchmark.group = "carve_many 10000 x 10x10"
    benchmark.pedantic(daedalus, args=("create_kruskal", 10, 10000), rounds=3, iterations=1)


# -- solving corner to corner --------------------------------------------------------------------


@pytest.fixture(scope="module")
def mazes():
    return {n: tc.Maze.carve(n, n, seed=3) for n in (30, 100, 1000, 2000)}


@pytest.mark.parametrize("method", ["wall", "bfs"])
@pytest.mark.parametrize("n", [30] + SIZES_FAST)
def test_solve_trapcore(benchmark, mazes, n, method):
    benchmark.group = f"solve {n}x{n}"
    path = run(benchmark, n, mazes[n].solve, method=method)
    assert path[-1].tolist() == [n - 1, n - 1]


@pytest.mark.parametrize("n", [100, pytest.param(1000, marks=slow)])
def test_solve_wall_twin(benchmark, mazes, n):
    benchmark.group = f"solve {n}x{n}"
    m = mazes[n]
    path = run(benchmark, n, ref.solve_wall, m.doors, (0, 0), (n - 1, n - 1), "right", rounds=2)
    assert len(path) == len(m.solve())


@pytest.mark.parametrize("n", [30, pytest.param(100, marks=slow)])
def test_solve_mazelib_shortest_path(benchmark, mazes, n):
    mazelib = pytest.importorskip("mazelib")
    from mazelib.solve.ShortestPath import ShortestPath

    benchmark.group = f"solve {n}x{n}"
    grid = np.ones((2 * n + 1, 2 * n + 1), dtype=np.int8)  # mazelib's grid: 1 wall, 0 free
    d = mazes[n].doors
    grid[1::2, 1::2] = 0
    grid[2:-1:2, 1::2][(d[:-1] & 3) == 1] = 0
    grid[1::2, 2:-1:2][((d[:, :-1] >> 2) & 3) == 1] = 0
    m = mazelib.Maze(1)
    m.grid = grid
    m.start, m.end = (1, 0), (2 * n - 1, 2 * n)
    grid[1, 0] = grid[2 * n - 1, 2 * n] = 0
    m.solver = ShortestPath()
    benchmark.pedantic(m.solve, rounds=3, iterations=1)
    assert m.solutions and len(m.solutions[0]) >= 2 * len(mazes[n].solve()) - 3
