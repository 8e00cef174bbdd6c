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

``test_janko_one_solution_each`` times ``solve(limit=1)`` alone on all 270 Janko puzzles;
``test_janko_15_pair_uniqueness`` (slow, minutes) asks the independent SAT models whether the
four 14x24 puzzles whose uniqueness the portfolio leaves open are unique under Flow's rules and
under the no-touch rule.

``test_flow_solver_c`` compares with Matt Zucker's ``flow_solver`` (C, best-first search with
dead-end, stranded-colour and bottleneck pruning; https://github.com/mzucker/flow_solver), built
here at test time from a copy fetched by hand and never kept in this repository: set
``FLOW_SOLVER_SRC`` to its ``flow_solver.c`` (skipped otherwise, and without a C compiler). It finds
one solution (no uniqueness proof), so it is compared with ``solve(limit=1)``, and ``limit=2``
is reported beside it; its CPU time is the child process's.

Run: ``nice pytest bench/test_bench_numberlink_flow.py -s``.
"""

import os
import resource
import shutil
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest
from _suite import PUZZLES

import trapcore as tc

pytest.importorskip("pysat")

ROOT = PUZZLES  # ../shared/puzzles beside the checkout, or TRAPCORE_PUZZLES (tests/_suite.py)
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


@needs_puzzles
@pytest.mark.benchmark(group="Flow rules: one solution of every Janko puzzle")
def test_janko_one_solution_each(benchmark):
    """``solve(limit=1)`` under Flow Free's rules on all 270 Janko puzzles (8x8 to 36x20; the
    SAT models take minutes on some 14x24 ones, so they are not run here): the total and the
    slowest, each solution checked by the rules' checker."""
    puzzles = list(tc.numberlink.read_puzzles(ROOT / "thomasahle" / "janko"))
    times = []
    tc.numberlink.solve(tc.numberlink.generate(6, seed=0).grid, limit=1)  # warm up

    def run():
        times.clear()
        for p in puzzles:
            sols, t = cpu(lambda p=p: tc.numberlink.solve(p.grid, limit=1))
            assert len(sols) == 1 and tc.numberlink.check(p.grid, sols[0])
            times.append(t)

    benchmark.pedantic(run, rounds=1)
    worst = int(np.argmax(times))
    info = {
        "puzzles": len(puzzles),
        "total_cpu_s": round(sum(times), 3),
        "median_ms": round(1000 * float(np.median(times)), 3),
        "worst_ms": round(1000 * times[worst], 3),
        "worst_puzzle": f"{worst} {puzzles[worst].shape}",
    }
    benchmark.extra_info.update(info)
    print(f"\njanko, one solution each: {info}")


@needs_puzzles
@pytest.mark.slow
@pytest.mark.benchmark(group="Flow rules: uniqueness of the 14x24 Janko puzzles with 15 pairs")
def test_janko_15_pair_uniqueness(benchmark):
    """Whether the 14x24 Janko puzzles with 15 pairs (147, 168, 188 and 218 in file order: the
    four whose uniqueness the portfolio left open within its default budget) are unique under
    Flow Free's rules. trapcore's solution (``solve(limit=1)``) is excluded and the independent
    compact SAT model (``reference.numberlink_sat_bits``, CaDiCaL) looks for another, with
    ``NL_JANKO_CONFLICTS`` conflicts a puzzle (default 3,000,000: minutes); one found is
    checked by the rules' checker (the model's last clause makes its paths differ). Each is
    also counted under the no-touch rule by the reference SAT model of every rule set. Prints,
    per puzzle, "two solutions", "unique" or "over budget" with the CPU time, and the no-touch
    count."""
    from reference.numberlink_rules import is_solution
    from reference.numberlink_sat import sat_solutions
    from reference.numberlink_sat_bits import OVER, second_solution

    budget = int(os.environ.get("NL_JANKO_CONFLICTS", 3_000_000))
    puzzles = list(tc.numberlink.read_puzzles(ROOT / "thomasahle" / "janko"))
    picked = [i for i, p in enumerate(puzzles) if p.shape == (14, 24) and p.grid.max() == 15]
    assert picked == [147, 168, 188, 218]
    found: dict[str, str] = {}

    def run():
        for i in picked:
            g = puzzles[i].grid
            first = tc.numberlink.solve(g, limit=1)[0]
            other, t = cpu(lambda g=g, first=first: second_solution(g, first, max_conflicts=budget))
            if other is OVER:
                found[str(i)] = f"over budget ({t:.0f} s)"
            elif other is None:
                found[str(i)] = f"unique ({t:.1f} s)"
            else:
                assert is_solution(g, other, fill=True, touch=True)
                found[str(i)] = f"two solutions ({t:.1f} s)"
            strict = len(sat_solutions(g, touch=False, limit=2))
            found[str(i)] += f"; without touching: {'unique' if strict == 1 else strict}"

    benchmark.pedantic(run, rounds=1)
    benchmark.extra_info.update({"conflicts": budget, **found})
    print(f"\njanko 14x24, 15 pairs, under Flow's rules: {found}")


