"""The DA Symposium Algorithm Design Contest's boards of 2015 (issue 25): 17 problems made by the
contest's organisers, 11x12 to 36x36 with 8 to 432 lines, no fill, lines that must not run
beside themselves (``parse_contest`` reads them so), each with the organisers' example answer.

``test_contest_boards`` routes each with ``solve(limit=1)`` (the defaults), writes the contest's
answer text (``contest_text(..., solution=True)``) and has it judged by a twin of the contest's
own checker (``reference.numberlink_contest``, written from the rules of its ``nlcheck.py``; it
shares nothing with trapcore), which accepts the organisers' answers too. It records each board's
CPU time, the search that answered, and the contest's quality figure (1 / (squares used +
corners)) against the organisers' answer's. ``test_contest_boards_before`` (slow, minutes) runs
the schedule as it was before the strict turn came first without fill and before the SAT
model's turn (the router, then the board search and the sweeps by turns), with 10**7 nodes.

The boards are not in this repository: they come with the contest's server code,
https://github.com/dasadc/conmgr (``sample/ADC2015_QA``: ``Q/Q04.txt`` to ``Q/Q20.txt`` and
``A/A04.txt`` to ``A/A20.txt``; ``Q.2016``: the same boards in the format of 2016 on, read
with ``parse_contest_board`` and solved too). Set ``TRAPCORE_ADC2015`` to that folder (skipped
otherwise):

    git clone --depth 1 https://github.com/dasadc/conmgr /tmp/conmgr
    TRAPCORE_ADC2015=/tmp/conmgr/sample/ADC2015_QA pytest bench/test_bench_numberlink_contest.py -s

python-sat (the extra ``sat``) gives the two boards that no path filling the grid solves
(Q15, Q17) to the SAT model; without it they run on the sweeps and the board search.
"""

import os
import time
from pathlib import Path

import numpy as np
import pytest

import trapcore as tc
from trapcore.errors import SearchLimitExceeded

nl = tc.numberlink

FOLDER = Path(os.environ.get("TRAPCORE_ADC2015", "/nonexistent"))
needs_boards = pytest.mark.skipif(
    not (FOLDER / "Q").is_dir(), reason="TRAPCORE_ADC2015 (the contest's boards of 2015) not set"
)


def boards():
    for q in sorted((FOLDER / "Q").glob("Q*.txt")):
        a = FOLDER / "A" / q.name.replace("Q", "A", 1)
        yield q.stem, q.read_text(), a.read_text() if a.is_file() else None


def answer_of(puzzle, solution):
    return nl.contest_text(nl.Puzzle(puzzle.grid, solution, fill=False), solution=True)


@needs_boards
@pytest.mark.benchmark(group="DA Symposium contest 2015: solve(limit=1)")
def test_contest_boards(benchmark):
    from reference.numberlink_contest import accepts, quality

    rows = []

    def run():
        for name, problem, example in boards():
            p = nl.parse_contest(problem, source=name)
            t = time.process_time()
            sols = nl.solve(p.grid, fill=p.fill, touch=p.touch, limit=1)
            took = time.process_time() - t
            assert len(sols) == 1, f"{name}: no route"
            text = answer_of(p, sols[0])
            assert accepts(problem, text), f"{name}: the contest's checker rejects the answer"
            ratio = None
            if example is not None:
                assert accepts(problem, example), f"{name}: the organisers' answer is rejected"
                ratio = round(quality(text) / quality(example), 3)
            rows.append((name, p.grid.shape, int(p.grid.max()), sols.method, round(took, 3), ratio))
            later = FOLDER / "Q.2016" / f"{name}.2016.txt"  # the same board in the later format
            if later.is_file():
                board = nl.parse_contest_board(later.read_text(), source=later.name)
                (labels,) = board.solve(limit=1)
                assert accepts(later.read_text(), nl.contest_answer(board, labels)), later.name

    benchmark.pedantic(run, rounds=1)
    for row in rows:
        print(*row)
    ratios = [r[-1] for r in rows if r[-1] is not None]
    benchmark.extra_info.update(
        {
            "boards": len(rows),
            "routed": len(rows),
            "cpu_s": {r[0]: r[4] for r in rows},
            "answered_by": {r[0]: r[3] for r in rows},
            "quality_vs_organisers_median": float(np.median(ratios)) if ratios else None,
        }
    )


@needs_boards
@pytest.mark.slow
@pytest.mark.benchmark(group="DA Symposium contest 2015: solve(limit=1)")
def test_contest_boards_before(benchmark, monkeypatch):
    from trapcore.numberlink import _portfolio

    schedule = _portfolio.schedule

    def before(task, budget, method="auto"):
        return ((n, u) for n, u in schedule(task, budget, method) if n != "strict")

    monkeypatch.setattr(_portfolio, "schedule", before)
    monkeypatch.setattr(_portfolio, "NO_FILL_SAT_SHARE", 1 << 62)  # no SAT turn
    rows = []

    def run():
        for name, problem, _ in boards():
            p = nl.parse_contest(problem, source=name)
            t = time.process_time()
            try:
                sols = nl.solve(p.grid, fill=p.fill, touch=p.touch, limit=1, max_nodes=10**7)
                what = sols.method
            except SearchLimitExceeded:
                what = "not within 10**7 nodes"
            rows.append((name, what, round(time.process_time() - t, 3)))

    benchmark.pedantic(run, rounds=1)
    for row in rows:
        print(*row)
    benchmark.extra_info["routed"] = sum(r[1] != "not within 10**7 nodes" for r in rows)
