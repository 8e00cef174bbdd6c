"""Numberlink under 0.1's rules (fill, touch=False): solver against the brute-force twin,
generator against its twin, properties, bad input, golden outputs and the command line."""

import functools
import hashlib
import inspect
import subprocess
import sys

import numpy as np
import pytest
from _suite import seeds
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from reference.numberlink import brute_solve, is_solution
from reference.numberlink import generate as twin_generate
from reference.numberlink import generate_raw as twin_generate_raw
from reference.random import Uint32Stream
from trapcore import numberlink as nl
from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink import _generate, _solver

#: 0.1's rules (fill, no touch): what this file's twins (brute_solve, is_solution, the
#: generator twin) implement; test_numberlink_rules.py covers every rule set.
SOLVE_NO_TOUCH = functools.partial(nl.solve, touch=False)


def pcg(seed):
    return np.random.Generator(np.random.PCG64(seed))


def key(solutions):
    return sorted(np.asarray(s, np.int16).tobytes() for s in solutions)


def small_grid(seed, drop=False):
    """A small puzzle from the raw generator, optionally with one pair removed (often ambiguous
    or unsolvable)."""
    rng = np.random.default_rng(seed)
    r, c = (int(v) for v in rng.integers(2, 6, 2))
    grid = _generate.generate(r, c, pcg(seed).bit_generator, 2, False, 10**6, 50, True, False)[
        0
    ].copy()
    if drop and grid.max() > 1:
        grid[grid == grid.max()] = 0
    return grid


# ---------------------------------------------------------------------------------------------
# solver


@pytest.mark.parametrize("seed", range(120))
def test_solver_matches_brute_force(seed):
    grid = small_grid(seed, drop=seed % 2 == 1)
    mine = nl.solve(grid, limit=6, touch=False)
    assert key(mine) == key(brute_solve(grid, limit=6))
    for s in mine:
        assert nl.check(grid, s, touch=False)
        assert is_solution(grid, s)


