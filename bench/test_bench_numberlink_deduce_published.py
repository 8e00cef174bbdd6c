"""Numberlink by deduction (``trapcore.numberlink.deduce``) on the published puzzle sets, each
verdict checked by the SAT model (tests/reference/numberlink_sat.py): per set and rule set, the
puzzles solved by deduction (by grade), proven without solution, stalled or out of budget, and the
median and worst CPU milliseconds of one deduction. It fails on any unsound verdict.

The sets are read in place from ../shared/puzzles beside the checkout (or TRAPCORE_PUZZLES) and
never copied; the benchmark skips without them. Run (about 15 CPU minutes, most of it Janko's
large boards): ``nice pytest bench/test_bench_numberlink_deduce_published.py -s``; the table of
docs/benchmarks.md ("Numberlink: deduction on published puzzles") is what ``-s`` prints.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter

import numpy as np
import pytest
from _suite import PUZZLES

import trapcore as tc

pytest.importorskip("pysat")
nl = tc.numberlink
needs_puzzles = pytest.mark.skipif(not PUZZLES.is_dir(), reason="shared puzzle folder absent")
RULES = {"Flow (fill, touch)": (True, True), "no-touch (fill)": (True, False)}
RULES["Nikoli (no fill, no touch)"] = (False, False)
#: deductions a puzzle (``max_steps``); every published puzzle solved takes fewer
BUDGET = 120_000


def published(name: str) -> list[nl.Puzzle]:
    if name == "Janko":
        return list(nl.read_puzzles(PUZZLES / "thomasahle" / "janko"))
    if name == "Flow levels":
        paths = sorted((PUZZLES / "flow_solver").glob("*.txt"))
        return [nl.Puzzle.from_text(p.read_text()) for p in paths]
    folder = PUZZLES / "generated_gen_py"
    return [p for n in (5, 7, 10, 12, 15) for p in nl.read_puzzles(folder / f"gen_{n}.txt")]


@needs_puzzles
@pytest.mark.parametrize("name", ["Flow levels", "gen.py 5-15", "Janko"])
def test_deduce_published(name: str, record_property) -> None:
    from reference.numberlink_sat import sat_solutions

    puzzles = published(name)
    print()
    for rules, (fill, touch) in RULES.items():
        verdicts: Counter[str] = Counter()
        ms, solved_ms = [], []
        for p in puzzles:
            t = time.process_time()
            d = nl.deduce(p.grid, fill=fill, touch=touch, record=False, max_steps=BUDGET)
            ms.append((time.process_time() - t) * 1000)
            if d.solved:
                solved_ms.append(ms[-1])
                sols = sat_solutions(p.grid, fill=fill, touch=touch, limit=2)
                assert len(sols) == 1 and np.array_equal(sols[0], d.solution)
                verdicts[d.grade] += 1
            elif d.contradiction:
                assert sat_solutions(p.grid, fill=fill, touch=touch, limit=1) == []
                verdicts["contradiction"] += 1
            else:
                verdicts["out of budget" if d.work >= BUDGET else "stalled"] += 1
        row = {
            "puzzles": len(puzzles),
            "verdicts": dict(verdicts),
            "median ms": round(statistics.median(ms), 2),
            "median ms solved": round(statistics.median(solved_ms), 2) if solved_ms else None,
            "worst ms": round(max(ms), 1),
        }
        record_property(f"{name} {rules}", row)
        print(f"| {name} | {rules} | {row} |")
