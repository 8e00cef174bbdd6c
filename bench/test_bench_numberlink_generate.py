"""Numberlink generation under the default rules (Flow Free's: fill, touching allowed) against the
published sets: time per size, median path length, share of short paths, solid squares, and
uniqueness confirmed outside trapcore by a SAT model.

* ``test_published``: the published sets in ../shared/puzzles (read in place, skipped when
  absent): per set and size, the median over puzzles of each puzzle's median path length (in
  squares), its range, and the mean share of paths of 3 squares or fewer
  (``trapcore.numberlink.quality.SHORT``). Janko, Flow Free (thomasahle's inputs1) and
  thomasahle's generated 40x20 are measured on the solutions of an independent solver
  (``thomasahle/solutions_go``), the Flow levels on ``flow_solver/solutions_sat``; the paths are
  the connected groups of one letter. ``generated_gen_py`` has no solutions: its mean path length
  (squares / pairs, exact under fill) is given instead.
* ``test_published_unique_under_flow_rules`` (slow, minutes): which Janko puzzles are unique
  under Flow Free's rules (most are not: they are made for the no-touch rule), and the paths of
  those that are and of the others, per size; each verdict checked outside trapcore.
* ``test_generate[prover-n]``: ``generate(n, seed=s, prover=prover)`` for a few seeds at 5, 10,
  15, 20, 30 and 50, with the default (``"search"``: under Flow Free's rules the pieces joined
  while deduction proves the puzzle unique, ``trapcore.numberlink._layout``) and with
  ``"sat"`` (the search with a small budget, then a compact SAT model): CPU seconds per puzzle
  (median and worst), median path length, short share, solid squares;
  every puzzle's uniqueness is confirmed by ``reference.numberlink_sat_bits`` (python-sat,
  CaDiCaL: an edge variable per neighbour pair, log2(K) bits a square for its number, loops cut
  lazily, the generated solution blocked), which stays small at 50 x 50 where the colour-per-
  square model of ``reference.numberlink_sat`` does not.

``-s`` prints every figure; ``extra_info`` holds them in the JSON report. Run:
``nice pytest bench/test_bench_numberlink_generate.py -s`` (``-m "not slow"`` leaves out 30 and
50, which take about a minute and a half together on a busy 2-core machine).
"""

import statistics
import time
from collections import defaultdict

import numpy as np
import pytest
from _suite import PUZZLES

import trapcore as tc
from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink import quality

pytest.importorskip("pysat")

ROOT = PUZZLES  # ../shared/puzzles beside the checkout, or TRAPCORE_PUZZLES (tests/_suite.py)
needs_puzzles = pytest.mark.skipif(not ROOT.is_dir(), reason="shared puzzle folder absent")
SHORT = quality.SHORT


def _groups(rows):
    """Sizes of the connected groups of one letter in a solved letter grid ('.' and '#' skipped)."""
    H, W = len(rows), len(rows[0])
    seen = [[False] * W for _ in range(H)]
    sizes = []
    for r in range(H):
        for c in range(W):
            if seen[r][c] or rows[r][c] in ".#":
                continue
            ch, stack, n = rows[r][c], [(r, c)], 0
            seen[r][c] = True
            while stack:
                a, b = stack.pop()
                n += 1
                for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if 0 <= x < H and 0 <= y < W and not seen[x][y] and rows[x][y] == ch:
                        seen[x][y] = True
                        stack.append((x, y))
            sizes.append(n)
    return sizes


def _blocks(path):
    """(cols, rows, lines) of each ``W H`` block of a solutions file."""
    lines = path.read_text().splitlines()
    i = 0
    while i < len(lines):
        head = lines[i].split()
        if not head or head[0].startswith("#"):
            i += 1
            continue
        w, h = int(head[0]), int(head[1])
        if w == 0:
            return
        yield w, h, lines[i + 1 : i + 1 + h]
        i += 1 + h


def _figures(lengths):
    return statistics.median(lengths), float(np.mean(np.asarray(lengths) <= SHORT))