@settings(max_examples=40)
@given(st.integers(2, 4), st.integers(2, 4), st.data())
def test_solver_matches_brute_force_on_random_grids(rows, cols, data):
    # random endpoint placements, mostly unsolvable or ambiguous: exercises the pruning rules
    cells = rows * cols
    pairs = data.draw(st.integers(1, max(1, cells // 3)))
    order = data.draw(st.permutations(range(cells)))
    grid = np.zeros(cells, np.int16)
    for k in range(pairs):
        grid[order[2 * k]] = k + 1
        grid[order[2 * k + 1]] = k + 1
    solid = data.draw(st.lists(st.sampled_from(order[2 * pairs :] or [None]), max_size=2))
    for s in solid:
        if s is not None:
            grid[s] = -1
    grid = grid.reshape(rows, cols)
    assert key(nl.solve(grid, limit=20, touch=False)) == key(brute_solve(grid, limit=20))


@pytest.mark.parametrize("strategy", range(6))
def test_every_sweep_strategy_matches_brute_force(strategy):
    # the portfolio's six sweeps (four diagonal corners, rows down and up), each alone
    for seed in range(40):
        grid = small_grid(1000 + seed, drop=seed % 2 == 0)
        sols, nodes, complete = _solver.solve(grid, 10, 10**7, strategy, True, False)
        assert complete and nodes >= 0
        assert key(sols) == key(brute_solve(grid, limit=10))


def test_solver_small_cases():
    assert [s.tolist() for s in nl.solve([[1, 1]], touch=False)] == [[[1, 1]]]
    assert len(nl.solve([[1, 0, 1]], touch=False)) == 1
    assert nl.solve([[1, 0], [0, 1]], touch=False) == []  # the only fills touch themselves
    assert nl.solve([[0]], touch=False) == []  # an empty square nobody can fill
    assert [s.tolist() for s in nl.solve([[-1]], touch=False)] == [[[-1]]]
    assert nl.solve([[1, -1, 1]], touch=False) == []
    # two solutions, counted exactly
    g = np.zeros((3, 3), np.int16)
    g[0, 0] = g[2, 2] = 1
    assert key(nl.solve(g, limit=10, touch=False)) == key(brute_solve(g, limit=10))


def test_solver_limit_and_budget():
    g = np.zeros((3, 3), np.int16)
    g[0, 0] = g[2, 2] = 1
    g[0, 2] = 0
    sols = nl.solve(g, limit=1, touch=False)
    assert len(sols) <= 1
    big = nl.generate(15, seed=1, touch=False).grid
    with pytest.raises(SearchLimitExceeded, match="solve: .*max_nodes=10 "):
        nl.solve(big, max_nodes=10, touch=False)
    assert len(nl.solve(big, max_nodes=None, touch=False)) == 1
    assert (
        issubclass(SearchLimitExceeded, RuntimeError)
        and tc.errors.SearchLimitExceeded is SearchLimitExceeded
    )
    assert not hasattr(nl, "SearchLimitExceeded")  # one class, in trapcore.errors
    with pytest.raises(SearchLimitExceeded, match="count_nodes: .*max_nodes=10 "):
        nl.count_nodes(big, max_nodes=10, touch=False)
    nodes = nl.count_nodes(big, max_nodes=None, touch=False)
    assert nodes == _solver.solve(big, 2, 10**9, -1, True, False)[1] and nodes >= (big >= 0).sum()
    assert nl.count_nodes(big, limit=1, touch=False) <= nodes


def test_solver_accepts_readonly_noncontiguous_and_other_int_dtypes():
    p = nl.generate(7, seed=5, touch=False)
    g = np.asfortranarray(p.grid.astype(np.int64))
    g.setflags(write=False)
    (s,) = nl.solve(g, touch=False)
    assert np.array_equal(s, p.solution)
    (t,) = nl.solve(p.grid.T[::1, :].copy().T, touch=False)  # a transposed view
    assert np.array_equal(t, p.solution)
    (u,) = nl.solve(p.grid.tolist(), touch=False)
    assert np.array_equal(u, p.solution)


def test_solver_transposed_boards_agree():
    for seed in range(20):
        p = nl.generate(5, 11, seed=seed, touch=False)
        (a,) = nl.solve(p.grid, touch=False)
        (b,) = nl.solve(p.grid.T, touch=False)
        assert np.array_equal(a, p.solution) and np.array_equal(b, p.solution.T)


@pytest.mark.parametrize(
    "grid, exc, match",
    [
        ([[1.0, 1.0]], TypeError, "grid must have an integer dtype"),
        ([[True, True]], TypeError, "grid must have an integer dtype"),
        ([1, 1], ValueError, "grid must be 2-D"),
        ([[1, 1, 1]], ValueError, "number 1 must have exactly two endpoints, got 3"),
        ([[1, 0, 2, 2]], ValueError, "number 1 must have exactly two endpoints, got 1"),
        ([[1, -2, 1]], ValueError, "grid values must lie in"),
        ([[1, 40000, 1]], ValueError, "grid values must lie in"),
        (np.zeros((0, 3), np.int16), ValueError, "grid must be at least"),
        ("abc", TypeError, "grid must have an integer dtype"),
    ],
)
def test_solve_bad_grid(grid, exc, match):
    with pytest.raises(exc, match=match):
        nl.solve(grid, touch=False)
    with pytest.raises(exc, match=match):
        nl.check(grid, np.ones((1, 2), np.int16), touch=False)


@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        ({"limit": 0}, ValueError, "limit must be >= 1"),
        ({"limit": 1.5}, TypeError, "limit must be an integer"),
        ({"max_nodes": 0}, ValueError, "max_nodes must be >= 1"),
        ({"max_nodes": "x"}, TypeError, "max_nodes must be an integer"),
    ],
)
def test_solve_bad_arguments(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        nl.solve([[1, 1]], **kwargs, touch=False)


# ---------------------------------------------------------------------------------------------
# check


def test_check_names_the_broken_rule():
    p = nl.generate(6, seed=3, touch=False)
    g, s = p.grid, p.solution
    assert nl.check(g, s, touch=False) is True
    bad = s.copy()
    free = np.argwhere((g == 0) & (s > 0))[0]
    bad[tuple(free)] = 0
    with pytest.raises(ValueError, match="must be filled"):
        nl.check(g, bad, touch=False)
    bad = s.copy()
    bad[g == -1] = 1 if (g == -1).any() else bad[g == -1]
    if (g == -1).any():
        with pytest.raises(ValueError, match="solids"):
            nl.check(g, bad, touch=False)
    ends = np.argwhere(g > 0)[0]
    bad = s.copy()
    bad[tuple(ends)] = (s[tuple(ends)] % g.max()) + 1
    with pytest.raises(ValueError, match="endpoint"):
        nl.check(g, bad, touch=False)
    with pytest.raises(ValueError, match="shape"):
        nl.check(g, s[:-1], touch=False)
    with pytest.raises(ValueError, match="touching its own path"):
        nl.check(
            [[1, 0, 0], [-1, 0, 0], [-1, 1, -1]], [[1, 1, 1], [-1, 1, 1], [-1, 1, -1]], touch=False
        )
    with pytest.raises(ValueError, match="not one chain"):
        # 1 runs along the top; a detached loop of 1 below
        g2 = np.array([[1, 0, 1], [-1, -1, -1], [0, 0, 0], [0, -1, 0], [0, 0, 0]])
        s2 = np.array([[1, 1, 1], [-1, -1, -1], [1, 1, 1], [1, -1, 1], [1, 1, 1]])
        nl.check(g2, s2, touch=False)
    with pytest.raises(ValueError, match="no endpoints"):
        nl.check([[1, 1, 0]], [[1, 1, 2]], touch=False)
    with pytest.raises(TypeError, match="solution must have an integer dtype"):
        nl.check(g, s.astype(float), touch=False)


# ---------------------------------------------------------------------------------------------
# generator


@pytest.mark.parametrize("size", [(2, 2), (3, 5), (5, 5), (6, 4), (9, 9), (12, 12), (15, 15)])
@pytest.mark.parametrize("min_length", [2, 3, 4])
def test_generator_matches_twin(size, min_length):
    rows, cols = size
    for seed in range(4):
        mine = _generate.generate(
            rows, cols, pcg(seed).bit_generator, min_length, True, 10**7, 200, True, False
        )
        twin = twin_generate(
            rows, cols, Uint32Stream(pcg(seed)), SOLVE_NO_TOUCH, min_length, True, 200
        )
        assert (mine is None) == (twin is None)
        if mine is not None:
            assert np.array_equal(mine[0], twin[0]) and np.array_equal(mine[1], twin[1])
            assert mine[3] == twin[2]
        raw = _generate.generate(
            rows, cols, pcg(seed).bit_generator, min_length, False, 1, 200, True, False
        )
        twin_raw = twin_generate_raw(rows, cols, Uint32Stream(pcg(seed)), min_length, 200)
        assert (raw is None) == (twin_raw is None)
        if raw is not None:
            assert np.array_equal(raw[0], twin_raw[0]) and np.array_equal(raw[1], twin_raw[1])


@pytest.mark.parametrize("size", [(3, 5), (6, 4), (9, 9), (12, 12), (15, 15), (20, 20)])
def test_long_path_generator_matches_twin(size):
    rows, cols = size
    for seed in range(4):
        mine = _generate.generate(
            rows, cols, pcg(seed).bit_generator, 3, True, 10**7, 200, True, False, True
        )
        twin = twin_generate(
            rows, cols, Uint32Stream(pcg(seed)), SOLVE_NO_TOUCH, 3, True, 200, long_paths=True
        )
        assert (mine is None) == (twin is None)
        if mine is not None:
            assert np.array_equal(mine[0], twin[0]) and np.array_equal(mine[1], twin[1])
        raw = _generate.generate(
            rows, cols, pcg(seed).bit_generator, 3, False, 1, 200, True, False, True
        )
        twin_raw = twin_generate_raw(rows, cols, Uint32Stream(pcg(seed)), 3, 200, long_paths=True)
        assert (raw is None) == (twin_raw is None)
        if raw is not None:
            assert np.array_equal(raw[1], twin_raw[1])


@pytest.mark.parametrize("size", [(2, 3), (3, 5), (6, 4), (9, 9), (12, 12), (20, 20)])
def test_solid_free_generator_matches_twin(size):
    """Without solids (the default) isolated squares join a path: kernel and twin agree step by
    step (same boards, same attempts), with and without long paths, raw and made unique."""
    rows, cols = size
    for seed in seeds(3, 6):
        for lp in (False, True):
            raw = _generate.generate(
                rows, cols, pcg(seed).bit_generator, 3, False, 1, 200, True, False, lp, False
            )
            twin_raw = twin_generate_raw(
                rows, cols, Uint32Stream(pcg(seed)), 3, 200, long_paths=lp, solids=False
            )
            assert (raw is None) == (twin_raw is None)
            if raw is not None:
                assert np.array_equal(raw[0], twin_raw[0]) and np.array_equal(raw[1], twin_raw[1])
                assert raw[3] == twin_raw[2] and (raw[0] >= 0).all()
        mine = _generate.generate(
            rows, cols, pcg(seed).bit_generator, 3, True, 10**7, 200, True, False, False, False
        )
        twin = twin_generate(
            rows, cols, Uint32Stream(pcg(seed)), SOLVE_NO_TOUCH, 3, True, 200, solids=False
        )
        assert (mine is None) == (twin is None)
        if mine is not None:
            assert np.array_equal(mine[0], twin[0]) and np.array_equal(mine[1], twin[1])


@pytest.mark.parametrize("touch", [False, True])
def test_generated_puzzles_have_no_solids_by_default(touch):
    """Every square on a path, every path at least min_length, unique under the puzzle's rules;
    on 4 x 4 the brute force (not our solver) confirms uniqueness."""
    for n in (3, 4, 5, 7, 9, 12):
        for seed in seeds(4, 8) if n < 12 else seeds(2, 3):
            p = nl.generate(n, seed=seed, touch=touch)
            assert (p.grid >= 0).all() and (p.solution > 0).all()
            assert nl.check(p.grid, p.solution, touch=touch)
            assert (np.bincount(p.solution.ravel())[1:] >= 3).all()
            assert len(nl.solve(p.grid, limit=2, touch=touch)) == 1
    for seed in seeds(10, 25):
        p = nl.generate(4, seed=seed, touch=False, min_length=2)
        assert (p.grid >= 0).all() and len(brute_solve(p.grid, limit=2)) == 1
    # nothing on 2 x 2 has paths of 3 squares and no solid: the error says which knob helps
    with pytest.raises(ValueError, match="no solid squares.*solids=True"):
        nl.generate(2, seed=0, max_attempts=20)
    assert (nl.generate(2, seed=0, solids=True).grid == -1).sum() == 1
    assert (nl.generate(2, seed=0, min_length=2).grid > 0).all()
    with pytest.raises(TypeError, match="solids must be a bool"):
        nl.generate(5, solids=1)


def test_long_paths_look_like_published_puzzles():
    """Measured on the same seeds: longer paths, fewer short ones, fewer solid squares; every
    puzzle still proven unique (checked again here) under its rules."""
    short, long_ = [], []
    for seed in range(12):
        for lp, out in ((False, short), (True, long_)):
            p = nl.generate(14, seed=seed, touch=False, long_paths=lp, solids=True)
            assert len(nl.solve(p.grid, touch=False)) == 1
            out.append(nl.measure(p))
    med = [np.median(np.concatenate([q.lengths for q in qs])) for qs in (short, long_)]
    solids = [sum(q.solids for q in qs) for qs in (short, long_)]
    assert med[1] >= med[0] + 2 and med[1] >= 8  # published sets: a median of 8.5-15.5
    assert solids[1] * 2 < solids[0]
    with pytest.raises(TypeError, match="long_paths"):
        nl.generate(5, long_paths="yes")


def test_default_grows_long_paths_from_7x7_to_15x15():
    """``long_paths=None``: long growth on 49 to 225 squares with a budget of 2 * 10**4 nodes a
    check, 0.1's growth (budget 10**7) elsewhere; the same seed gives the same puzzle either way."""
    for shape in ((7, 7), (8, 8), (9, 12), (15, 15)):
        want = nl.generate(*shape, seed=3, touch=False, long_paths=True, max_nodes=2 * 10**4)
        assert nl.generate(*shape, seed=3, touch=False) == want
    for shape in ((5, 5), (6, 8), (16, 16), (20, 20)):
        want = nl.generate(*shape, seed=3, touch=False, long_paths=False, max_nodes=10**7)
        assert nl.generate(*shape, seed=3, touch=False) == want
    with pytest.raises(TypeError, match="long_paths must be a bool or None"):
        nl.generate(8, long_paths=1)


def test_default_paths_under_flow_rules_look_published():
    """The default at 10 x 10 under Flow Free's rules, against 0.1's growth on the same seeds:
    longer paths (published sets: a median of 8.5-15.5), fewer of 3 squares or less; every
    puzzle proven unique again here."""
    figures = {}
    for lp in (None, False):
        lengths, short = [], []
        for seed in range(8):
            p = nl.generate(10, seed=seed, long_paths=lp)
            assert len(nl.solve(p.grid, limit=2)) == 1
            q = nl.measure(p)
            lengths.append(np.median(q.lengths))
            short.append(np.mean(np.asarray(q.lengths) <= 3))
        figures[lp] = (np.median(lengths), np.mean(short))
    assert figures[None][0] >= 8 and figures[False][0] <= 6
    assert figures[None][1] < figures[False][1]


def test_generator_over_budget_repair_matches_twin():
    # a tiny budget forces the "cut the longest paths" repair
    def budget_solver(grid, *, limit):
        try:
            return nl.solve(grid, limit=limit, max_nodes=300, touch=False)
        except SearchLimitExceeded:
            return None

    for seed in range(6):
        mine = _generate.generate(12, 12, pcg(seed).bit_generator, 3, True, 300, 50, True, False)
        twin = twin_generate(12, 12, Uint32Stream(pcg(seed)), budget_solver, 3, True, 50)
        assert (mine is None) == (twin is None)
        if mine is not None:
            assert np.array_equal(mine[0], twin[0]) and np.array_equal(mine[1], twin[1])
            assert len(nl.solve(mine[0], touch=False)) == 1
    p = nl.generate(15, seed=3, max_nodes=1000, touch=False, solids=True)
    assert (
        len(nl.solve(p.grid, touch=False)) == 1
        and p.numbers > nl.generate(15, seed=3, touch=False, solids=True).numbers
    )


def test_solve_size_limits():
    with pytest.raises(ValueError, match="grid has 4194305 cells"):
        nl.solve(np.zeros((1, (1 << 22) + 1), np.int16), touch=False)
    with pytest.raises(ValueError, match="too much memory"):
        nl.solve(np.zeros((100, 100), np.int16), limit=100_000, touch=False)


def test_generator_uniqueness_is_real():
    # the twin with the brute-force solver makes the same small puzzles: uniqueness is not an
    # artefact of our own solver
    for seed in range(25):
        a = _generate.generate(4, 4, pcg(seed).bit_generator, 2, True, 10**6, 100, True, False)
        b = twin_generate(4, 4, Uint32Stream(pcg(seed)), brute_solve, 2, True, 100)
        assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
        assert len(brute_solve(a[0], limit=2)) == 1


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 9, 12, 15])
def test_generator_properties(n):
    for seed in range(12 if n < 15 else 4):
        p = nl.generate(n, seed=seed, touch=False, solids=True)
        g, s = p.grid, p.solution
        assert g.dtype == np.int16 and s.dtype == np.int16 and g.shape == (n, n)
        assert nl.check(g, s, touch=False)
        assert is_solution(g, s)
        counts = np.bincount(g[g > 0])
        assert (counts[1:] == 2).all()
        lengths = np.bincount(s[s > 0])[1:]
        assert (lengths >= 3).all()
        assert len(nl.solve(g, limit=2, touch=False)) == 1
        assert p.difficulty >= 1.0
        # solids only where isolated: no solid square has a solid neighbour or a neighbour
        # that could have started a path with it (every neighbour belongs to a path)
        sol = np.pad(s, 1, constant_values=-2)
        for r, c in np.argwhere(g == -1):
            nb = [sol[r, c + 1], sol[r + 2, c + 1], sol[r + 1, c], sol[r + 1, c + 2]]
            assert all(v != -1 for v in nb), (seed, r, c)


