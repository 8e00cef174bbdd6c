"""Numberlink under each rule set (fill, touch): trapcore's solver vs a SAT model of the same rules,
and proven-unique generation under Flow's rules (touch=True) at 10, 15 and 30.

Run: ``pytest bench/test_bench_numberlink_rules.py`` (``-m "not slow"`` skips the SAT runs on
the larger boards). The SAT model is ``reference.numberlink_sat`` (python-sat, CaDiCaL: a colour
per square, an edge variable per neighbour pair, loops cut lazily, a blocking clause per
solution), so both sides prove the same thing: ``len(solve(limit=2)) == 1``.
"""

import itertools

import pytest

import trapcore as tc

RULES = [(True, True), (True, False), (False, True), (False, False)]
IDS = ["flow", "no-touch", "no-fill", "no-fill-no-touch"]


def puzzles(n, fill, touch, k=5):
    return [tc.numberlink.generate(n, seed=s, fill=fill, touch=touch).grid for s in range(k)]


@pytest.mark.parametrize("n", [6, 10])
@pytest.mark.parametrize("rules", RULES, ids=IDS)
@pytest.mark.benchmark(group="solve generated, each rule set, limit=2")
def test_solve_rules_trapcore(benchmark, rules, n):
    fill, touch = rules
    grids = puzzles(n, fill, touch)
    counts = benchmark(
        lambda: [len(tc.numberlink.solve(g, fill=fill, touch=touch, limit=2)) for g in grids]
    )
    assert counts == [1] * len(grids)


@pytest.mark.parametrize("n", [6, pytest.param(10, marks=pytest.mark.slow)])
@pytest.mark.parametrize("rules", RULES, ids=IDS)
@pytest.mark.benchmark(group="solve generated, each rule set, limit=2")
def test_solve_rules_sat(benchmark, rules, n):
    pytest.importorskip("pysat")
    from reference.numberlink_sat import sat_solutions

    fill, touch = rules
    grids = puzzles(n, fill, touch)
    counts = benchmark.pedantic(
        lambda: [len(sat_solutions(g, fill=fill, touch=touch, limit=2)) for g in grids], rounds=1
    )
    assert counts == [1] * len(grids)


@pytest.mark.parametrize("n", [10, 15, pytest.param(30, marks=pytest.mark.slow)])
@pytest.mark.benchmark(group="generate unique under touch=True")
def test_generate_touch(benchmark, n):
    seeds = itertools.count()
    p = benchmark.pedantic(
        lambda: tc.numberlink.generate(n, seed=next(seeds)), rounds=5 if n < 30 else 2
    )
    assert p.touch and p.fill and p.grid.shape == (n, n) and (p.grid >= 0).all()


@pytest.mark.parametrize("n", [10, 15])
@pytest.mark.benchmark(group="generate unique under touch=True")
def test_generate_touch_short_paths(benchmark, n):
    # 0.1's short paths (long_paths=False) beside the default (long paths from 7x7 to 15x15)
    seeds = itertools.count()
    p = benchmark.pedantic(
        lambda: tc.numberlink.generate(n, seed=next(seeds), long_paths=False), rounds=5
    )
    assert p.touch and p.grid.shape == (n, n)


@pytest.mark.parametrize("n", [10, 15])
@pytest.mark.benchmark(group="generate unique under touch=True")
def test_generate_touch_with_solids(benchmark, n):
    # 0.1's growth (short paths, isolated squares solid) beside the default, same seeds
    seeds = itertools.count()
    p = benchmark.pedantic(
        lambda: tc.numberlink.generate(n, seed=next(seeds), solids=True, long_paths=False),
        rounds=5,
    )
    assert p.touch and p.grid.shape == (n, n)


@pytest.mark.parametrize("n", [10, 15])
@pytest.mark.benchmark(group="generate unique under touch=False (0.1)")
def test_generate_no_touch(benchmark, n):
    seeds = itertools.count()
    p = benchmark(
        lambda: tc.numberlink.generate(n, seed=next(seeds), touch=False, long_paths=False)
    )
    assert not p.touch
