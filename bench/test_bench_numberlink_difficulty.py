"""Does ``Puzzle.difficulty`` measure how hard a puzzle is? It is the kernel's own effort (nodes
per non-solid square of a proof of uniqueness: under the touch rules the lesser of the sweeps'
nodes and the board search's, plus a thousandth of the sweeps'; ``_portfolio.difficulty``);
this compares it, puzzle by puzzle, with the effort of two solvers that share nothing with the
kernel, under Flow Free's rules (the defaults of ``generate``):

- the SAT model: ``trapcore.numberlink.solve(grid, limit=2, method="sat")``, its CaDiCaL
  conflicts (``Solutions.nodes``) and its CPU time (``time.process_time``, one run);
- a human-style solver (``tests/reference/numberlink_human.py``: forced moves to a fixpoint,
  then guesses, depth first), its guesses and its forced moves, with ``limit=2`` (the proof of
  uniqueness, as the difficulty's).

For each size (7, 10, 12, 15; 64 seeds each of ``generate(n, seed=s)``) it reports the Spearman
rank correlation (average ranks for ties, then Pearson's, in numpy) of the difficulty with the SAT
conflicts, the SAT CPU time and the human guesses, and of ``difficulty_level`` (easy, medium,
hard as 0, 1, 2) with the human guesses; for comparison, of the sweeps' nodes per square alone
(``count_nodes(limit=2)``, the difficulty before 0.3, cut off at ``SWEEPS_BUDGET``) with the SAT
conflicts and the guesses;
then the same over all sizes pooled. The figures go to ``extra_info``; ``-s`` prints a table.
``NL_DIFFICULTY_SEEDS=16`` takes 16 seeds a size (quicker, but with 16 puzzles a rank
correlation below about 0.5 may be chance). It asserts only that every correlation is a number:
how strong they are is the finding, recorded in docs/benchmarks.md.

Run: ``nice pytest bench/test_bench_numberlink_difficulty.py -s -m "slow or not slow"``.
"""

from __future__ import annotations

import math
import os
import time

import numpy as np
import pytest

import trapcore as tc
from reference.numberlink_human import GuessLimitExceeded, human_solve
from reference.ranking import spearman

pytest.importorskip("pysat")

nl = tc.numberlink
SIZES = (7, 10, 12, 15)
#: 64 seeds a size; NL_DIFFICULTY_SEEDS=16 (say) measures fewer, sooner
SEEDS = range(int(os.environ.get("NL_DIFFICULTY_SEEDS", 64)))
LEVELS = {"easy": 0, "medium": 1, "hard": 2}
#: each size's rows of figures, kept for the pooled test (which measures what is missing)
MEASURED: dict[int, list[dict[str, float]]] = {}


def cpu(f):
    t = time.process_time()
    out = f()
    return out, time.process_time() - t


#: the sweeps' count is cut off there: the default generator's long paths can need far more (15x15)
SWEEPS_BUDGET = 10**6


def sweeps_nodes(grid) -> int:
    """``count_nodes(limit=2)``, or ``SWEEPS_BUDGET`` when the sweeps need more (censored)."""
    try:
        return nl.count_nodes(grid, limit=2, max_nodes=SWEEPS_BUDGET)
    except tc.errors.SearchLimitExceeded:
        return SWEEPS_BUDGET


#: the human-style solver's guesses are cut off there (a few 15x15 long-path puzzles need more)
MAX_GUESSES = 10**5


def human(grid):
    """``human_solve(limit=2)``; past ``MAX_GUESSES`` the guesses count as that (censored) and
    the solutions as unknown (``None``)."""
    try:
        return human_solve(grid, limit=2, max_guesses=MAX_GUESSES)
    except GuessLimitExceeded:
        return None, MAX_GUESSES, 0


def measure(n: int) -> list[dict[str, float]]:
    """The figures of each puzzle of side ``n`` (one per seed)."""
    rows = []
    for s in SEEDS:
        p = nl.generate(n, seed=s)
        sat, t_sat = cpu(lambda p=p: nl.solve(p.grid, limit=2, method="sat"))
        (sols, guesses, forced), t_human = cpu(lambda p=p: human(p.grid))
        assert len(sat) == 1 and (
            sols is None or (len(sols) == 1 and np.array_equal(sat[0], sols[0]))
        )
        squares = int((p.grid >= 0).sum())
        rows.append(
            {
                "difficulty": p.difficulty,
                "sweeps": sweeps_nodes(p.grid) / squares,
                "level": LEVELS[nl.difficulty_level(p)],
                "sat_conflicts": sat.nodes,
                "sat_cpu_s": t_sat,
                "guesses": guesses,
                "forced": forced,
                "human_cpu_s": t_human,
            }
        )
    return rows