def published_figures():
    """{(set, 'RxC'): [(median path, short share) per puzzle]} of the solved published sets."""
    out = defaultdict(list)
    for name in ("janko", "inputs1", "inputs9"):
        for w, h, rows in _blocks(ROOT / "thomasahle" / "solutions_go" / f"{name}.solved"):
            out[(name, f"{h}x{w}")].append(_figures(_groups(rows)))
    for path in sorted((ROOT / "flow_solver" / "solutions_sat").glob("*.txt")):
        rows = [line for line in path.read_text().splitlines() if line]
        out[("flow levels", f"{len(rows)}x{len(rows[0])}")].append(_figures(_groups(rows)))
    return out


@needs_puzzles
@pytest.mark.benchmark(group="Numberlink generation vs published sets")
def test_published(benchmark):
    figures = benchmark.pedantic(published_figures, rounds=1)
    table = {}
    for (name, size), rows in sorted(figures.items()):
        med = np.array([m for m, _ in rows])
        short = np.array([s for _, s in rows])
        table[f"{name} {size}"] = {
            "puzzles": len(rows),
            "median_path": float(np.median(med)),
            "median_path_range": [float(med.min()), float(med.max())],
            "short_share_pct": round(100 * float(short.mean()), 1),
        }
    for path in sorted((ROOT / "generated_gen_py").glob("gen_*[0-9].txt")):
        puzzles = list(tc.numberlink.read_puzzles(path))
        means = [float((p.grid >= 0).sum()) / p.numbers for p in puzzles]
        n = puzzles[0].shape[0]
        table[f"gen_py {n}x{n} (mean path, no solutions)"] = {
            "puzzles": len(puzzles),
            "mean_path": round(float(np.median(means)), 1),
        }
    benchmark.extra_info["published"] = table
    print()
    for key, row in table.items():
        print(f"{key:45s} {row}")
    assert table, "no published puzzle measured"


#: Janko's sizes, grouped as in docs/benchmarks.md
JANKO_GROUPS = {
    "8x8-12x12": {(8, 8), (9, 9), (10, 10), (11, 11), (12, 12)},
    "14x14": {(14, 14)},
    "17x17": {(17, 17)},
    "14x24": {(14, 24)},
    "20x36": {(20, 36)},
    "25x25": {(25, 25)},
}


@needs_puzzles
@pytest.mark.slow
@pytest.mark.benchmark(group="Numberlink generation vs published sets")
def test_published_unique_under_flow_rules(benchmark):
    """Which of the 270 Janko puzzles (made for the no-touch rule) are unique under Flow Free's
    rules (``solve(limit=2)``, 10**6 nodes and conflicts a puzzle; those it leaves are counted
    apart), and their paths: the median over puzzles of each puzzle's median path, its range,
    and the mean share of paths of 3 squares or fewer, for the unique ones and for the others.
    Every puzzle found unique is confirmed by the reference SAT model
    (``reference.numberlink_sat``, no budget: minutes in all), each second solution by the
    rules' twin checker."""
    from reference.numberlink_rules import is_solution
    from reference.numberlink_sat import sat_solutions

    puzzles = list(tc.numberlink.read_puzzles(ROOT / "thomasahle" / "janko"))

    def run():
        out = []
        for i, p in enumerate(puzzles, 1):
            try:
                sols = tc.numberlink.solve(p.grid, limit=2, max_nodes=10**6)
            except SearchLimitExceeded:
                out.append((i, p.grid.shape, None, None))
                continue
            lengths = [int((sols[0] == k).sum()) for k in range(1, int(p.grid.max()) + 1)]
            out.append((i, p.grid.shape, len(sols), _figures(lengths)))
            if len(sols) == 1:
                assert len(sat_solutions(p.grid, limit=2)) == 1, f"Janko {i}"
            else:
                assert all(is_solution(p.grid, s) for s in sols), f"Janko {i}"
        return out

    rows = benchmark.pedantic(run, rounds=1)
    table = {}
    for group, shapes in JANKO_GROUPS.items():
        mine = [r for r in rows if tuple(r[1]) in shapes]
        entry = {"puzzles": len(mine), "unsettled": [r[0] for r in mine if r[2] is None]}
        for label, count in (("unique", 1), ("two or more", 2)):
            figs = [r[3] for r in mine if r[2] == count]
            med = np.array([m for m, _ in figs]) if figs else np.zeros(0)
            entry[label] = {
                "puzzles": len(figs),
                "median_path": float(np.median(med)) if figs else None,
                "median_path_range": [float(med.min()), float(med.max())] if figs else None,
                "short_share_pct": round(100 * float(np.mean([sh for _, sh in figs])), 1)
                if figs
                else None,
            }
        table[group] = entry
    benchmark.extra_info["janko_under_flow_rules"] = table
    print()
    for key, row in table.items():
        print(f"{key:10s} {row}")


