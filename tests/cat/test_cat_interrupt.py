"""Ctrl-C in every long cat kernel, counted (tests/_sigint.py): the solver (both methods, and the
proof-number search on two threads), the solver player, the smart cat's searches, simulate()
on one thread and on two, the BFS and ray cats' move, and the hex-grid kernels (neighbour
tables, BFS distances, escape paths, distances to the border, random boards). Each polls at
least every 2**14 units of work; its first, middle or last poll made to act as Ctrl-C raises
KeyboardInterrupt (never SystemError), frees the generator's lock, and the same call then gives
the same answer; a real SIGINT stops a big call within a few polls; and `trapcore cat simulate`
answers it with status 130 and one line."""

from __future__ import annotations

import numpy as np
import pytest
from _sigint import check_traps, cli_child, posix_only, sigint_child, trapped
from _suite import sample, size

import trapcore as tc
from trapcore.cat import _hexgrid as hexgrid_kernel
from trapcore.cat import hexgrid


@pytest.fixture(scope="module")
def board() -> np.ndarray:
    return hexgrid.random_board(15, 15, 10, seed=4, keep_free=(7, 7))


@pytest.mark.parametrize(
    ("method", "workers", "nodes"), [("id", 1, 5000), ("pns", 1, 600), ("pns", 2, 600)]
)
def test_solver_polls_and_stops(board: np.ndarray, method: str, workers: int, nodes: int) -> None:
    def solve() -> tc.cat.Solution:
        return tc.cat.solve(
            board, (7, 7), max_nodes=nodes, method=method, workers=workers, policy="optimal"
        )

    assert solve().nodes == nodes  # the budget runs out: the search is as long as asked
    check_traps(solve, nodes)


def test_solver_player_polls_and_stops(board: np.ndarray) -> None:
    nodes = size(2000, 5000)  # the quick run's search polls 5 times, --full's 15
    check_traps(
        lambda: tc.cat.player_move(board, (7, 7), player="solver", policy="smart", max_nodes=nodes),
        nodes,
    )


def test_smart_cat_polls_by_cells() -> None:
    # on a big empty board each node of the smart cat's searches costs a BFS over every cell
    big = np.zeros((60, 60), np.uint8)
    gen = np.random.Generator(np.random.PCG64(1))
    check_traps(lambda: tc.cat.cat_move(big, (30, 30), policy="smart", seed=1), 60 * 60)
    check_traps(
        lambda: tc.cat.cat_move(big, (30, 30), policy="smart", seed=gen),
        60 * 60,
        locks=[gen.bit_generator.lock],
        compare=False,
    )


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize(
    ("policy", "player", "games"), [("smart", "lookahead", size(4, 12)), ("bfs", "greedy", 3000)]
)
def test_simulate_polls_and_stops(policy: str, player: str, games: int, workers: int) -> None:
    # Ctrl-C inside the generator's lock: KeyboardInterrupt, never SystemError
    check_traps(
        lambda: tc.cat.simulate(games, policy=policy, player=player, seed=1, workers=workers),
        0,
        threads=workers,
    )


SIZE = 500  # 250,000 cells: 15 polls or more per BFS


