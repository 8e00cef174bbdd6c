"""Numberlink variants (issue 11): the Board router against a SAT model, and ``solve`` without fill
against the sweeps alone, in one run.

* Bridges, wrapping rows, warps, hexagonal cells, layers with and without vias: boards made by
  laying random disjoint paths (solvable by construction; under fill the squares left over are
  solid), solved with ``limit=2`` by ``Board.solve`` and by the SAT model of
  ``reference.numberlink_graph`` (python-sat: both say none, one or at least two).
* Sparse boards without fill, as the DA Symposium contest's and puzz.link's are: every third pair of
  a generated puzzle, solved with ``limit=1`` by ``tc.numberlink.solve`` (the sweeps and the router
  in turns), by the sweeps alone (``_solver``, 0.2's solver without fill) and by the SAT model.

Run: ``pytest bench/test_bench_numberlink_variants.py`` (``-m "not slow"`` skips the SAT runs on
the largest boards).
"""

import numpy as np
import pytest

import trapcore as tc
from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink import _solver

nl = tc.numberlink


def lay_paths(board_of, shape, seed, pairs, fill):
    """A solvable board: random disjoint walks on the board's graph, their ends numbered; under
    fill the nodes no walk took become solid."""
    rng = np.random.default_rng(seed)
    empty = board_of(np.zeros(shape, np.int16))
    nbr = empty.neighbours
    n = len(empty)
    used = np.zeros(n, bool)
    values = np.zeros(n, np.int16)
    for k in range(1, pairs + 1):
        free = np.flatnonzero(~used)
        if free.size < 2:
            break
        walk = [int(rng.choice(free))]
        used[walk[0]] = True
        for _ in range(int(rng.integers(2, 3 * int(np.sqrt(n))))):
            nxt = [int(w) for w in nbr[walk[-1]] if w >= 0 and not used[w]]
            if not nxt:
                break
            walk.append(int(rng.choice(nxt)))
            used[walk[-1]] = True
        if len(walk) < 2:
            used[walk[0]] = False
            continue
        values[walk[0]] = values[walk[-1]] = k
    if fill:
        values[~used] = -1
    return values


def variant_boards(kind, fill, seeds=4):
    builders = {
        "bridges 8x8": (
            lambda g: nl.grid_board(g, bridges=[(2, 2), (4, 5), (5, 2)], fill=fill),
            (8, 8),
        ),
        "wrap rows 8x8": (lambda g: nl.grid_board(g, wrap="rows", fill=fill), (8, 8)),
        "warps 8x8": (lambda g: nl.grid_board(g, warps=[((0, 3), (7, 4))], fill=fill), (8, 8)),
        "hex 8x8": (lambda g: nl.hex_board(g, fill=fill), (8, 8)),
        "layers 2x6x6": (lambda g: nl.layered_board(g, fill=fill), (2, 6, 6)),
        "layers 2x6x6 vias": (
            lambda g: nl.layered_board(g, vias=[[(0, 2, 2), (1, 2, 2)]], fill=fill),
            (2, 6, 6),
        ),
    }
    build, shape = builders[kind]
    out = []
    for s in range(seeds):
        values = lay_paths(build, shape, s, 6, fill)
        base = build(np.zeros(shape, np.int16))
        out.append(nl.Puzzle.from_graph(values, base.neighbours, fill=fill))
    return out


KINDS = [
    "bridges 8x8",
    "wrap rows 8x8",
    "warps 8x8",
    "hex 8x8",
    "layers 2x6x6",
    "layers 2x6x6 vias",
]


@pytest.mark.parametrize("fill", [True, False], ids=["fill", "no-fill"])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.benchmark(group="variants: Board.solve(limit=2) vs SAT")
def test_variants_trapcore(benchmark, kind, fill):
    boards = variant_boards(kind, fill)
    counts = benchmark(lambda: [len(b.solve(limit=2)) for b in boards])
    assert all(c >= 1 for c in counts)  # solvable by construction


