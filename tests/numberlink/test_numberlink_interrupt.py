"""Kernel hygiene: Ctrl-C in every long Numberlink kernel, counted (tests/_sigint.py): solve under
each rule set, the frontier memo under touch, count, generate (the uniqueness proof and the
attempts), the set-up phases and the router. Each polls at least every 2**14 units of work; its
first, middle or last poll made to act as Ctrl-C raises KeyboardInterrupt, frees the generator's
lock, and the same call then gives the same answer; a real SIGINT stops a big call within a few
polls. A kernel out of memory raises MemoryError and leaves the process usable."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from _sigint import POLL_UNITS, check_traps, posix_only, run_child, sigint_child
from _suite import sample, size

import trapcore as tc
from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink import _route

nl = tc.numberlink


def cross(n: int) -> np.ndarray:
    """Paths 1 (West to East) and 2 (North to South) must cross: no solution, refuted slowly."""
    g = np.zeros((n, n), np.int16)
    g[n // 2, 0] = g[n // 2, n - 1] = 1
    g[0, n // 2] = g[n - 1, n // 2] = 2
    return g


def crowd(n: int) -> nl.Puzzle:
    """Pairs that all want the middle column: the router's rounds never settle."""
    g = np.zeros((n, n), np.int16)
    for i in range(n // 2):
        g[i, 0] = g[n - 1 - i, n - 1] = i + 1
    return nl.grid_board(g, fill=False)


def answer(call: Callable[[], Any]) -> Any:
    """``call()``, or the text of the error it ends with (a spent budget, no puzzle found)."""
    try:
        return call()
    except (SearchLimitExceeded, ValueError) as e:
        return f"{type(e).__name__}: {e}"


# the budget of the searches trapped below (at least 3 polls' work in the quick run, 6 under --full)
NODES = size(50_000, 100_000)
SEARCHES = {
    "solve_fill_touch": lambda: nl.solve(cross(40), max_nodes=NODES),
    "solve_nofill_notouch": lambda: nl.solve(cross(40), fill=False, touch=False, max_nodes=NODES),
    "count_touch": lambda: nl.count(cross(40), max_nodes=NODES),
    "solve_setup_big": lambda: nl.solve(cross(600), max_nodes=10, method="sweeps"),
}


@pytest.mark.parametrize("name", sorted(SEARCHES))
def test_searches_poll_and_stop(name: str) -> None:
    units = 600 * 600 if name == "solve_setup_big" else NODES
    check_traps(lambda: answer(SEARCHES[name]), units)


def test_generate_polls_and_stops() -> None:
    gen = np.random.Generator(np.random.PCG64(1))
    n = size(12, 15)  # the first puzzle's side
    check_traps(lambda: nl.generate(n, seed=1), n * n)
    check_traps(
        lambda: answer(
            lambda: nl.generate(30, seed=1, min_length=400, unique=False, max_attempts=200)
        ),
        200 * 30 * 30,
    )
    start = gen.bit_generator.state

    def from_start():  # the same Generator (and lock), rewound: each call polls as often
        gen.bit_generator.state = start
        return nl.generate(12, seed=gen)

    check_traps(from_start, 12 * 12, locks=[gen.bit_generator.lock])


def test_board_search_polls_and_stops() -> None:
    # the search of Board (trapcore.numberlink._graph, also solve's turn without fill) counts
    # n + 16 units of work a node on a board of n nodes: so n units a node at least
    from trapcore.numberlink import _graph

    budget = size(3_000, NODES // 5)  # nodes: some 300 polls' work in the quick run, 2000 in full
    for fill in (True, False):
        board = nl.grid_board(cross(40), fill=fill)
        n = board.values.shape[0]

        def call(board: nl.Board = board, fill: bool = fill) -> Any:
            return _graph.solve(board.values, board.neighbours, fill, True, 1, budget)

        nodes = int(call()[1])
        assert nodes >= budget  # the budget was spent: a long search
        check_traps(call, nodes * n)


def test_router_polls_and_stops() -> None:
    # 30 rounds (10 in the quick run) of 30 routes over n nodes each; the router polls between
    # routes, once at least 2**14 nodes' work has passed: so every (2**14 + n) units at most
    board = crowd(60)
    rounds, n = size(10, 30), board.values.shape[0]
    check_traps(
        lambda: _route.route_paths(board.values, board.neighbours, rounds),
        rounds * 30 * n * POLL_UNITS // (POLL_UNITS + n),
    )


# -- a real SIGINT, in a child process: each call would run for minutes --------------------------
SETUP = (
    "import numpy as np, trapcore as tc\n"
    "nl = tc.numberlink\n"
    "from trapcore.numberlink import _route\n"
    "def cross(n):\n"
    "    g = np.zeros((n, n), np.int16)\n"
    "    g[n // 2, 0] = g[n // 2, n - 1] = 1\n"
    "    g[0, n // 2] = g[n - 1, n // 2] = 2\n"
    "    return g\n"
    "def crowd(n):\n"
    "    g = np.zeros((n, n), np.int16)\n"
    "    for i in range(n // 2):\n"
    "        g[i, 0] = g[n - 1 - i, n - 1] = i + 1\n"
    "    return nl.grid_board(g, fill=False)\n"
    "hard = nl.generate(64, seed=0, unique=False, touch=False).grid\n"
    "wide = nl.hex_board(cross(512), fill=False)\n"
    "crowded = crowd(300)\n"
)
HUGE = "max_nodes=1 << 60"
KERNELS = {
    "solve_fill_touch_memo": f"nl.solve(cross(40), {HUGE})",
    "solve_fill_notouch": f"nl.solve(hard, touch=False, {HUGE})",
    "solve_nofill_touch": f"nl.solve(cross(40), fill=False, {HUGE})",
    "solve_nofill_notouch": f"nl.solve(cross(40), fill=False, touch=False, {HUGE})",
    "solve_setup_4m_squares": f"nl.solve(cross(2048), {HUGE})",
    "count_touch_memo": f"nl.count(cross(40), {HUGE})",
    "count_notouch": f"nl.count(hard, touch=False, {HUGE})",
    "generate_unique": f"nl.generate(70, seed=1, {HUGE})",
    "generate_unique_notouch": f"nl.generate(70, seed=1, touch=False, {HUGE})",
    "board_solve_fill": f"nl.grid_board(cross(40)).solve({HUGE})",
    "board_solve_nofill_notouch": "nl.grid_board(cross(40), fill=False, touch=False).solve("
    f"{HUGE})",
    "board_count_hex_262k_nodes": f"wide.count({HUGE})",
    "route_rounds": "_route.route_paths(crowded.values, crowded.neighbours, 10**9)",
    "generate_attempts": "nl.generate(70, seed=1, min_length=4900, unique=False, "
    "max_attempts=10**12)",
}


@posix_only
# a real SIGINT to a child, per kernel: in the quick run four of them (every kernel's polls are
# trapped in-process above)
@pytest.mark.parametrize("name", sample(sorted(KERNELS), 4))
def test_sigint_stops_the_kernel(name: str) -> None:
    sigint_child(SETUP, KERNELS[name])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS")
# a child per kernel: in the quick run two of them
@pytest.mark.parametrize(
    "call",
    sample(
        [
            "nl.count(g)",
            "nl.solve(g, limit=1)",
            "nl._solver.solve(g, 1, 10, 0)",
            "nl._regions.components(g)",
        ],
        2,
    ),
)
def test_kernels_out_of_memory_raise_memory_error(call: str) -> None:
    # the helper that allocates raises MemoryError itself; the process stays usable afterwards
    code = f"""
import resource, numpy as np, trapcore.numberlink as nl
from trapcore.numberlink import _regions, _solver
g = np.zeros((2048, 2048), np.int16)
g[0, 0] = g[0, 1] = 1  # ends of both colours: the colour count does not settle it first
g[g == 0] = 1 if "components" in {call!r} else 0
import os
used = int(open("/proc/self/statm").read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
resource.setrlimit(resource.RLIMIT_AS, (used + (24 << 20), resource.RLIM_INFINITY))
try:
    {call}
except MemoryError as e:
    print("MemoryError", e)
resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
print(nl.count([[1, 0, 1], [2, 0, 2]]))
"""
    out = run_child(code)
    assert out.returncode == 0, out.stderr
    first, last = out.stdout.splitlines()
    assert first.startswith("MemoryError not enough memory"), first
    assert last == "1"