#: (size, seeds): fewer seeds on the big boards, where one puzzle takes seconds.
SIZES = [(5, 16), (10, 16), (15, 16), (20, 8), (30, 4), (50, 2)]


@pytest.mark.parametrize(
    "n, seeds",
    [pytest.param(n, k, marks=[pytest.mark.slow] if n >= 30 else []) for n, k in SIZES],
)
@pytest.mark.parametrize("prover", ["search", "sat"])
@pytest.mark.benchmark(group="Numberlink generation vs published sets")
def test_generate(benchmark, prover, n, seeds):
    from reference.numberlink_sat_bits import is_unique

    times, medians, shorts, solids, pairs = [], [], [], [], []

    def run():
        for seed in range(seeds):
            t = time.process_time()
            p = tc.numberlink.generate(n, seed=seed, prover=prover)
            times.append(time.process_time() - t)
            q = tc.numberlink.measure(p)
            medians.append(q.median_length)
            shorts.append(q.short_share)
            solids.append(q.solids)
            pairs.append(q.pairs)
            assert tc.numberlink.check(p.grid, p.solution)
            assert is_unique(p.grid, p.solution), (n, seed)

    benchmark.pedantic(run, rounds=1)
    info = {
        "puzzles": seeds,
        "cpu_s_median": round(float(np.median(times)), 4),
        "cpu_s_worst": round(float(max(times)), 4),
        "median_path": float(np.median(medians)),
        "median_path_range": [float(min(medians)), float(max(medians))],
        "short_share_pct": round(100 * float(np.mean(shorts)), 1),
        "pairs_median": float(np.median(pairs)),
        "solid_squares": int(sum(solids)),
        "unique_by_sat": seeds,
    }
    benchmark.extra_info.update(info)
    print(f"\ngenerate({n}, prover={prover!r}) under Flow Free's rules: {info}")
    assert info["solid_squares"] == 0


def _raw_boards(n: int, count: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Raw long-path boards and their solutions, as ``generate(prover="sat")`` starts from."""
    from trapcore.numberlink import _generate

    out = []
    for seed in range(count):
        bitgen = np.random.Generator(np.random.PCG64(seed)).bit_generator
        r = _generate.generate(n, n, bitgen, 3, False, 1, 200, True, True, True, False)
        out.append((r[0], r[1]))
    return out


@pytest.mark.parametrize("impl", ["kernel", "twin"])
@pytest.mark.benchmark(group="Numberlink repair (cut the longest eighth), 15x15, 20 boards")
def test_repair(benchmark, impl):
    # the kernel (trapcore.numberlink._repair) against its twin (reference.numberlink.repair) on
    # the same boards; the results are equal (tests/numberlink/test_generate_sat.py)
    from reference.numberlink import repair as twin
    from trapcore.numberlink import _repair

    boards = _raw_boards(15, 20)
    fn = _repair.repair if impl == "kernel" else twin
    out = benchmark.pedantic(lambda: [fn(g, s, None, 3) for g, s in boards], rounds=3)
    assert all(r is not None for r in out)


@pytest.mark.parametrize("impl", ["kernel-model", "reference-model"])
@pytest.mark.benchmark(group="Numberlink compact SAT check, 15x15, 10 raw boards")
def test_compact_sat_check(benchmark, impl):
    # one uniqueness check of a known solution: the CNF from the kernel (_cnf.bits_clauses, in
    # trapcore.numberlink._sat) against the independent pure-Python model (the same solver,
    # CaDiCaL, answers both): the ratio is the cost of building the model and cutting loops
    from reference.numberlink_sat_bits import second_solution as reference
    from trapcore.numberlink import _sat

    boards = _raw_boards(15, 10)
    if impl == "kernel-model":
        out = benchmark.pedantic(
            lambda: [_sat.second_solution(g, s, 10**6)[0] for g, s in boards], rounds=1
        )
        assert all(v is not None for v in out)
    else:
        out = benchmark.pedantic(lambda: [reference(g, s) is None for g, s in boards], rounds=1)
    assert len(out) == len(boards)