def test_generator_rectangles_and_options():
    p = nl.generate(4, 13, seed=2, min_length=4, touch=False)
    assert p.grid.shape == (4, 13)
    assert (np.bincount(p.solution[p.solution > 0])[1:] >= 4).all()
    q = nl.generate(8, seed=9, unique=False, touch=False)
    assert nl.check(q.grid, q.solution, touch=False)
    assert q.difficulty >= 1.0  # computed on demand


def test_generator_difficulty_levels():
    lo, hi = nl.difficulty_band("easy", 8, touch=False)
    p = nl.generate(8, seed=1, difficulty="easy", touch=False)
    assert lo <= p.difficulty < hi and nl.difficulty_level(p) == "easy"
    lo, hi = nl.difficulty_band("hard", 12, touch=False)
    p = nl.generate(12, seed=1, difficulty="hard", touch=False)
    assert lo <= p.difficulty < hi and nl.difficulty_level(p) == "hard"
    p = nl.generate(9, seed=4, difficulty=(2, 3), touch=False)
    assert 2 <= p.difficulty < 3


def test_generator_same_seed_same_puzzle_and_generator_seeds():
    a = nl.generate(10, seed=123, touch=False)
    b = nl.generate(10, seed=123, touch=False)
    assert np.array_equal(a.grid, b.grid) and np.array_equal(a.solution, b.solution)
    c = nl.generate(10, seed=np.random.SeedSequence(123), touch=False)
    assert np.array_equal(a.grid, c.grid)
    gen = pcg(123)
    d = nl.generate(10, seed=gen, touch=False)
    e = nl.generate(10, seed=gen, touch=False)
    assert np.array_equal(a.grid, d.grid) and not np.array_equal(d.grid, e.grid)