@pytest.mark.parametrize("fill", [True, False], ids=["fill", "no-fill"])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.benchmark(group="variants: Board.solve(limit=2) vs SAT")
def test_variants_sat(benchmark, kind, fill):
    pytest.importorskip("pysat")
    from reference.numberlink_graph import sat_solutions

    boards = variant_boards(kind, fill)
    adj = [[[int(w) for w in row if w >= 0] for row in b.neighbours] for b in boards]
    counts = benchmark.pedantic(
        lambda: [
            len(sat_solutions(b.values, a, fill=fill, touch=True, limit=2))
            for b, a in zip(boards, adj, strict=True)
        ],
        rounds=1,
    )
    assert counts == [len(b.solve(limit=2)) for b in boards]


def torus(seed: int) -> nl.Puzzle:
    """A 9x8 torus (wrapping both ways: not bipartite, so the colour count cannot refute it) with
    four random pairs, fill."""
    from reference.numberlink_rules import random_pairs

    return nl.grid_board(random_pairs(seed, 9, 8, 4), wrap="both")


#: random tori on which the board search alone needs 10**5 to 4*10**6 nodes (seeds 0-101 that
#: take it over 0.04 s, except 70 and 73: over 10**9 and 63,654,218 nodes)
TORI = (53, 74, 77, 92, 101)


@pytest.mark.parametrize("who", ["portfolio", "board search alone", "reference SAT"])
@pytest.mark.benchmark(group="9x8 tori with fill, limit=2: the SAT turn of boards")
def test_tori(benchmark, who, monkeypatch):
    """``Puzzle.solve(limit=2)`` (the board search, then the SAT model by turns), the board
    search alone (the schedule before the SAT turn of boards), and the reference SAT model."""
    pytest.importorskip("pysat")
    from reference.numberlink_graph import sat_solutions
    from trapcore.numberlink import _sat

    boards = [torus(s) for s in TORI]
    if who == "board search alone":
        monkeypatch.setattr(_sat, "available", lambda: False)
    if who == "reference SAT":
        adj = [[[int(w) for w in row if w >= 0] for row in b.neighbours] for b in boards]
        counts = benchmark.pedantic(
            lambda: [len(sat_solutions(b.values, a, limit=2)) for b, a in zip(boards, adj)],
            rounds=1,
        )
    else:
        counts = benchmark.pedantic(lambda: [len(b.solve(limit=2)) for b in boards], rounds=1)
    assert counts == [2] * len(TORI)


def sparse(n, seed):
    """Every third pair of a generated puzzle (0.1's short paths), solids emptied: a sparse board
    without fill."""
    p = nl.generate(n, seed=seed, touch=False, long_paths=False)
    g = np.where(p.grid < 0, 0, p.grid)
    keep = np.arange(1, p.numbers + 1)[::3]
    g = np.where(np.isin(g, keep), g, 0)
    _, inv = np.unique(g, return_inverse=True)
    return inv.reshape(g.shape).astype(np.int16)


SIZES = [15, 25, pytest.param(36, marks=pytest.mark.slow)]


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="sparse boards without fill, limit=1")
def test_sparse_solve(benchmark, n):
    grids = [sparse(n, s) for s in range(3)]
    sols = benchmark(lambda: [nl.solve(g, fill=False, limit=1) for g in grids])
    for g, (s,) in zip(grids, sols, strict=True):
        assert nl.check(g, s, fill=False)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="sparse boards without fill, limit=1")
def test_sparse_sweeps_alone(benchmark, n):
    # 0.2's solver without fill before the router joined it; a budget, or it would run for hours
    grids = [sparse(n, s) for s in range(3)]

    def run():
        done = 0
        for g in grids:
            sols, _, complete = _solver.solve(g, 1, 10**6, _solver.Strategy.PORTFOLIO, False, True)
            done += bool(complete)
        return done

    done = benchmark.pedantic(run, rounds=1)
    benchmark.extra_info["settled within 10**6 nodes"] = f"{done}/{len(grids)}"