@pytest.mark.parametrize("n", [10, 15])
@pytest.mark.benchmark(group="Flow rules: trapcore vs SAT model, per puzzle")
def test_generated(benchmark, n):
    grids = [tc.numberlink.generate(n, seed=s).grid for s in range(8)]
    compare(benchmark, f"generated {n}x{n}", grids)


#: BSD's ``mergesort`` (stable), which flow_solver.c calls, for C libraries without it (glibc).
MERGESORT = r"""
#include <stdlib.h>
#include <string.h>
int mergesort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *)) {
    char *a = base, *tmp = malloc(size);
    if (tmp == NULL) return -1;
    for (size_t i = 1; i < n; i++) {
        size_t j = i;
        memcpy(tmp, a + i * size, size);
        while (j > 0 && cmp(a + (j - 1) * size, tmp) > 0) {
            memcpy(a + j * size, a + (j - 1) * size, size);
            j--;
        }
        memcpy(a + j * size, tmp, size);
    }
    free(tmp);
    return 0;
}
"""
FLOW_SOLVER_SRC = os.environ.get("FLOW_SOLVER_SRC", "")
CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


@needs_puzzles
@pytest.mark.skipif(not FLOW_SOLVER_SRC or not CC, reason="FLOW_SOLVER_SRC or a C compiler absent")
@pytest.mark.benchmark(group="Flow rules: trapcore vs flow_solver (C), per puzzle")
def test_flow_solver_c(benchmark, tmp_path):
    src = Path(FLOW_SOLVER_SRC)
    if src.is_dir():
        src = src / "flow_solver.c"
    shim = tmp_path / "mergesort.c"
    shim.write_text(MERGESORT)
    exe = tmp_path / "flow_solver"
    code = "#include <stdlib.h>\nint main(void) { return mergesort == 0; }\n"
    (tmp_path / "probe.c").write_text(code)
    has_mergesort = (
        subprocess.run([CC, "-o", tmp_path / "probe", tmp_path / "probe.c"], capture_output=True)
    ).returncode == 0
    subprocess.run(
        [CC, "-O3", "-w", "-o", exe, src, *([] if has_mergesort else [shim])], check=True
    )
    paths = sorted((ROOT / "flow_solver").glob("*.txt"))
    one, two, counts = [], [], {"solved": 0}
    tc.numberlink.solve(tc.numberlink.generate(6, seed=0).grid, method="sat")  # warm up

    def run():
        for p in paths:
            g = tc.numberlink.Puzzle.from_text(p.read_text()).grid
            before = children_cpu()
            out = subprocess.run([exe, "-q", p], capture_output=True, text=True, check=True)
            t_c = children_cpu() - before
            status = out.stdout.split()[1]
            mine1, t1 = cpu(lambda g=g: tc.numberlink.solve(g, limit=1))
            mine2, t2 = cpu(lambda g=g: tc.numberlink.solve(g, limit=2))
            assert (status == "s") == (len(mine1) == 1)
            counts["solved"] += status == "s"
            one.append(max(t1, 1e-4) / max(t_c, 1e-4))
            two.append(max(t2, 1e-4) / max(t_c, 1e-4))

    benchmark.pedantic(run, rounds=1)
    info = {
        "puzzles": len(paths),
        "flow_solver_solved": counts["solved"],
        "limit1_median_ratio": round(float(np.median(one)), 3),
        "limit1_worst_ratio": round(float(np.max(one)), 3),
        "limit2_median_ratio": round(float(np.median(two)), 3),
        "limit2_worst_ratio": round(float(np.max(two)), 3),
    }
    benchmark.extra_info.update(info)
    print(f"\nflow levels vs flow_solver (C): {info}")
