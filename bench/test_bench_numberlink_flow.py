"""Numberlink under Flow Free's rules (fill, a path may run beside itself: the defaults) on real and
generated puzzles: trapcore's ``solve(limit=2)`` (the portfolio: the sweeps, then the SAT fallback)
against the reference SAT model of the same rules (``reference.numberlink_sat``: python-sat,
CaDiCaL 1.5.3, a colour per square, an edge per neighbour pair, loops cut lazily), puzzle by
puzzle, in the same run. Both prove the same thing: the first solution and whether a second exists.

Each test times both on every puzzle of its set (CPU seconds) and records in ``extra_info`` the
median and the worst ratio trapcore / SAT, and how many puzzles each search of the portfolio
answered; ``-s`` prints them. The real sets come from ../shared/puzzles (skipped when absent):
the 29 Flow levels, and every 6th Janko puzzle up to 17x17 (41 of 270; ``NL_BENCH_ALL=1`` runs
all 270, 8x8 to 36x20, which takes both sides hours: some 14x24 puzzles take either SAT model
minutes).

Run: ``nice pytest bench/test_bench_numberlink_flow.py -s``.
"""

import os
import time
from pathlib import Path

import numpy as np
import pytest

import trapcore as tc

pytest.importorskip("pysat")

ROOT = Path(__file__).resolve().parents[1].parent / "shared" / "puzzles"
needs_puzzles = pytest.mark.skipif(not ROOT.is_dir(), reason="shared puzzle folder absent")


def cpu(f):
    t = time.process_time()
    out = f()
    return out, time.process_time() - t


def compare(benchmark, name, grids):
    """Solve each grid with trapcore and the SAT model; record the ratios."""
    from reference.numberlink_sat import sat_solutions

    ratios, methods, ours_total, sat_total = [], {}, 0.0, 0.0
    # warm both sides up first (imports, python-sat's module, the first solver made): one-time
    # costs, not a puzzle's
    warm = tc.numberlink.generate(6, seed=0).grid
    tc.numberlink.solve(warm, method="sat")
    sat_solutions(warm, limit=2)

    def run():
        nonlocal ours_total, sat_total
        for g in grids:
            mine, t_ours = cpu(lambda g=g: tc.numberlink.solve(g, limit=2))
            ref, t_sat = cpu(lambda g=g: sat_solutions(g, limit=2))
            assert len(mine) == len(ref)
            ratios.append(max(t_ours, 1e-4) / max(t_sat, 1e-4))
            methods[mine.method] = methods.get(mine.method, 0) + 1
            ours_total += t_ours
            sat_total += t_sat

    benchmark.pedantic(run, rounds=1)
    r = np.array(ratios)
    info = {
        "puzzles": len(grids),
        "median_ratio": round(float(np.median(r)), 3),
        "worst_ratio": round(float(r.max()), 3),
        "trapcore_cpu_s": round(ours_total, 3),
        "sat_cpu_s": round(sat_total, 3),
        "answered_by": methods,
    }
    benchmark.extra_info.update(info)
    print(f"\n{name}: {info}")


@needs_puzzles
@pytest.mark.benchmark(group="Flow rules: trapcore vs SAT model, per puzzle")
def test_flow_levels(benchmark):
    paths = sorted((ROOT / "flow_solver").glob("*.txt"))
    grids = [tc.numberlink.Puzzle.from_text(p.read_text()).grid for p in paths]
    compare(benchmark, "flow levels", grids)


@needs_puzzles
@pytest.mark.slow
@pytest.mark.benchmark(group="Flow rules: trapcore vs SAT model, per puzzle")
def test_janko(benchmark):
    puzzles = list(tc.numberlink.read_puzzles(ROOT / "thomasahle" / "janko"))
    if os.environ.get("NL_BENCH_ALL"):
        compare(benchmark, "janko (all)", [p.grid for p in puzzles])
        return
    picked = [p.grid for p in puzzles[::6] if max(p.shape) <= 17]
    compare(benchmark, "janko (every 6th, up to 17x17)", picked)


@pytest.mark.parametrize("n", [10, 15])
@pytest.mark.benchmark(group="Flow rules: trapcore vs SAT model, per puzzle")
def test_generated(benchmark, n):
    grids = [tc.numberlink.generate(n, seed=s).grid for s in range(8)]
    compare(benchmark, f"generated {n}x{n}", grids)