@pytest.mark.parametrize("n", [15, pytest.param(25, marks=pytest.mark.slow)])
@pytest.mark.benchmark(group="sparse boards without fill, limit=1")
def test_sparse_sat(benchmark, n):
    # the SAT model cuts loops lazily: empty squares allow many, so it needs many rounds here
    pytest.importorskip("pysat")
    from reference.numberlink_sat import sat_solutions

    grids = [sparse(n, s) for s in range(3)]
    counts = benchmark.pedantic(
        lambda: [len(sat_solutions(g, fill=False, touch=True, limit=1)) for g in grids], rounds=1
    )
    assert counts == [1, 1, 1]


@pytest.mark.benchmark(group="a contest board of 3 layers, 15x15, limit=1")
def test_layers_solve(benchmark):
    rng = np.random.default_rng(0)
    values = lay_paths(nl.layered_board, (3, 15, 15), int(rng.integers(1 << 30)), 30, False)
    board = nl.Puzzle.from_graph(
        values, nl.layered_board(np.zeros((3, 15, 15), np.int16)).neighbours, fill=False
    )
    try:
        (sol,) = benchmark(lambda: board.solve(limit=1, max_nodes=10**7))
    except SearchLimitExceeded:
        pytest.skip("not settled within 10**7 nodes")
    assert board.check(sol)


def crowded(n, seeds):
    """Every pair of generated puzzles, solids emptied: boards without fill whose paths crowd
    each other (no complete search settles the 25x25 ones within 3,000,000 nodes)."""
    out = []
    for seed in seeds:
        p = nl.generate(n, seed=seed, touch=False, long_paths=False)  # 0.1's short paths
        out.append(np.where(p.grid < 0, 0, p.grid).astype(np.int16))
    return out


#: two boards a size for the SAT model (seeds the router's rounds settle alone)
CROWDED = {15: (0, 2), 25: (0, 2), 36: (2, 7)}


@pytest.mark.parametrize("n", [15, 25, 36])
@pytest.mark.benchmark(group="crowded boards without fill, limit=1")
def test_crowded_solve(benchmark, n):
    """Every crowded board of seeds 0-7 (the router's rounds leave 36x36 seed 4 to its repair),
    routed by ``solve(limit=1)`` in one round of the benchmark each."""
    grids = crowded(n, range(8))
    sols = benchmark.pedantic(
        lambda: [nl.solve(g, fill=False, touch=False, limit=1) for g in grids], rounds=3
    )
    for g, (s,) in zip(grids, sols, strict=True):
        assert nl.check(g, s, fill=False, touch=False)
    benchmark.extra_info["boards"] = len(grids)


@pytest.mark.parametrize("n", [15, 25, 36])
@pytest.mark.benchmark(group="crowded boards without fill, limit=1")
def test_crowded_solve_without_the_strict_turn(benchmark, n, monkeypatch):
    """The same, with the schedule as it was before the strict turn (paths that fill the grid)
    came first without fill: what that turn costs where the router answers."""
    from trapcore.numberlink import _portfolio

    schedule = _portfolio.schedule
    monkeypatch.setattr(
        _portfolio,
        "schedule",
        lambda task, budget, method="auto": (
            (name, units) for name, units in schedule(task, budget, method) if name != "strict"
        ),
    )
    grids = crowded(n, range(8))
    sols = benchmark.pedantic(
        lambda: [nl.solve(g, fill=False, touch=False, limit=1) for g in grids], rounds=3
    )
    for g, (s,) in zip(grids, sols, strict=True):
        assert nl.check(g, s, fill=False, touch=False)


@pytest.mark.parametrize("n", [15, pytest.param(25, marks=pytest.mark.slow)])
@pytest.mark.benchmark(group="crowded boards without fill, limit=1")
def test_crowded_sat(benchmark, n):
    pytest.importorskip("pysat")
    from reference.numberlink_sat import sat_solutions

    grids = crowded(n, CROWDED[n])
    counts = benchmark.pedantic(
        lambda: [len(sat_solutions(g, fill=False, touch=False, limit=1)) for g in grids], rounds=1
    )
    assert counts == [1] * len(grids)


