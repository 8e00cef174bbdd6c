"""The proof-number search on threads (solve(..., workers=)): each expansion's children are
evaluated on a pool of native threads (src/common/threads.h), and every position is searched as
with one worker, so the Solution, node count included, is the same for any number of workers;
the pool's threads end with the search; bad counts are refused."""

from __future__ import annotations

import os

import numpy as np
import pytest
from _suite import size
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from trapcore.cat import _pns, hexgrid

_NO_MEMORY = np.zeros(0, np.uint8)  # a fresh table (solve_pns without a memory)


def _starts(count, seed):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(5, 12))
        b = hexgrid.random_board(
            n, n, int(rng.integers(0, n * n // 3)), seed=rng, keep_free=(n // 2, n // 2)
        )
        yield b, (n // 2, n // 2)


def _raw(b, cat, nodes, workers, memory=_NO_MEMORY):
    return _pns.solve_pns(b, *cat, nodes, 20, 1, 0.25, 16, True, memory, workers)


@pytest.mark.slow  # 120 searches; test_same_search_hypothesis below keeps the quick run's check
def test_same_search_on_any_number_of_workers():
    verdicts = set()
    for b, cat in _starts(40, 1):
        one = _raw(b, cat, 3_000, 1)
        verdicts.add(int(one[0]))
        for workers in (2, 8):  # 8: more threads than this machine's cores
            assert _raw(b, cat, 3_000, workers) == one, (b, cat, workers)
    assert verdicts == {int(r) for r in tc.cat._codes.Result}  # wins, losses and unknowns


def test_solve_gives_the_same_solution_on_any_number_of_workers():
    for b, cat in _starts(size(4, 12), 2):
        for method in ("pns", "auto"):
            want = tc.cat.solve(b, cat, max_nodes=5_000, method=method, policy="optimal")
            for workers in (2, -1):
                got = tc.cat.solve(
                    b, cat, max_nodes=5_000, method=method, workers=workers, policy="optimal"
                )
                assert got == want, (b, cat, method, workers)


def test_a_memory_is_filled_the_same_on_threads():
    b = hexgrid.random_board(11, 11, 8, seed=3, keep_free=(5, 5))
    one, two = _pns.new_memory(11, 11, 2_000), _pns.new_memory(11, 11, 2_000)
    assert _raw(b, (5, 5), 2_000, 1, one) == _raw(b, (5, 5), 2_000, 2, two)
    assert np.array_equal(one, two)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_same_search_hypothesis(seed, workers):
    ((b, cat),) = _starts(1, seed)
    assert _raw(b, cat, 1_000, workers) == _raw(b, cat, 1_000, 1)


def _threads():
    return len(os.listdir("/proc/self/task"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs Linux's /proc")
def test_the_pool_ends_with_the_search():
    b = hexgrid.random_board(9, 9, 6, seed=4, keep_free=(4, 4))
    before = _threads()
    for _ in range(size(10, 30)):
        _raw(b, (4, 4), 500, 4)
    assert _threads() == before


@pytest.mark.parametrize("workers", [0, -2, tc.cat.LIMITS.workers + 1])
def test_bad_worker_counts_are_refused(workers):
    with pytest.raises(ValueError, match="workers"):
        tc.cat.solve(np.zeros((5, 5), np.uint8), (2, 2), workers=workers, policy="optimal")


@pytest.mark.parametrize("workers", [1.5, "2", True])
def test_worker_counts_must_be_ints(workers):
    with pytest.raises(TypeError, match="workers"):
        tc.cat.solve(np.zeros((5, 5), np.uint8), (2, 2), workers=workers, policy="optimal")


@pytest.mark.parametrize(
    "threads,runs,max_tasks", [(1, 20_000, 20), (3, size(40_000, 400_000), 60), (7, 3_000, 40)]
)
def test_the_pool_does_every_task_once(threads, runs, max_tasks):
    # the pool itself (src/common/threads.h), with more threads than cores too: every task of
    # every run is done exactly once, before the run returns
    from trapcore import _rng

    assert _rng.pool_stress(threads, runs, max_tasks, np.random.PCG64(threads)) == 0


def test_the_pool_splits_runs_past_its_ticket():
    from trapcore import _rng

    assert _rng.pool_stress(2, 3, 200_000, np.random.PCG64(0)) == 0