def correlations(rows: list[dict[str, float]]) -> dict[str, float]:
    col = {k: [r[k] for r in rows] for k in rows[0]}
    d = col["difficulty"]
    return {
        "rho_difficulty_sat_conflicts": spearman(d, col["sat_conflicts"]),
        "rho_difficulty_sat_cpu": spearman(d, col["sat_cpu_s"]),
        "rho_difficulty_guesses": spearman(d, col["guesses"]),
        "rho_level_guesses": spearman(col["level"], col["guesses"]),
        "rho_difficulty_forced": spearman(d, col["forced"]),
        "rho_sweeps_sat_conflicts": spearman(col["sweeps"], col["sat_conflicts"]),
        "rho_sweeps_guesses": spearman(col["sweeps"], col["guesses"]),
        "rho_guesses_sat_conflicts": spearman(col["guesses"], col["sat_conflicts"]),
    }


def summary(rows: list[dict[str, float]]) -> dict[str, float]:
    col = {k: np.array([r[k] for r in rows], float) for k in rows[0]}
    return {
        "puzzles": len(rows),
        "median_difficulty": round(float(np.median(col["difficulty"])), 2),
        "median_sat_conflicts": float(np.median(col["sat_conflicts"])),
        "median_guesses": float(np.median(col["guesses"])),
        "max_guesses": int(col["guesses"].max()),
        "zero_guesses": int((col["guesses"] == 0).sum()),
        "sat_cpu_s": round(float(col["sat_cpu_s"].sum()), 3),
        "human_cpu_s": round(float(col["human_cpu_s"].sum()), 3),
    }


HEADER = (
    f"{'n':>6} {'puzzles':>7} {'med d':>7} {'med confl':>9} {'med guess':>9} "
    f"{'rho(d,confl)':>12} {'rho(d,cpu)':>10} {'rho(d,guess)':>12} {'rho(lvl,guess)':>14} "
    f"{'rho(guess,confl)':>16} {'rho(sw,confl)':>13} {'rho(sw,guess)':>13}"
)


def line(name: str, info: dict) -> str:
    return (
        f"{name:>6} {info['puzzles']:>7} {info['median_difficulty']:>7} "
        f"{info['median_sat_conflicts']:>9} {info['median_guesses']:>9} "
        f"{info['rho_difficulty_sat_conflicts']:>12.2f} {info['rho_difficulty_sat_cpu']:>10.2f} "
        f"{info['rho_difficulty_guesses']:>12.2f} {info['rho_level_guesses']:>14.2f} "
        f"{info['rho_guesses_sat_conflicts']:>16.2f} {info['rho_sweeps_sat_conflicts']:>13.2f} "
        f"{info['rho_sweeps_guesses']:>13.2f}"
    )


def report(benchmark, name: str, rows: list[dict[str, float]]) -> dict:
    info = {**summary(rows), **{k: round(v, 3) for k, v in correlations(rows).items()}}
    benchmark.extra_info.update(info)
    print(f"\n{HEADER}\n{line(name, info)}")
    for key, value in info.items():
        # the sweeps' column is censored at SWEEPS_BUDGET, so it may be constant at 15x15
        if key.startswith("rho_") and not key.startswith("rho_sweeps"):
            assert math.isfinite(value), f"{key} is not a number: a constant column"
    return info


def warm_up() -> None:
    """One-time costs (python-sat's module, the first solver made), not a puzzle's."""
    g = nl.generate(6, seed=0).grid
    nl.solve(g, limit=2, method="sat")
    human_solve(g, limit=2)


# 15x15 (and the pooled sizes) cost minutes: the slow runs take them
@pytest.mark.parametrize(
    "n", [pytest.param(n, marks=pytest.mark.slow) if n >= 15 else n for n in SIZES]
)
@pytest.mark.benchmark(group="Numberlink: difficulty against solving effort")
def test_difficulty_per_size(benchmark, n):
    warm_up()
    benchmark.pedantic(lambda: MEASURED.__setitem__(n, measure(n)), rounds=1)
    report(benchmark, str(n), MEASURED[n])


@pytest.mark.slow
@pytest.mark.benchmark(group="Numberlink: difficulty against solving effort")
def test_difficulty_pooled(benchmark):
    """Every size's puzzles together (the sizes measured by the test above are reused)."""
    warm_up()

    def run():
        for n in SIZES:
            if n not in MEASURED:
                MEASURED[n] = measure(n)

    benchmark.pedantic(run, rounds=1)
    rows = [r for n in SIZES for r in MEASURED[n]]
    info = report(benchmark, "pooled", rows)
    assert info["puzzles"] == len(SIZES) * len(SEEDS)
