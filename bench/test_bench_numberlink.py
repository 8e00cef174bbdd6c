"""Numberlink: trapcore's generator and solver vs the pure-Python twins and a SAT solver.

Run: ``pytest bench/test_bench_numberlink.py`` (add ``-m "not slow"`` to skip the long SAT and
twin runs). Ratios compare within a group. The SAT solver (python-sat, CaDiCaL) uses the usual
encoding: one colour per square, an edge variable per pair of neighbours with "same colour iff
connected" (the no-touch rule), degree 1 at endpoints and 2 elsewhere, loops cut lazily, and a
blocking clause after the first solution to prove uniqueness, so it answers what
``solve(touch=False, limit=2)`` answers (0.1's rules; every rule set is compared in
test_bench_numberlink_rules.py). Generation is timed under the default (Flow's) rules. Real
puzzles are read from ../shared/puzzles (skipped when absent).
"""

import functools
import itertools
import pathlib

import numpy as np
import pytest

import reference.numberlink as ref
import trapcore as tc
from reference.random import Uint32Stream

# <repo>/../shared/puzzles: this file is <repo>/bench/test_bench_numberlink.py
PUZZLES = pathlib.Path(__file__).resolve().parents[1].parent / "shared" / "puzzles"
JANKO = PUZZLES / "thomasahle" / "janko"


def janko(shapes=None):
    if not JANKO.is_file():
        pytest.skip("shared puzzle folder absent")
    grids = [p.grid for p in tc.numberlink.read_puzzles(JANKO)]
    if shapes is not None:
        grids = [g for g in grids if g.shape in shapes]
    return grids


# ---------------------------------------------------------------------------------------------
# a SAT solver for comparison


def sat_solve(grid, limit=2):
    """Up to ``limit`` solutions by SAT (CaDiCaL via python-sat), as int16 grids."""
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    grid = np.asarray(grid)
    rows, cols = grid.shape
    colours = int(grid.max(initial=0))
    pool = IDPool()
    X = lambda r, c, k: pool.id(("x", r, c, k))  # noqa: E731
    E = lambda a, b: pool.id(("e", a, b))  # noqa: E731
    clauses = []
    cells = [(r, c) for r in range(rows) for c in range(cols) if grid[r, c] >= 0]
    if not cells:
        return [grid.astype(np.int16)]
    if colours == 0:
        return []
    edges = {}
    for r, c in cells:
        for rr, cc in ((r, c + 1), (r + 1, c)):
            if rr < rows and cc < cols and grid[rr, cc] >= 0:
                edges[((r, c), (rr, cc))] = E((r, c), (rr, cc))
    incident = {cell: [] for cell in cells}
    for (a, b), v in edges.items():
        incident[a].append(v)
        incident[b].append(v)
    for r, c in cells:
        lits = [X(r, c, k) for k in range(1, colours + 1)]
        clauses += CardEnc.equals(lits, 1, vpool=pool, encoding=EncType.pairwise).clauses
        if grid[r, c] > 0:
            clauses.append([X(r, c, int(grid[r, c]))])
        need = 1 if grid[r, c] > 0 else 2
        inc = incident[(r, c)]
        if len(inc) < need:
            return []
        clauses += CardEnc.equals(inc, need, vpool=pool, encoding=EncType.seqcounter).clauses
    for ((r, c), (rr, cc)), e in edges.items():
        for k in range(1, colours + 1):
            a, b = X(r, c, k), X(rr, cc, k)
            clauses += [[-e, -a, b], [-e, a, -b], [e, -a, -b]]
    out = []
    with Solver(name="cadical153", bootstrap_with=clauses) as s:
        while len(out) < limit and s.solve():
            model = set(v for v in s.get_model() if v > 0)
            sol = np.where(grid < 0, -1, 0).astype(np.int16)
            for r, c in cells:
                sol[r, c] = next(k for k in range(1, colours + 1) if X(r, c, k) in model)
            on = [e for e in edges.values() if e in model]
            loop = _loop_edges(sol, grid, edges, model)
            if loop:
                s.add_clause([-e for e in loop])  # cut this loop, try again
                continue
            out.append(sol)
            s.add_clause([-e for e in on])  # block this solution
    return out


