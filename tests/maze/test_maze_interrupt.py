"""Ctrl-C reaches the caller within half a second from every long maze kernel: carving (each
method, and braiding), solving (wall follower, BFS, distances), the batch kernels and the vector
env's reset, each run on a maze big enough to take seconds."""

from __future__ import annotations

import pytest
from _sigint import interrupt_latency, posix_only

BIG = 6000  # 36 M cells: each kernel runs for seconds (Kruskal's scratch is 12 bytes a cell)

SETUP = f"""
import sys, numpy as np, trapcore as tc
from trapcore.maze import _carve, _solve
from trapcore.maze.batch import carve_many
N = {BIG}
"""

# name -> (set-up code run before "ready", the kernel call interrupted)
MAZE = "m = tc.Maze.carve(N, N, seed=1, method='backtracker')\n"
KERNELS = {
    "carve_kruskal": ("", "tc.Maze.carve(N, N, seed=1, method='kruskal')"),
    "carve_backtracker": ("", "tc.Maze.carve(N, N, seed=1, method='backtracker')"),
    "carve_wilson": ("", "tc.Maze.carve(N, N, seed=1, method='wilson')"),
    "carve_prim": ("", "tc.Maze.carve(N, N, seed=1, method='prim')"),
    "carve_many": ("", "carve_many(2, N, N, seed=1, workers=1)"),
    "carve_many_small": ("", "carve_many(10**6, 10, 10, seed=1, workers=1)"),
    "braid": (  # one pass over the cells takes a fraction of a second: passes for seconds
        MAZE + "d = m.doors.copy()\ng = np.random.Philox(2)\n",
        "for _ in range(30): _carve.braid(d, 1.0, g)",
    ),
    "solve_wall": (MAZE, "m.solve(start=(0, 0), goal=(N - 1, N - 1), method='wall')"),
    "solve_bfs": (MAZE, "m.solve(start=(0, 0), goal=(N - 1, N - 1), method='bfs')"),
    "distances": (MAZE, "m.distances(start=(0, 0))"),
    "solve_items": (
        MAZE + "d = np.ascontiguousarray(np.repeat(m.doors[None], 4, axis=0))\n"
        "ends = np.tile(np.array([[0, 0, N - 1, N - 1]], dtype=np.int32), (4, 1))\n"
        "paths = np.zeros((4, N * N), dtype=np.int32)\n"
        "measures = np.zeros((4, 3), dtype=np.int32)\n",
        "_solve.solve_items(d, ends, paths, measures)",
    ),
    "env_reset": (
        "from trapcore.envs import MazeVectorEnv\n"  # two of the largest env mazes
        "env = MazeVectorEnv(2, size=4096, observation='local')\n",
        "env.reset(seed=3)",
    ),
}


@posix_only
@pytest.mark.parametrize("name", sorted(KERNELS))
def test_ctrl_c_interrupts_within_half_a_second(name):
    setup, call = KERNELS[name]
    latency = interrupt_latency(SETUP + setup, call, after=0.3)
    assert latency < 0.5, latency
    print(f"{name}: {latency * 1000:.1f} ms")