TWIN_KINDS = ["hex 8x8", "bridges 8x8", "layers 2x6x6 vias"]


@pytest.mark.parametrize("kind", TWIN_KINDS)
@pytest.mark.parametrize("who", ["kernel", "twin"])
@pytest.mark.benchmark(group="Board search: kernel vs its twin (limit=2, fill)")
def test_board_search_vs_twin(benchmark, kind, who):
    from reference import numberlink_router as twin
    from trapcore.numberlink import _graph

    boards = variant_boards(kind, True)
    run = _graph.solve if who == "kernel" else twin.solve
    calls = [(b.values, b.neighbours, True, True, 2, 10**7) for b in boards]
    out = benchmark.pedantic(lambda: [run(*c) for c in calls], rounds=3 if who == "twin" else 20)
    assert [len(o[0]) for o in out] == [len(b.solve(limit=2)) for b in boards]


@pytest.mark.parametrize("who", ["kernel", "twin"])
@pytest.mark.benchmark(group="congestion router: kernel vs its twin (crowded 15x15)")
def test_route_vs_twin(benchmark, who):
    from reference import numberlink_pathfinder as twin
    from trapcore.numberlink import _route

    boards = [nl.grid_board(g, fill=False) for g in crowded(15, CROWDED[15])]
    run = _route.route_paths if who == "kernel" else twin.route_paths
    out = benchmark.pedantic(
        lambda: [run(b.values, b.neighbours, 1000) for b in boards],
        rounds=2 if who == "twin" else 20,
    )
    assert [o[2] for o in out] == [1, 1]


# generating unique puzzles on the variants (Flow's rules): generate(blank) against the SAT model
# only checking the uniqueness of the same puzzles

GEN_KINDS = {
    "bridges 8x8": lambda: nl.grid_board(np.zeros((8, 8), np.int16), bridges=[(2, 2), (4, 5)]),
    "hex 8x8": lambda: nl.hex_board(np.zeros((8, 8), np.int16)),
    "wrap rows 8x8": lambda: nl.grid_board(np.zeros((8, 8), np.int16), wrap="rows"),
    "layers 2x5x5": lambda: nl.layered_board(np.zeros((2, 5, 5), np.int16), fill=True),
}


@pytest.mark.parametrize("who", ["generate(blank)", "sat check"])
@pytest.mark.parametrize("kind", list(GEN_KINDS))
@pytest.mark.benchmark(group="variants: generate a unique puzzle (4 seeds)")
def test_generate_on_a_blank(benchmark, kind, who):
    blank = GEN_KINDS[kind]()
    if who == "generate(blank)":
        out = benchmark(lambda: [nl.generate(blank, seed=s) for s in range(4)])
        assert all(len(p.solve(limit=2)) == 1 for p in out)
        return
    pytest.importorskip("pysat")
    from reference.numberlink_graph import sat_solutions

    puzzles = [nl.generate(blank, seed=s) for s in range(4)]
    adj = [[int(w) for w in row if w >= 0] for row in blank.neighbours]
    counts = benchmark.pedantic(
        lambda: [len(sat_solutions(p.values, adj, limit=2)) for p in puzzles], rounds=1
    )
    assert counts == [1] * 4


def random_layers(k=20):
    """3 x 4 x 4 layers joined everywhere, with fill and three random pairs: most have no
    solution, and before the colour count the search needed more than 10**6 nodes on most."""
    rng = np.random.default_rng(0)
    out = []
    for _ in range(k):
        g = np.zeros((3, 4, 4), np.int16)
        cells = rng.choice(48, 6, replace=False)
        for j in range(3):
            g.flat[cells[2 * j : 2 * j + 2]] = j + 1
        out.append(nl.layered_board(g, fill=True))
    return out