def _loop_edges(sol, grid, edges, model):
    """Edges of one component without endpoints (a loop), or []."""
    adj = {}
    for (a, b), e in edges.items():
        if e in model:
            adj.setdefault(a, []).append((b, e))
            adj.setdefault(b, []).append((a, e))
    seen = set()
    for start in adj:
        if start in seen:
            continue
        comp, todo, has_end, comp_edges = {start}, [start], False, set()
        while todo:
            x = todo.pop()
            has_end |= grid[x] > 0
            for y, e in adj[x]:
                comp_edges.add(e)
                if y not in comp:
                    comp.add(y)
                    todo.append(y)
        seen |= comp
        if not has_end:
            return sorted(comp_edges)
    return []


# ---------------------------------------------------------------------------------------------
# solving


@pytest.mark.benchmark(group="solve: Janko set, all 270, limit=2")
def test_solve_janko_all_trapcore(benchmark):
    grids = janko()
    counts = benchmark(lambda: [len(tc.numberlink.solve(g, touch=False, limit=2)) for g in grids])
    assert counts.count(1) == 269 and counts[155] == 2


@pytest.mark.benchmark(group="solve: Janko 10x10 (58), limit=2")
def test_solve_janko10_trapcore(benchmark):
    grids = janko({(10, 10)})
    counts = benchmark(lambda: [len(tc.numberlink.solve(g, touch=False, limit=2)) for g in grids])
    assert set(counts) == {1}


@pytest.mark.slow
@pytest.mark.benchmark(group="solve: Janko 10x10 (58), limit=2")
def test_solve_janko10_sat(benchmark):
    pytest.importorskip("pysat")
    grids = janko({(10, 10)})
    counts = benchmark.pedantic(lambda: [len(sat_solve(g, 2)) for g in grids], rounds=1)
    assert set(counts) == {1}


@pytest.mark.benchmark(group="solve: Janko 8x8 (first 6), limit=2")
def test_solve_janko8_trapcore(benchmark):
    grids = janko({(8, 8)})[:6]
    sols = benchmark(lambda: [tc.numberlink.solve(g, touch=False, limit=2) for g in grids])
    assert all(len(s) == 1 for s in sols)


@pytest.mark.benchmark(group="solve: Janko 8x8 (first 6), limit=2")
def test_solve_janko8_sat(benchmark):
    pytest.importorskip("pysat")
    grids = janko({(8, 8)})[:6]
    sols = benchmark.pedantic(lambda: [sat_solve(g, 2) for g in grids], rounds=1)
    mine = [tc.numberlink.solve(g, touch=False, limit=2) for g in grids]
    assert [len(s) for s in sols] == [1] * 6
    assert all(np.array_equal(a[0], b[0]) for a, b in zip(sols, mine))


@pytest.mark.slow
@pytest.mark.benchmark(group="solve: Janko 14x14 (first 10), limit=2")
def test_solve_janko14_sat(benchmark):
    pytest.importorskip("pysat")
    grids = janko({(14, 14)})[:10]
    counts = benchmark.pedantic(lambda: [len(sat_solve(g, 2)) for g in grids], rounds=1)
    assert counts == [len(tc.numberlink.solve(g, touch=False, limit=2)) for g in grids]


@pytest.mark.benchmark(group="solve: Janko 14x14 (first 10), limit=2")
def test_solve_janko14_trapcore(benchmark):
    grids = janko({(14, 14)})[:10]
    benchmark(lambda: [tc.numberlink.solve(g, touch=False, limit=2) for g in grids])


