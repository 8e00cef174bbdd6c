"""Ctrl-C in every long maze kernel, counted (tests/_sigint.py): carving (each method, and
braiding), solving (wall follower, BFS, distances), the batch kernels on one thread and on two,
and the vector env's reset. Each polls at least every 2**14 cells of work; its first, middle or
last poll made to act as Ctrl-C raises KeyboardInterrupt, frees the generator's lock, and the
same call then gives the same maze; a real SIGINT stops a big call within a few polls; and the
`trapcore maze` command answers it with status 130 and one line, in carving and in saving."""

from __future__ import annotations

import numpy as np
import pytest
from _sigint import check_traps, cli_child, posix_only, sigint_child
from _suite import sample

import trapcore as tc
from trapcore.maze import _carve, _solve
from trapcore.maze.batch import carve_many

N = 300  # 90,000 cells: five polls or more per kernel, a fraction of a second each
METHODS = ["kruskal", "backtracker", "wilson", "prim"]


@pytest.fixture(scope="module")
def maze() -> tc.Maze:
    return tc.Maze.carve(N, N, seed=1, method="backtracker")


@pytest.mark.parametrize("method", METHODS)
def test_carving_polls_and_stops(method: str) -> None:
    check_traps(lambda: tc.Maze.carve(N, N, seed=1, method=method).doors, N * N)


@pytest.mark.parametrize("workers", [1, 2])
def test_carve_many_polls_and_stops(workers: int) -> None:
    # 400 mazes of 20 x 20 cells: the pool's threads stop on the flag their owner sets
    check_traps(
        lambda: carve_many(400, 20, 20, seed=1, workers=workers), 400 * 400, threads=workers
    )


def test_braid_polls_and_stops(maze: tc.Maze) -> None:
    gen = np.random.Philox(2)

    def braid() -> np.ndarray:
        d = maze.doors.copy()
        _carve.braid(d, 1.0, np.random.Philox(2))
        return d

    def braid_shared() -> None:  # the same generator each time: its lock must come back free
        _carve.braid(maze.doors.copy(), 1.0, gen)

    check_traps(braid, N * N)
    check_traps(braid_shared, N * N, locks=[gen.lock], compare=False)


@pytest.mark.parametrize("method", ["wall", "bfs"])
def test_solving_polls_and_stops(maze: tc.Maze, method: str) -> None:
    polls = check_traps(
        lambda: maze.solve(start=(0, 0), goal=(N - 1, N - 1), method=method), N * N // 4
    )
    assert polls >= 1


def test_distances_poll_and_stop(maze: tc.Maze) -> None:
    check_traps(lambda: maze.distances(start=(0, 0)), N * N)


def test_solve_items_polls_and_stops(maze: tc.Maze) -> None:
    d = np.ascontiguousarray(np.repeat(maze.doors[None], 4, axis=0))
    ends = np.tile(np.array([[0, 0, N - 1, N - 1]], dtype=np.int32), (4, 1))

    def solve() -> tuple[np.ndarray, np.ndarray]:
        paths = np.zeros((4, N * N), dtype=np.int32)
        measures = np.zeros((4, 3), dtype=np.int32)
        _solve.solve_items(d, ends, paths, measures)
        return paths, measures

    check_traps(solve, 4 * N * N // 4)


def test_vector_env_reset_polls_and_stops() -> None:
    pytest.importorskip("gymnasium")
    from trapcore.envs import MazeVectorEnv

    env = MazeVectorEnv(2, size=256, observation="local")
    try:
        check_traps(lambda: env.reset(seed=3)[0], 2 * 256 * 256)
    finally:
        env.close()


# -- a real SIGINT, in a child process: each call would run for seconds to minutes --------------
BIG = 6000  # 36 M cells
SETUP = f"""
import numpy as np, trapcore as tc
from trapcore.maze import _carve, _solve
from trapcore.maze.batch import carve_many
N = {BIG}
"""
MAZE = "m = tc.Maze.carve(N, N, seed=1, method='backtracker')\n"
KERNELS = {
    **{f"carve_{m}": ("", f"tc.Maze.carve(N, N, seed=1, method={m!r})") for m in METHODS},
    "carve_many_one_worker": ("", "carve_many(2, N, N, seed=1, workers=1)"),
    "carve_many_two_workers": ("", "carve_many(20000, 100, 100, seed=1, workers=2)"),
    "carve_many_small": ("", "carve_many(10**6, 10, 10, seed=1, workers=1)"),
    "braid": (
        MAZE + "d = m.doors.copy()\n",
        "for _ in range(30): _carve.braid(d, 1.0, np.random.Philox(2))",
    ),
    "solve_wall": (MAZE, "m.solve(start=(0, 0), goal=(N - 1, N - 1), method='wall')"),
    "solve_bfs": (MAZE, "m.solve(start=(0, 0), goal=(N - 1, N - 1), method='bfs')"),
    "distances": (MAZE, "m.distances(start=(0, 0))"),
}


@posix_only
# a real SIGINT to a child, per kernel: in the quick run four of them (every kernel's polls are
# trapped in-process above)
@pytest.mark.parametrize("name", sample(sorted(KERNELS), 4))
def test_sigint_stops_the_kernel(name: str) -> None:
    setup, call = KERNELS[name]
    sigint_child(SETUP + setup, call)


@posix_only
# a child per case: in the quick run the first (the kernels' later polls are trapped above)
@pytest.mark.parametrize("start", sample([1, 40], 1))
def test_cli_carving_interrupted(tmp_path, start: int) -> None:
    pytest.importorskip("PIL")
    (tmp_path / "big.png").write_bytes(b"old")  # an old file survives
    cli_child(
        ["maze", "3000", "3000", "2", "--method", "wilson", "--seed", "1", "-o", "big.png"],
        cwd=str(tmp_path),
        start=start,
    )
    assert (tmp_path / "big.png").read_bytes() == b"old"


@posix_only
# a child per case: in the quick run the first chunk written
@pytest.mark.parametrize("write", sample([1, 30], 1))
def test_cli_saving_interrupted(tmp_path, write: int) -> None:
    pytest.importorskip("PIL")
    cli_child(
        ["maze", "1500", "1500", "2", "--seed", "1", "-o", "big.png"],
        cwd=str(tmp_path),
        write=write,
    )