@pytest.mark.parametrize("who", ["Board.solve", "sat"])
@pytest.mark.benchmark(group="variants: 20 random 3x4x4 boards of layers with fill, limit=1")
def test_random_layers_with_fill(benchmark, who):
    boards = random_layers()
    if who == "Board.solve":
        found = benchmark(lambda: [len(b.solve(limit=1, max_nodes=10**6)) for b in boards])
    else:
        pytest.importorskip("pysat")
        from reference.numberlink_graph import sat_solutions

        adj = [[int(w) for w in row if w >= 0] for row in boards[0].neighbours]
        found = benchmark.pedantic(
            lambda: [len(sat_solutions(b.values, adj, fill=True, limit=1)) for b in boards],
            rounds=1,
        )
    assert sum(found) < len(boards)  # most have none


# generating on a 40x40 grid board (issue 26: at most 3x ``generate(40)`` under the same rules):
# the paths only (unique=False), generate(blank) against generate(40), and its kernel (steps 1
# and 2) against its twin, 0.2's Python growth and repair; then the whole job, proven unique
# (test_generate_40x40_unique)

GEN40_SEEDS = range(10)


@pytest.mark.parametrize(
    "who", ["generate(40)", "generate(blank)", "lay_paths kernel", "lay_paths 0.2 twin"]
)
@pytest.mark.benchmark(group="generate on a 40x40 grid, unique=False (10 seeds)")
def test_generate_40x40_grid_board(benchmark, who):
    blank = nl.grid_board(np.zeros((40, 40), np.int16))
    if who == "generate(40)":
        out = benchmark(lambda: [nl.generate(40, seed=s, unique=False) for s in GEN40_SEEDS])
        assert all(nl.check(p.grid, p.solution) for p in out)
        return
    if who == "generate(blank)":
        out = benchmark(lambda: [nl.generate(blank, seed=s, unique=False) for s in GEN40_SEEDS])
        assert all(p.check(p.solution) for p in out)
        return
    from reference.numberlink_board_paths import lay_paths as twin
    from trapcore.numberlink._paths import lay_paths

    label = np.zeros(len(blank), np.int32)
    table = np.ascontiguousarray(blank.neighbours, dtype=np.int32)
    lanes = np.zeros(len(blank), np.uint8)
    if who == "lay_paths kernel":
        out = benchmark(
            lambda: [
                lay_paths(label, table, lanes, np.random.PCG64(s), 3, 100) for s in GEN40_SEEDS
            ]
        )
        assert all(o is not None for o in out)
        return
    out = benchmark.pedantic(
        lambda: [
            twin(label, table, lanes, np.random.Generator(np.random.PCG64(s)), 3, 100)
            for s in GEN40_SEEDS
        ],
        rounds=1,
    )
    mine = [lay_paths(label, table, lanes, np.random.PCG64(s), 3, 100) for s in GEN40_SEEDS]
    assert [o[3] for o in out] == [m[3] for m in mine]  # same attempts (same paths: the tests)


UNIQUE40_SEEDS = range(4)


@pytest.mark.parametrize("who", ["generate(40)", "generate(blank)"])
@pytest.mark.benchmark(group="generate on a 40x40 grid, unique (the defaults, 4 seeds)")
def test_generate_40x40_unique(benchmark, who):
    """The whole job, proven unique under Flow Free's rules (issue 26's 3x): ``generate(40)``
    (the grid kernel, its sweeps) against ``generate`` on a blank 40x40 grid board (the board
    search); both within their default budgets per check. ``extra_info``: pairs per puzzle."""
    blank = nl.grid_board(np.zeros((40, 40), np.int16))
    if who == "generate(40)":
        out = benchmark.pedantic(
            lambda: [nl.generate(40, seed=s) for s in UNIQUE40_SEEDS], rounds=1
        )
        assert all(nl.check(p.grid, p.solution) for p in out)
    else:
        out = benchmark.pedantic(
            lambda: [nl.generate(blank, seed=s) for s in UNIQUE40_SEEDS], rounds=1
        )
        assert all(p.check(p.solution) for p in out)
    benchmark.extra_info["pairs"] = [p.numbers for p in out]