def small_puzzles():
    return [tc.numberlink.generate(5, seed=s, min_length=2, touch=False).grid for s in range(10)]


@pytest.mark.benchmark(group="solve: 10 generated 5x5, limit=2")
def test_solve_small_trapcore(benchmark):
    grids = small_puzzles()
    counts = benchmark(lambda: [len(tc.numberlink.solve(g, touch=False, limit=2)) for g in grids])
    assert counts == [1] * 10


@pytest.mark.benchmark(group="solve: 10 generated 5x5, limit=2")
def test_solve_small_brute_force_twin(benchmark):
    grids = small_puzzles()
    counts = benchmark.pedantic(lambda: [len(ref.brute_solve(g, limit=2)) for g in grids], rounds=1)
    assert counts == [1] * 10


@pytest.mark.benchmark(group="solve: 10 generated 5x5, limit=2")
def test_solve_small_sat(benchmark):
    pytest.importorskip("pysat")
    grids = small_puzzles()
    counts = benchmark.pedantic(lambda: [len(sat_solve(g, 2)) for g in grids], rounds=1)
    assert counts == [1] * 10


# ---------------------------------------------------------------------------------------------
# generating (unique puzzles)

SIZES = [9, 15, 30]


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="generate unique")
def test_generate_trapcore(benchmark, n):
    # 0.1's no-touch rule and growth, beside the twin (which implements them); generation under
    # Flow Free's rules is measured in test_bench_numberlink_rules.py
    seeds = itertools.count()
    p = benchmark(
        lambda: tc.numberlink.generate(n, seed=next(seeds), touch=False, long_paths=False)
    )
    assert p.grid.shape == (n, n)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="generate unique")
def test_generate_long_paths_trapcore(benchmark, n):
    # long_paths=True (paths along walls and each other), same rule: what the longer paths cost
    seeds = itertools.count()
    p = benchmark(lambda: tc.numberlink.generate(n, seed=next(seeds), touch=False, long_paths=True))
    assert p.grid.shape == (n, n)


@pytest.mark.parametrize(
    "n", [pytest.param(n, marks=pytest.mark.slow) if n > 9 else n for n in SIZES]
)
@pytest.mark.benchmark(group="generate unique")
def test_generate_twin(benchmark, n):
    # the pure-Python generator, checking uniqueness with trapcore's solver under the same rule
    # and the same default (no solid squares) as test_generate_trapcore
    seeds = itertools.count()
    solve = functools.partial(tc.numberlink.solve, touch=False)

    def run():
        gen = np.random.Generator(np.random.PCG64(next(seeds)))
        return ref.generate(n, n, Uint32Stream(gen), solve, 3, True, solids=False)

    out = benchmark.pedantic(run, rounds=3 if n < 30 else 1)
    assert out is not None


@pytest.mark.benchmark(group="generate unique")
def test_generate_long_paths_twin_9(benchmark):
    # the twin's long-path growth (the same puzzles as the kernel's, tests/numberlink)
    seeds = itertools.count()

    def run():
        gen = np.random.Generator(np.random.PCG64(next(seeds)))
        solve = functools.partial(tc.numberlink.solve, touch=False)
        return ref.generate(9, 9, Uint32Stream(gen), solve, 3, True, long_paths=True)

    assert benchmark.pedantic(run, rounds=3) is not None


@pytest.mark.benchmark(group="generate unique")
def test_generate_pypi_numberlink_9(benchmark):
    # PyPI `numberlink` (a Gymnasium environment): Hamiltonian-path generator, 7 colours by
    # default, no uniqueness guarantee; its 15x15 took about 50 s here, so only 9x9 is timed
    gen = pytest.importorskip("numberlink.generator")
    from numberlink.config import GeneratorConfig

    seeds = itertools.count()
    level = benchmark.pedantic(
        lambda: gen.generate_level(GeneratorConfig(width=9, height=9, seed=next(seeds))), rounds=3
    )
    assert len(level.grid) == 9