def test_generator_same_seed_in_a_fresh_process():
    code = (
        "import trapcore.numberlink as nl;"
        "print(nl.generate(11, seed=77, touch=False).to_text(), end='')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == nl.generate(11, seed=77, touch=False).to_text()


@pytest.mark.parametrize(
    "args, kwargs, exc, match",
    [
        ((1,), {}, ValueError, "rows must be >= 2"),
        ((2.5,), {}, TypeError, "rows must be an integer"),
        ((3, 1), {}, ValueError, "cols must be >= 2"),
        ((3, "4"), {}, TypeError, "cols must be an integer"),
        ((), {"rows": 1, "cols": 5}, ValueError, "rows must be >= 2"),
        ((5, 5, 1), {}, TypeError, "positional argument"),  # seed is keyword-only
        ((5,), {"seed": -1}, ValueError, "seed must be non-negative"),
        ((5,), {"seed": "x"}, TypeError, "seed must be None"),
        ((5,), {"min_length": 1}, ValueError, "min_length must be >= 2"),
        ((5,), {"unique": 1}, TypeError, "unique must be a bool"),
        ((5,), {"difficulty": "extreme"}, ValueError, "difficulty must be one of"),
        ((5,), {"difficulty": 3}, TypeError, "difficulty must be one of"),
        ((5,), {"difficulty": (3, 1)}, ValueError, "low <= high"),
        ((5,), {"difficulty": "easy", "unique": False}, ValueError, "needs unique=True"),
        ((5,), {"max_attempts": 0}, ValueError, "max_attempts must be >= 1"),
        ((3,), {"min_length": 9, "max_attempts": 3}, ValueError, "in 3 attempts"),
        ((71,), {}, ValueError, "cells is more than the 4900"),
        ((10, 491), {}, ValueError, "cells is more than the 4900"),
    ],
)
def test_generate_bad_input(args, kwargs, exc, match):
    with pytest.raises(exc, match=match):
        nl.generate(*args, **kwargs, touch=False)


# golden outputs: these pin the random stream and every generator step
GOLDEN_TEXT = {
    (5, 0): "5 5\n.1...\n.#.2.\n....3\n#...2\n1...3\n",
    (6, 1): "6 6\n1.....\n21.#3.\n......\n4.4.5.\n...3..\n5#...2\n",
    (7, 2): "7 7\n.1.23.2\n1.....#\n....#..\n.#.#.3.\n.....4.\n5..4...\n.5.....\n",
}
GOLDEN_HASH = {
    (15, 0): "fb2797866ace2128",
    (15, 1): "984e238c8c2d57c2",
    (30, 7): "c29716a1b22ee3b7",
}


@pytest.mark.parametrize("n, seed", sorted(GOLDEN_TEXT))
def test_golden_text(n, seed):
    # 0.1's puzzles (solids=True, 0.1's growth), with the rules marker 0.2 writes for
    # non-default rules
    text = nl.generate(n, seed=seed, touch=False, solids=True, long_paths=False).to_text()
    assert text == "# rules: fill=true touch=false\n" + GOLDEN_TEXT[(n, seed)]


@pytest.mark.parametrize("n, seed", sorted(GOLDEN_HASH))
def test_golden_hash(n, seed):
    p = nl.generate(n, seed=seed, touch=False, solids=True, long_paths=False)
    digest = hashlib.sha256(p.grid.tobytes() + p.solution.tobytes()).hexdigest()[:16]
    assert digest == GOLDEN_HASH[(n, seed)]


def test_golden_rectangle_raw():
    p = nl.generate(4, 9, seed=3, unique=False, touch=False)
    assert (
        p.to_text()
        == "# rules: fill=true touch=false\n9 4\n.1.2.....\n...3.4...\n..3......\n1....2545\n"
    )


# ---------------------------------------------------------------------------------------------
# package and command line


def test_exported():
    assert tc.numberlink is nl and tc.Puzzle is nl.Puzzle
    assert callable(tc.numberlink.generate) and callable(tc.numberlink.solve)
    assert set(nl.__all__) == {
        "Puzzle",
        "generate",
        "deduce",
        "Deduction",
        "Step",
        "difficulty_band",
        "difficulty_level",
        "Quality",
        "measure",
        "solve",
        "count",
        "count_nodes",
        "check",
        "read_puzzles",
        "parse_puzzles",
        "write_puzzles",
        "parse_contest",
        "parse_contest_board",
        "contest_text",
        "contest_answer",
        "parse_puzzlink",
        "puzzlink_url",
        "grid_board",
        "hex_board",
        "layered_board",
        "SYMBOLS",
        "STYLES",
        "DIFFICULTY_LEVELS",
        "LIMITS",
    }
    # the submodules (puzzle, formats, cli...) aside; `solve` and `generate` are the functions
    public = {n for n in dir(nl) if not n.startswith("_") and not inspect.ismodule(getattr(nl, n))}
    assert public == set(nl.__all__)
    assert inspect.isfunction(nl.solve) and inspect.isfunction(nl.generate)


def run_cli(capsys, monkeypatch, *args, stdin=None):
    """Run ``trapcore numberlink ARGS`` in-process: (exit status, stdout); errors raise."""
    import argparse
    import io

    from trapcore.numberlink import cli as numberlink_cli

    parser = argparse.ArgumentParser(prog="trapcore")
    numberlink_cli.add_parser(parser.add_subparsers(dest="command"))
    ns = parser.parse_args(["numberlink", *args])
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = ns.func(ns)
    return status, capsys.readouterr().out


def test_cli_generate_and_solve(tmp_path, capsys, monkeypatch):
    status, out = run_cli(capsys, monkeypatch, "9", "--seed", "1", "--solution", "--no-touch")
    assert status == 0
    puzzle_text, solution_text = out.split("\n\n")
    p = nl.Puzzle.from_text(puzzle_text)
    assert p == nl.generate(9, seed=1, touch=False)
    for flag, lp in (("--long-paths", True), ("--no-long-paths", False)):
        status, out = run_cli(capsys, monkeypatch, "9", "--seed", "1", "--no-touch", flag)
        assert nl.Puzzle.from_text(out) == nl.generate(9, seed=1, touch=False, long_paths=lp)
    path = tmp_path / "p.txt"
    path.write_text(puzzle_text + "\n" + nl.generate(5, seed=0, touch=False).to_text())
    status, out = run_cli(capsys, monkeypatch, "solve", str(path))
    assert status == 0
    assert out.count("unique") == 2
    assert solution_text.strip() in out
    status, out = run_cli(capsys, monkeypatch, "solve", "-", stdin="3 1\n1.1\n\n3 1\n1#1\n")
    assert status == 1 and "no solution" in out and "111" in out
    status, out = run_cli(
        capsys, monkeypatch, "6", "--cols", "9", "--seed", "2", "--style", "header"
    )
    assert status == 0 and out.startswith("9 6\n")
    # Flow's rules by default; the flags pick the others, and solve reads a file's marker
    status, out = run_cli(capsys, monkeypatch, "solve", "-", stdin="2 2\n1.\n1.\n")
    assert status == 0 and "unique" in out and "11\n11" in out
    status, out = run_cli(
        capsys, monkeypatch, "solve", "-", stdin="# rules: touch=false\n2 2\n1.\n1.\n"
    )
    assert status == 1 and "no solution" in out
    status, out = run_cli(
        capsys, monkeypatch, "solve", "-", "--no-touch", "--no-fill", stdin="2 2\n1.\n1.\n"
    )
    assert status == 0 and "unique" in out and "1.\n1." in out


def test_cli_solids_flag(capsys, monkeypatch):
    # no solid squares by default, so the Flow style always works; --solids is 0.1's growth
    status, out = run_cli(capsys, monkeypatch, "12", "--seed", "4", "--no-touch")
    assert status == 0 and "#" not in out.split("\n", 2)[2]
    assert nl.Puzzle.from_text(out) == nl.generate(12, seed=4, touch=False)
    status, out = run_cli(capsys, monkeypatch, "12", "--seed", "4", "--no-touch", "--solids")
    assert nl.Puzzle.from_text(out) == nl.generate(12, seed=4, touch=False, solids=True)
    assert "#" in out
    with pytest.raises(ValueError, match="--solids only applies when generating"):
        run_cli(capsys, monkeypatch, "solve", "-", "--solids", stdin="2 2\n1.\n1.\n")


def test_cli_errors(tmp_path, capsys, monkeypatch):
    with pytest.raises(ValueError, match="N must be an integer or 'solve'"):
        run_cli(capsys, monkeypatch, "nine")
    with pytest.raises(ValueError, match="needs a FILE"):
        run_cli(capsys, monkeypatch, "solve")
    with pytest.raises(ValueError, match="unexpected argument"):
        run_cli(capsys, monkeypatch, "9", "extra")
    bad = tmp_path / "bad.txt"
    bad.write_text("3 2\n1.1\n2.\n")
    with pytest.raises(ValueError, match="line 3, column 3"):
        run_cli(capsys, monkeypatch, "solve", str(bad))
    with pytest.raises(OSError):
        run_cli(capsys, monkeypatch, "solve", str(tmp_path / "missing.txt"))


def test_cli_through_trapcore_main():
    # the real entry point (needs every other engine's CLI module to import)
    out = subprocess.run(
        [sys.executable, "-m", "trapcore", "numberlink", "5", "--seed", "0", "--no-touch"],
        capture_output=True,
        text=True,
    )
    if out.returncode != 0 and "numberlink" not in out.stderr:
        pytest.skip(f"trapcore's CLI does not load: {out.stderr.strip().splitlines()[-1]}")
    assert out.returncode == 0 and out.stdout == nl.generate(5, seed=0, touch=False).to_text()


def test_long_solve_can_be_interrupted():
    # a raw 50x50 board takes seconds to prove unique; Ctrl-C (its third poll, counted, not
    # timed) must stop it cleanly
    from _sigint import trapped

    grid = _generate.generate(50, 50, pcg(3).bit_generator, 3, False, 1, 10, True, False)[0]
    trapped(lambda: nl.solve(grid, max_nodes=None, touch=False), 3)
    assert (
        len(nl.solve(nl.generate(9, seed=1, touch=False).grid, touch=False)) == 1
    )  # still usable afterwards


@pytest.mark.parametrize("fill,touch", [(True, True), (True, False), (False, True), (False, False)])
def test_difficulty_bands_split_every_size(fill, touch):
    """The three bands tile [0, inf) at every size, and move up with the board (bigger boards need
    more nodes a square), measured or extrapolated."""
    for rows, cols in [(2, 2), (5, 5), (9, 11), (15, 15), (20, 20), (70, 70)]:
        easy, medium, hard = (
            nl.difficulty_band(level, rows, cols, fill=fill, touch=touch)
            for level in nl.DIFFICULTY_LEVELS
        )
        assert easy[0] == 0 and easy[1] == medium[0] < medium[1] == hard[0] and hard[1] == np.inf
    small = nl.difficulty_band("medium", 6, fill=fill, touch=touch)
    big = nl.difficulty_band("medium", 12, fill=fill, touch=touch)
    assert small[0] < big[0] and small[1] < big[1]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_at_every_size(level):
    # 0.1's fixed bands had no easy 20x20 (it raised); each level is now a third of the puzzles
    for n, touch in [(6, True), (10, True), (20, False)]:
        p = nl.generate(n, seed=3, difficulty=level, touch=touch)
        assert nl.difficulty_level(p) == level, (n, touch, p.difficulty)


def test_levels_split_generated_puzzles_in_thirds():
    """The calibration is honest: on fresh seeds (not the calibration's 1000+), about a third of
    the puzzles generate makes falls in each level."""
    levels = [nl.difficulty_level(nl.generate(7, seed=s)) for s in range(120)]
    for level in nl.DIFFICULTY_LEVELS:
        assert 0.18 < levels.count(level) / len(levels) < 0.5, (level, levels.count(level))


def test_difficulty_band_errors():
    with pytest.raises(ValueError, match="level"):
        nl.difficulty_band("nightmare", 5)
    with pytest.raises((TypeError, ValueError), match="rows"):
        nl.difficulty_band("easy", 0)
    with pytest.raises(TypeError, match="puzzle"):
        nl.difficulty_level(np.zeros((5, 5), np.int16))
    read = next(nl.parse_puzzles(nl.generate(9, seed=2).to_text()))  # difficulty when asked
    assert nl.difficulty_level(read) in nl.DIFFICULTY_LEVELS


def test_cli_solve_within_max_nodes(tmp_path, capsys, monkeypatch):
    """``--max-nodes`` bounds each puzzle's search: a puzzle not settled within it is reported
    (status 1), with the solution found when the search for one fits (the strict turn's), and
    the others of the file are still solved."""
    p = nl.generate(12, seed=3)
    path = tmp_path / "p.txt"
    path.write_text(p.to_text() + "\n" + nl.generate(5, seed=0).to_text())
    status, out = run_cli(capsys, monkeypatch, "solve", str(path), "--max-nodes", "1000")
    assert status == 1 and "a solution; whether there are others was not settled" in out
    (one,) = nl.solve(p.grid, limit=1, max_nodes=1000)
    assert nl.check(p.grid, one)  # a solution, and the one printed
    assert nl.Puzzle(p.grid, one, symbols=p.symbols).to_text(solution=True) in out
    assert "# puzzle 2: 5 x 5, unique" in out
    status, out = run_cli(capsys, monkeypatch, "solve", str(path), "--max-nodes", "100")
    assert status == 1 and "# puzzle 1: 12 x 12, not settled within --max-nodes 100" in out
    status, out = run_cli(capsys, monkeypatch, "solve", str(path))
    assert status == 0 and out.count("unique") == 2
    with pytest.raises(ValueError, match="--max-nodes must be >= 1"):
        run_cli(capsys, monkeypatch, "solve", str(path), "--max-nodes", "0")
    with pytest.raises(ValueError, match="--max-nodes only applies to 'solve'"):
        run_cli(capsys, monkeypatch, "9", "--max-nodes", "10")