@pytest.fixture(scope="module")
def wide() -> np.ndarray:
    return hexgrid.random_board(SIZE, SIZE, SIZE * SIZE // 10, seed=2, keep_free=(SIZE // 2,) * 2)


@pytest.mark.parametrize("kernel", ["distances", "escape_path", "distance_to_border"])
def test_hexgrid_kernels_poll_and_stop(wide: np.ndarray, kernel: str) -> None:
    empty = np.zeros_like(wide)
    mid = (SIZE // 2, SIZE // 2)
    calls = {
        "distances": lambda: hexgrid.distances(wide, mid),
        # on an empty board the escape path's BFS stops at the border: a ring of blocks around
        # the middle makes it search the whole inside first
        "escape_path": lambda: hexgrid.escape_path(_ringed(empty), mid),
        "distance_to_border": lambda: hexgrid.distance_to_border(wide),
    }
    check_traps(calls[kernel], SIZE * SIZE // 2)


def _ringed(board: np.ndarray) -> np.ndarray:
    b = board.copy()
    b[2, 2:-2] = b[-3, 2:-2] = 1
    b[2:-2, 2] = b[2:-2, -3] = 1
    b[2, 2] = 0  # one gap, in a corner: the path must go round
    return b


def test_random_board_polls_and_stops() -> None:
    gen = np.random.Generator(np.random.PCG64(3))
    check_traps(lambda: hexgrid.random_board(SIZE, SIZE, SIZE * SIZE // 2, seed=3), SIZE * SIZE)
    check_traps(
        lambda: hexgrid.random_board(SIZE, SIZE, SIZE * SIZE // 2, seed=gen),
        SIZE * SIZE,
        locks=[gen.bit_generator.lock],
        compare=False,
    )


@pytest.mark.parametrize("policy", ["bfs", "rays"])
def test_cat_move_polls_and_stops(policy: str) -> None:
    # the BFS and ray cats' one move builds the neighbour table (SIZE * SIZE cells), clears the
    # BFS's parents (as many) and searches the inside of the ring: each phase polls
    ringed = _ringed(np.zeros((SIZE, SIZE), np.uint8))
    mid = (SIZE // 2, SIZE // 2)
    gen = np.random.Generator(np.random.PCG64(5))
    polls = check_traps(lambda: tc.cat.cat_move(ringed, mid, policy=policy, seed=1), 2 * SIZE**2)
    # the inside (about SIZE**2 cells) is searched too
    assert polls >= 3 * SIZE**2 // 2**14 - 3, polls
    check_traps(
        lambda: tc.cat.cat_move(ringed, mid, policy=policy, seed=gen),
        2 * SIZE**2,
        locks=[gen.bit_generator.lock],
        compare=policy == "bfs",  # the ray cat's random step draws from gen
    )


def test_cat_move_enclosed_polls_and_stops() -> None:
    # no escape: the whole inside is searched, and the answer (None) comes after every poll
    closed = np.zeros((SIZE, SIZE), np.uint8)
    closed[1, 1:-1] = closed[-2, 1:-1] = 1
    closed[1:-1, 1] = closed[1:-1, -2] = 1
    mid = (SIZE // 2, SIZE // 2)
    assert tc.cat.cat_move(closed, mid, policy="bfs") is None
    check_traps(lambda: tc.cat.cat_move(closed, mid, policy="bfs"), 3 * (SIZE - 4) ** 2)


def test_tables_poll_and_stop() -> None:
    check_traps(lambda: hexgrid_kernel.tables(SIZE, SIZE + 1), SIZE * (SIZE + 1))


def test_search_context_tables_poll_and_stop() -> None:
    # a search context's tables poll too: the greedy and random players' only polls on a big
    # board are there, and the smart cat's first poll (the API refuses it on boards this big)
    big = np.zeros((300, 300), np.uint8)
    gen = np.random.Generator(np.random.PCG64(6))
    check_traps(lambda: tc.cat.player_move(big, (150, 150), player="greedy"), 300 * 300)
    check_traps(
        lambda: tc.cat.player_move(big, (150, 150), player="random", seed=gen),
        300 * 300,
        locks=[gen.bit_generator.lock],
        compare=False,
    )
    trapped(
        lambda: tc.cat._play.cat_reply(
            big,
            150,
            150,
            tc.cat._codes.Policy.POLICY_SMART,
            tc.cat._codes.Rules.RULES_ENCLOSED,
            gen.bit_generator,
        ),
        1,
    )
    assert gen.bit_generator.lock.acquire(blocking=False)
    gen.bit_generator.lock.release()


# -- a real SIGINT, in a child process: each call would run for minutes --------------------------
SETUP = """
import numpy as np, trapcore as tc
from trapcore.cat import hexgrid
b = hexgrid.random_board(15, 15, 10, seed=4, keep_free=(7, 7))
H = 4096
big = np.zeros((H, H), np.uint8)
big[1, 1:-1] = big[-2, 1:-1] = 1
big[1:-1, 1] = big[1:-1, -2] = 1  # a closed ring: no escape, every BFS searches all inside
"""
KERNELS = {
    "solve_id": "tc.cat.solve(b, (7, 7), max_nodes=1 << 40, method='id', policy='optimal')",
    "solve_pns": "tc.cat.solve(b, (7, 7), max_nodes=1 << 40, method='pns', policy='optimal')",
    "solve_auto": "tc.cat.solve(b, (7, 7), max_nodes=1 << 40, policy='optimal')",
    "solve_pns_threads": "tc.cat.solve(b, (7, 7), max_nodes=1 << 40, method='pns', workers=2, "
    "policy='optimal')",
    "player_move_solver": "tc.cat.player_move(b, (7, 7), player='solver', policy='smart', "
    "max_nodes=1 << 40)",
    "simulate_smart_cat": "tc.cat.simulate(1 << 30, policy='smart', player='lookahead')",
    "simulate_lookahead": "tc.cat.simulate(10**6, player='lookahead')",
    "simulate_bfs": "tc.cat.simulate(1 << 30, policy='bfs', player='greedy')",
    "simulate_two_workers": "tc.cat.simulate(10**6, policy='smart', player='lookahead', workers=2)",
    # the API refuses the smart cat past 128 x 128; the kernel itself must still answer Ctrl-C
    "smart_cat_big_board": "tc.cat._play.cat_reply(np.zeros((300, 300), np.uint8), 150, 150, "
    "tc.cat._codes.Policy.POLICY_SMART, tc.cat._codes.Rules.RULES_ENCLOSED, "
    "np.random.Generator(np.random.PCG64(1)).bit_generator)",
    "hexgrid_distances": "hexgrid.distances(big, (H // 2, H // 2))",
    "hexgrid_escape_path": "hexgrid.escape_path(big, (H // 2, H // 2))",
    "hexgrid_distance_to_border": "hexgrid.distance_to_border(np.zeros((H, H), np.uint8))",
    "hexgrid_random_board": "hexgrid.random_board(8192, 8192, 6 * 10**7, seed=1)",
    # the neighbour table of every cell is built before the BFS: both poll
    "cat_move_bfs": "tc.cat.cat_move(big, (H // 2, H // 2), policy='bfs')",
}


@posix_only
# a real SIGINT to a child, per kernel: in the quick run four of them (every kernel's polls are
# trapped in-process above)
@pytest.mark.parametrize("name", sample(sorted(KERNELS), 4))
def test_sigint_stops_the_kernel(name: str) -> None:
    sigint_child(SETUP, KERNELS[name])


@posix_only
@pytest.mark.parametrize("start", [1, 200])
def test_cli_simulate_interrupted(tmp_path, start: int) -> None:
    err = cli_child(
        ["cat", "simulate", "--games", "1000000", "--player", "lookahead", "--seed", "1"],
        cwd=str(tmp_path),
        start=start,
    )
    assert "internal error" not in err
