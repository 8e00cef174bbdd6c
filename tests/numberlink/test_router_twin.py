"""The Numberlink board router ``trapcore.numberlink._graph`` (src/numberlink/graph.pyx) against
its step-for-step twin ``reference.numberlink_router``: on random boards of every kind (grids with
bridges, wrapping and warps, hexagons, layers with and without vias, plain graphs) under the four
rule sets, both give the same solutions in the same order, the same node counts and the same
``complete`` flag, also under budgets that cut runs and restarts short; and a node-count bound on
sparse boards."""

from __future__ import annotations

from collections.abc import Callable

import _suite
import numpy as np
import pytest
from _suite import seeds, size
from hypothesis import given, settings
from hypothesis import strategies as st

from reference import numberlink_router as twin
from trapcore import numberlink as nl
from trapcore.numberlink import _graph

RULES = [(True, True), (True, False), (False, True), (False, False)]
KINDS = ["grid", "bridges", "wrap", "warps", "hex", "layered", "vias", "graph"]
#: A budget for comparisons on boards that may be hard: a cut-off search is compared too.
BIG = 30_000

Make = Callable[[np.ndarray, bool, bool], nl.Puzzle]


def pcg(seed: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(seed))


# ---------------------------------------------------------------------------------------------
# random boards


def template(rng: np.random.Generator, kind: str, lo: int, hi: int):
    """A random empty board of ``kind`` with sides in lo..hi: (make, adjacency, nodes that may
    hold an end or a solid). ``make(values, fill, touch)`` builds the board with those node
    values through its builder (the grid builders take the squares' values)."""
    if kind in ("grid", "bridges", "wrap", "warps"):
        rows, cols = (int(x) for x in rng.integers(lo, hi + 1, 2))
        opts: dict = {}
        if kind == "bridges":
            squares = [(r, c) for r in range(rows) for c in range(cols)]
            pick = rng.choice(len(squares), size=int(rng.integers(1, 3)), replace=False)
            opts["bridges"] = [squares[i] for i in pick]
        elif kind == "wrap":
            opts["wrap"] = str(rng.choice(["rows", "cols", "both"]))
        elif kind == "warps":
            warps = []
            for _ in range(int(rng.integers(1, 3))):
                a, b = (int(x) for x in rng.choice(rows * cols, size=2, replace=False))
                warps.append((divmod(a, cols), divmod(b, cols)))
            opts["warps"] = warps
        empty = nl.grid_board(np.zeros((rows, cols), np.int16), **opts)
        down = empty.to_grid(np.arange(len(empty), dtype=np.int16), lane="down").ravel()
        ends_ok = [v for v in range(rows * cols) if down[v] == v]  # not a bridge square

        def make(values, fill, touch):
            grid = np.asarray(values[: rows * cols]).reshape(rows, cols)
            return nl.grid_board(grid, fill=fill, touch=touch, **opts)

    elif kind == "hex":
        rows, cols = (int(x) for x in rng.integers(lo, hi + 1, 2))
        empty = nl.hex_board(np.zeros((rows, cols), np.int16))
        ends_ok = list(range(rows * cols))

        def make(values, fill, touch):
            return nl.hex_board(np.asarray(values).reshape(rows, cols), fill=fill, touch=touch)

    elif kind in ("layered", "vias"):
        rows, cols = (int(x) for x in rng.integers(max(2, lo - 1), hi, 2))
        shape = (2, rows, cols)
        opts = {}
        if kind == "vias":
            squares = rng.choice(rows * cols, size=int(rng.integers(1, 3)), replace=False)
            opts["vias"] = [[(z, *divmod(int(s), cols)) for z in (0, 1)] for s in squares]
        empty = nl.layered_board(np.zeros(shape, np.int16), **opts)
        via = {(z * rows + r) * cols + c for v in opts.get("vias", []) for z, r, c in v}
        ends_ok = [v for v in range(len(empty)) if v not in via]

        def make(values, fill, touch):
            grid = np.asarray(values).reshape(shape)
            return nl.layered_board(grid, fill=fill, touch=touch, **opts)

    else:
        n = int(rng.integers(lo * lo // 2 + 2, hi * hi // 2 + 4))
        p = float(rng.uniform(0.15, 0.5))
        adj: list[list[int]] = [[] for _ in range(n)]
        for a in range(n):
            for b in range(a + 1, n):
                if rng.random() < p:
                    adj[a].append(b)
                    adj[b].append(a)
        for row in adj:
            rng.shuffle(row)  # a row's order is the order moves are tried in: vary it
        d = max(1, *(len(row) for row in adj))
        table = np.full((n, d), -1, np.int32)
        for v, row in enumerate(adj):
            table[v, : len(row)] = row
        empty = nl.Puzzle.from_graph(np.zeros(n, np.int16), table)
        ends_ok = list(range(n))

        def make(values, fill, touch):
            return nl.Puzzle.from_graph(values, table, fill=fill, touch=touch)

    adjacency = [[int(w) for w in row if w >= 0] for row in empty.neighbours]
    return make, adjacency, ends_ok


def place(rng: np.random.Generator, adj, ends_ok, planted: bool) -> np.ndarray:
    """Node values: random ends and a few solids (mostly unsolvable or ambiguous: exercises the
    pruning), or the ends of random disjoint walks laid on the board with the unused nodes
    solid all, none or half of the time (then a solution with or without fill exists)."""
    values = np.zeros(len(adj), np.int16)
    if not planted:
        pairs = min(int(rng.integers(1, max(2, len(ends_ok) // 4) + 1)), len(ends_ok) // 2)
        pick = rng.permutation(ends_ok)
        for k in range(pairs):
            values[pick[2 * k]] = values[pick[2 * k + 1]] = k + 1
        values[pick[2 * pairs :][: int(rng.integers(0, 3))]] = -1
        return values
    used = np.zeros(len(adj), bool)
    ok = set(ends_ok)
    k = 0
    for _ in range(int(rng.integers(1, 5))):
        free = [v for v in ends_ok if not used[v]]
        if len(free) < 2:
            break
        walk = [int(rng.choice(free))]
        used[walk[0]] = True
        for _ in range(int(rng.integers(1, len(adj)))):
            steps = [w for w in adj[walk[-1]] if not used[w]]
            if not steps:
                break
            walk.append(int(rng.choice(steps)))
            used[walk[-1]] = True
        while len(walk) > 1 and walk[-1] not in ok:  # an end must be a node that holds one
            used[walk.pop()] = False
        if len(walk) < 2:
            used[walk[0]] = False
            continue
        k += 1
        values[walk[0]] = values[walk[-1]] = k
    q = float(rng.choice([0.0, 0.5, 1.0]))
    for v in ends_ok:
        if not used[v] and rng.random() < q:
            values[v] = -1
    return values


def random_case(seed: int, kind: str, lo: int = 2, hi: int = 4) -> tuple[Make, np.ndarray]:
    """A random board of ``kind``: planted paths on odd seeds, random ends on even ones."""
    rng = pcg(seed)
    make, adj, ends_ok = template(rng, kind, lo, hi)
    return make, place(rng, adj, ends_ok, planted=seed % 2 == 1)


# ---------------------------------------------------------------------------------------------
# comparison


def same_solve(board: nl.Puzzle, limit: int, max_nodes: int, table: np.ndarray | None = None):
    """_graph.solve and the twin on a board (or on its values with another ``table``):
    identical answers; the kernel's answer."""
    table = board.neighbours if table is None else table
    args = (board.values, table, board.fill, board.touch, limit, max_nodes)
    sols, nodes, complete = _graph.solve(*args)
    t_sols, t_nodes, t_complete = twin.solve(*args)
    where = f"{board!r} values={board.values.tolist()} limit={limit} max_nodes={max_nodes}"
    assert (nodes, complete) == (t_nodes, t_complete), where
    assert sols.dtype == t_sols.dtype == np.int16, where
    assert sols.shape == t_sols.shape == (sols.shape[0], len(board)), where
    assert np.array_equal(sols, t_sols), where
    return sols, nodes, complete


def same_count(board: nl.Puzzle, max_nodes: int, table: np.ndarray | None = None):
    table = board.neighbours if table is None else table
    args = (board.values, table, board.fill, board.touch, max_nodes)
    answer = _graph.count(*args)
    assert answer == twin.count(*args), f"{board!r} values={board.values.tolist()} {max_nodes=}"
    return answer


def compare_everything(make: Make, values: np.ndarray, budgets: list[int], big: int) -> int:
    """Every rule set: solve for 1, 3 and many solutions and count, unbudgeted (up to ``big``)
    and under each of ``budgets``. The number of comparisons."""
    done = 0
    for fill, touch in RULES:
        board = make(values, fill, touch)
        for limit in (1, 3, 50):
            same_solve(board, limit, big)
        for budget in budgets:
            same_solve(board, 2, budget)
            same_count(board, budget)
        same_count(board, big)
        done += 3 + 2 * len(budgets) + 1
    return done


# ---------------------------------------------------------------------------------------------
# twin == kernel


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", seeds(10, 25))
def test_twin_matches_kernel_on_small_boards(kind, seed):
    # small boards (sides 2 to 4, graphs of 4 to 12 nodes) finish quickly: also unbudgeted (-1)
    make, values = random_case(seed, kind)
    budget = int(pcg(seed + 1000).integers(1, 60))
    compare_everything(make, values, [1, 2, budget, -1], BIG)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", seeds(2, 4))
def test_twin_matches_kernel_on_bigger_boards(kind, seed):
    # sides 3 to 5: some searches run past a budget (compared cut off)
    make, values = random_case(10_000 + seed, kind, 3, 5)
    compare_everything(make, values, [7, 300], 6_000)


def restart_cases(kind: str, want: int = 3):
    """Boards of ``kind`` (sides 4 to 6) on which solve(limit=2) needs more than the first run's
    1,024 nodes (so it restarts with the paths' activity) and finishes within 20,000, found by
    the kernel among 300 seeds: up to ``want`` of (make, values, fill, touch, nodes)."""
    out = []
    for seed in range(300):
        make, values = random_case(seed, kind, 4, 6)
        for fill, touch in RULES:
            board = make(values, fill, touch)
            _, nodes, complete = _graph.solve(
                board.values, board.neighbours, fill, touch, 2, 20_000
            )
            if complete and nodes > twin.FIRST_BUDGET:
                out.append((make, values, fill, touch, nodes))
                if len(out) == want:
                    return out
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_twin_matches_kernel_through_restarts(kind):
    cases = restart_cases(kind, size(1, 3))
    assert cases, f"no {kind} board among 300 seeds needs a restart: the screen needs updating"
    for make, values, fill, touch, nodes in cases:
        board = make(values, fill, touch)
        _, n2, complete = same_solve(board, 2, 20_000)
        assert complete and n2 == nodes > 1024
        # budgets that stop the first run, the restart itself, and the run after it (the quick
        # run: the restart's first nodes and the last one)
        budgets = (1023, 1024, 1025, 1026, 2000, 3073, 3074, nodes - 1, nodes)
        for budget in budgets if _suite.FULL else (1024, 1025, nodes - 1):
            same_solve(board, 2, budget)
        same_solve(board, 1, 20_000)
        same_count(board, 20_000)  # count never restarts


def test_twin_matches_kernel_when_enumerating_many_solutions():
    # without fill an open board has thousands of solutions: limit=5000 runs through restarts
    # (whose solutions are dropped) and returns the last run's, in its order
    g = np.zeros((5, 5), np.int16)
    g[0, 0] = g[4, 4] = 1
    g[0, 4] = g[2, 2] = 2
    for touch in (True, False):
        board = nl.grid_board(g, fill=False, touch=touch)
        count, _, _ = same_count(board, -1)
        sols, nodes, complete = same_solve(board, 5000, 10**9)
        assert complete and len(sols) == count
        assert nodes > 1024 if touch else nodes < 1024
        # (the quick run: all but the budget of half the nodes)
        for budget in (100, 1500, nodes // 2, nodes - 1) if _suite.FULL else (100, 1500, nodes - 1):
            same_solve(board, 5000, budget)
            same_count(board, budget)


def test_twin_matches_kernel_on_boards_by_hand():
    # the Board docstring's ring (two ways round), a board without numbers, only solids,
    # numbers that skip (2 absent), an isolated node, a square; each also with its table
    # padded by two more columns of -1 (the kernel takes any padding)
    ring = [[1, 5], [0, 2], [1, 3], [2, 4], [3, 5], [4, 0]]
    cases = [
        ([1, 0, 0, 1, 0, 0], ring),
        ([0, 0, 0, 0, 0, 0], ring),
        ([-1, -1, -1], [[1, -1], [0, 2], [1, -1]]),
        ([1, 0, 3, 1, 0, 3], ring),
        ([1, 0, 1, 0], [[1, -1, -1], [0, 2, -1], [1, -1, -1], [-1, -1, -1]]),
        ([1, 0, 0, 1], [[1, 2, -1, -1], [0, 3, -1, -1], [0, 3, -1, -1], [1, 2, -1, -1]]),
    ]
    counts = {}
    for i, (values, table) in enumerate(cases):
        for fill, touch in RULES:
            board = nl.Puzzle.from_graph(values, np.array(table), fill=fill, touch=touch)
            wide = np.pad(board.neighbours, ((0, 0), (0, 2)), constant_values=-1)
            for limit in (1, 2, 10):
                same_solve(board, limit, -1)
                same_solve(board, limit, -1, wide)
            counts[i, fill, touch] = same_count(board, -1)[0]
            assert same_count(board, -1, wide)[0] == counts[i, fill, touch]
    assert counts[0, False, True] == 2 and counts[0, True, True] == 0
    assert counts[1, False, True] == 1 and counts[1, True, True] == 0  # the empty labelling
    assert counts[2, True, False] == 1
    assert counts[4, True, True] == 0 and counts[4, False, True] == 1  # node 3 cannot be filled
    assert counts[5, True, True] == 0 and counts[5, False, True] == 2


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(KINDS),
    st.sampled_from(RULES),
    st.integers(0, 2**32 - 1),
    st.integers(1, 5),
    st.one_of(st.integers(1, 2500), st.just(BIG)),
)
def test_twin_matches_kernel_hypothesis(kind, rules, seed, limit, budget):
    make, values = random_case(seed, kind, 2, 5)
    board = make(values, *rules)
    same_solve(board, limit, budget)
    same_count(board, min(budget, BIG))


# ---------------------------------------------------------------------------------------------
# node counts (bound costs by counting nodes, no timing thresholds)


def sparse_board(seed: int, size: int = 15) -> np.ndarray:
    """2 to 6 random disjoint walks of 3 to 3 * size steps laid on an empty size x size grid,
    their ends numbered: a sparse board with a solution under touch=True, fill=False."""
    rng = pcg(seed)
    used = np.zeros((size, size), bool)
    grid = np.zeros((size, size), np.int16)
    k = 0
    for _ in range(int(rng.integers(2, 7))):
        free = np.argwhere(~used)
        walk = [tuple(int(i) for i in free[rng.integers(len(free))])]
        used[walk[0]] = True
        for _ in range(int(rng.integers(3, 3 * size))):
            r, c = walk[-1]
            steps = [
                (r + dr, c + dc)
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < size and 0 <= c + dc < size and not used[r + dr, c + dc]
            ]
            if not steps:
                break
            walk.append(steps[rng.integers(len(steps))])
            used[walk[-1]] = True
        if len(walk) > 1:
            k += 1
            grid[walk[0]] = grid[walk[-1]] = k
    return grid


#: Measured on seeds 0..2999 under both touch rules (count_nodes(limit=1)): median 25 nodes,
#: 99th percentile 57; a search that finishes in its first probe or run takes at most 162. Four
#: seeds (52, 2039, 2247, 2271) restart: the first run's 1,024 nodes go, then the restart's probe
#: (one move off the first choice allowed) or run finishes: 1,075-1,151 nodes, and 1,957 (touch)
#: or 3,824 (no touch) for seed 2247, which needs a second restart. Seed 52 took more than
#: 10**8 nodes before the probes and the tie-breaks that change with each restart.
SPARSE_BOUND = 1_200


@pytest.mark.parametrize("touch", [True, False])
def test_sparse_boards_need_few_nodes(touch):
    worst = 0
    for seed in seeds(100, 1000):  # seed 52, which restarts, among them
        board = nl.grid_board(sparse_board(seed), fill=False, touch=touch)
        nodes = board.count_nodes(limit=1, max_nodes=10 * SPARSE_BOUND)
        assert nodes <= SPARSE_BOUND, (seed, nodes)
        worst = max(worst, nodes)
    assert worst > twin.FIRST_BUDGET  # a board in the range restarts (seed 52)


#: Two pairs on an empty 9 x 9 grid, a solution plain to see (path 2 down the left edge from
#: (0, 2) to (4, 0), path 1 beside it from (2, 1) to (5, 0)). Path 1 (the shorter) leads,
#: (5, 0) -> (5, 1) -> (4, 1); that leaves path 2's end (4, 0) one move, so path 2 is extended at
#: once to (3, 0) and on to (3, 1) (as near (0, 2) as (2, 0), and first in neighbour order).
#: Path 2 now fences (2, 1) off from path 1's head for good, but the component test sees it only
#: when path 2's last step closes the fence, and "one route at a time" tries every route of path
#: 2 over the open board first: more than 10**8 nodes, when each run broke ties the same way and
#: nothing but full runs followed a restart. With the restart's probe (one move off the first
#: choice) and its new tie-breaks it takes 1,045 nodes (1,047 without touching).
TRAP_9X9 = {(2, 1): 1, (5, 0): 1, (0, 2): 2, (4, 0): 2}


@pytest.mark.parametrize("which", ["9x9", "seed 52"])
def test_router_trap_boards_need_few_nodes(which):
    if which == "9x9":
        grid = np.zeros((9, 9), np.int16)
        for square, k in TRAP_9X9.items():
            grid[square] = k
        # solvable: the grid solver's sweeps find a solution within milliseconds
        assert nl.solve(grid, fill=False, limit=1, max_nodes=100_000)
    else:
        grid = sparse_board(52)  # solvable by construction (touch=True)
    for touch in (True, False):
        board = nl.grid_board(grid, fill=False, touch=touch)
        assert board.count_nodes(limit=1, max_nodes=100_000) <= SPARSE_BOUND
