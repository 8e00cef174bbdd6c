"""Numberlink by deduction (``trapcore.numberlink.deduce``) on generated puzzles under Flow Free's
rules: the kernel against its pure-Python twin (``tests/reference/numberlink_deduce.py``), and
against the complete solver's proof of uniqueness (``solve(grid, limit=2)``, the sweeps and the
portfolio behind them), per size; and how many puzzles each grade solves.

* ``test_kernel[n]``, ``test_twin[n]`` (7 and 10 only: the twin is slow),
  ``test_complete_solver[n]``: the time to settle ``SEEDS`` puzzles of side n (``generate(n,
  seed=s)``), with ``record=False`` for the kernel (the generator's call);
* ``test_grades``: per size, the puzzles each grade solved (``"search"``: deduction stalled),
  the median and worst milliseconds and the median work (deductions) of one deduction, asserting
  that every solved puzzle's solution is the generated one.

``-s`` prints the figures; ``extra_info`` keeps them. Run:
``nice pytest bench/test_bench_numberlink_deduce.py -s`` (about a minute on a busy 2-core
machine; ``NL_DEDUCE_SEEDS=40`` for the figures of docs/benchmarks.md).
"""

from __future__ import annotations

import os
import statistics
import time
from collections import Counter
from functools import cache

import numpy as np
import pytest

import trapcore as tc
from reference.numberlink_deduce import deduce as twin_deduce

nl = tc.numberlink
SIZES = (7, 10, 15, 20, 30)
SEEDS = range(int(os.environ.get("NL_DEDUCE_SEEDS", 10)))


@cache
def puzzles(n: int) -> tuple[nl.Puzzle, ...]:
    return tuple(nl.generate(n, seed=s) for s in SEEDS)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="numberlink deduce")
def test_kernel(benchmark, n: int) -> None:
    ps = puzzles(n)
    out = benchmark.pedantic(lambda: [nl.deduce(p, record=False) for p in ps], rounds=3)
    assert not any(d.contradiction for d in out)


@pytest.mark.parametrize("n", (7, 10))
@pytest.mark.benchmark(group="numberlink deduce")
def test_twin(benchmark, n: int) -> None:
    ps = puzzles(n)
    out = benchmark.pedantic(lambda: [twin_deduce(p.grid, record=False) for p in ps], rounds=1)
    assert [d["grade"] for d in out] == [nl.deduce(p).grade for p in ps]


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.benchmark(group="numberlink deduce")
def test_complete_solver(benchmark, n: int) -> None:
    ps = puzzles(n)
    out = benchmark.pedantic(lambda: [len(nl.solve(p.grid, limit=2)) for p in ps], rounds=1)
    assert set(out) == {1}


def test_grades(record_property) -> None:
    print()
    for n in SIZES:
        grades: Counter[str] = Counter()
        times, work = [], []
        for p in puzzles(n):
            t = time.perf_counter()
            d = nl.deduce(p, record=False)
            times.append((time.perf_counter() - t) * 1000)
            work.append(d.work)
            grades[d.grade] += 1
            if d.solved:
                assert np.array_equal(d.solution, p.solution)
        row = {
            "grades": dict(grades),
            "median_ms": round(statistics.median(times), 2),
            "worst_ms": round(max(times), 2),
            "median_work": int(statistics.median(work)),
        }
        record_property(f"{n}x{n}", row)
        print(f"{n}x{n}: {row}")
