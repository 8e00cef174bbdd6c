"""The deductive solver (``trapcore.numberlink.deduce``): sound under every rule set (checked by a
brute force that lists every solution of tiny boards, and by the complete solver on generated
puzzles), the same answers as its pure-Python twin, its budget, Ctrl-C and its errors."""

from __future__ import annotations

import numpy as np
import pytest
from _sigint import POLL_UNITS, check_traps, count_polls
from _suite import seeds, size
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from tests.reference.numberlink_deduce import deduce as twin_deduce
from tests.reference.numberlink_rules import brute_solutions, random_grid
from trapcore.numberlink.deduce import GRADES, WORK_PER_SQUARE

nl = tc.numberlink
RULES = [(True, True), (True, False), (False, True), (False, False)]
# two puzzles of the generator (6x6 seed 3, 8x8 seed 2, before 0.3's generator), graded "trial"
TRIAL_6 = np.array(
    [[1, 0, 1, 2, 0, 2], [3, 4, 0, 0, 0, 0], [0, 0, 0, 0, 5, 0], [6, 0, 0, 0, 0, 0],
     [0, 0, 4, 0, 0, 0], [6, 0, 0, 0, 5, 3]], np.int16)  # fmt: skip
TRIAL_8 = np.array(
    [[1, 2, 0, 0, 0, 0, 0, 0], [0, 0, 0, 3, 4, 0, 4, 0], [0, 0, 5, 0, 0, 0, 0, 0],
     [0, 0, 6, 1, 0, 0, 0, 0], [0, 0, 0, 3, 0, 0, 0, 0], [0, 0, 0, 6, 0, 0, 0, 0],
     [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 5, 2]], np.int16)  # fmt: skip


def tiny(seed: int) -> np.ndarray:
    """A random board of 2x2 to 4x5 squares, 1 to 4 pairs, up to 2 solids."""
    rng = np.random.default_rng(seed)
    rows, cols = int(rng.integers(2, 5)), int(rng.integers(2, 6))
    return random_grid(rng, rows, cols, int(rng.integers(1, 5)), int(rng.integers(0, 3)))


def consistent(step: nl.Step, sol: np.ndarray) -> bool:
    """Does ``sol`` (a brute-force solution) agree with ``step``? Two squares joined share a
    path (its number when the step names one); a square given a number has it."""
    values = [int(sol[cell]) for cell in step.squares]
    if step.rule == "trial-off":
        return True  # an edge kept apart: the colours alone cannot show it (see the edges test)
    if len(values) == 2 and (values[0] != values[1] or values[0] <= 0):
        return False
    return step.number == 0 or values[0] == step.number


@pytest.mark.parametrize("fill, touch", RULES)
def test_sound_on_tiny_boards(fill: bool, touch: bool) -> None:
    # solved: exactly one solution, the one found; contradiction: none; and every step made,
    # solved or not, holds in every solution (nothing sound rules out a real solution)
    verdicts = set()
    for seed in range(size(150, 1500)):
        g = tiny(seed)
        sols = brute_solutions(g, fill=fill, touch=touch, limit=50)
        d = nl.deduce(g, fill=fill, touch=touch)
        verdicts.add((d.solved, d.contradiction))
        if d.solved:
            assert len(sols) == 1 and np.array_equal(sols[0], d.solution), (g, sols)
            assert d.grade in GRADES
        else:
            assert d.grade == "search" and d.solution is None
        if d.contradiction:
            assert sols == [], g
        for sol in sols:
            assert all(consistent(s, sol) for s in d.steps), (g, d.steps, sol)
    assert {(True, False), (False, True)} <= verdicts


def test_edges_kept_apart_are_apart_in_every_solution() -> None:
    # "trial-off" steps: the two squares are never consecutive on a path (Flow's rules, where
    # the brute force's solutions are read as paths by the complete solver's own check)
    found = 0
    for seed in range(size(300, 3000)):
        g = tiny(seed)
        d = nl.deduce(g, fill=False, touch=False)
        offs = [s.squares for s in d.steps if s.rule == "trial-off"]
        if not offs:
            continue
        found += 1
        for sol in brute_solutions(g, fill=False, touch=False, limit=50):
            # without touch, two adjacent squares of one path are consecutive on it
            assert all(sol[a] != sol[b] or sol[a] == 0 for a, b in offs), (g, offs, sol)
    assert found


@pytest.mark.parametrize("seed", seeds(6, 40))
def test_generated_puzzles_solved_are_unique(seed: int) -> None:
    for n, fill, touch in ((5, True, True), (6, True, True), (6, False, False), (7, True, False)):
        p = nl.generate(n, seed=seed, fill=fill, touch=touch)
        d = nl.deduce(p)
        assert not d.contradiction
        if d.solved:
            assert nl.check(p.grid, d.solution, fill=fill, touch=touch)
            assert len(nl.solve(p.grid, fill=fill, touch=touch, limit=2)) == 1
            assert np.array_equal(d.solution, p.solution)
            assert not d.solution.flags.writeable


def twin_agrees(g: np.ndarray, fill: bool, touch: bool, max_grade: str = "trial") -> None:
    d = nl.deduce(g, fill=fill, touch=touch, max_grade=max_grade)
    t = twin_deduce(g, fill=fill, touch=touch, max_grade=max_grade)
    assert (d.solved, d.grade, d.contradiction) == (t["solved"], t["grade"], t["contradiction"])
    if d.solved:
        assert np.array_equal(d.solution, t["solution"])
    # the same rules in the same order: the same steps, one for one, and the same work
    assert d.steps == t["steps"] and d.work == t["work"]
    # work counts the loops: the twin's iterations, counted apart, stay within a factor of it
    assert t["ops"] <= 8 * t["work"]


@pytest.mark.parametrize("fill, touch", RULES)
def test_kernel_matches_twin(fill: bool, touch: bool) -> None:
    for seed in range(size(60, 300)):
        rng = np.random.default_rng(seed)
        rows, cols = int(rng.integers(2, 8)), int(rng.integers(2, 8))
        g = random_grid(rng, rows, cols, int(rng.integers(1, 8)), int(rng.integers(0, 4)))
        for max_grade in ("forced", "regions", "trial"):
            twin_agrees(g, fill, touch, max_grade)


@pytest.mark.parametrize("seed", seeds(4, 30))
def test_kernel_matches_twin_on_generated(seed: int) -> None:
    for n in (5, 7):
        p = nl.generate(n, seed=seed)
        twin_agrees(p.grid, True, True)


@settings(max_examples=size(40, 300), deadline=None)
@given(
    st.integers(2, 6),
    st.integers(2, 6),
    st.integers(1, 6),
    st.integers(0, 3),
    st.integers(0, 2**32 - 1),
    st.sampled_from(RULES),
)
def test_kernel_matches_twin_hypothesis(rows, cols, pairs, solids, seed, rules) -> None:
    g = random_grid(np.random.default_rng(seed), rows, cols, pairs, solids)
    twin_agrees(g, *rules)


def test_many_numbers_span_several_colour_words() -> None:
    # 150 paths, numbered sparsely: the colour sets take three words
    g = np.zeros((2, 150), np.int16)
    g[0, :] = g[1, :] = 3 * np.arange(1, 151)
    d = nl.deduce(g)
    assert d.solved and d.grade == "forced" and np.array_equal(d.solution, g)
    g[:, 149] = [449, 450]  # 449 and 450 once each: invalid
    with pytest.raises(ValueError, match="puzzle"):
        nl.deduce(g)


def test_max_steps_is_respected() -> None:
    p = nl.Puzzle(TRIAL_8)
    full = nl.deduce(p)
    assert full.solved and full.grade == "trial"
    assert full.work > 10
    for budget in (1, 5, full.work // 2):
        d = nl.deduce(p, max_steps=budget)
        assert budget <= d.work < budget + 3 * p.grid.size
        assert d.exhausted and not d.solved and d.grade == "search" and not d.contradiction
        assert "out of budget" in d.explain() and "exhausted" in repr(d)
    assert nl.deduce(p, max_steps=full.work + 1) == full


def stalling_board(n: int) -> np.ndarray:
    """Three pairs on an open n x n board: not unique, so deduction stalls, after region searches
    (each a scan of the board) in trial after trial that decide nothing."""
    g = np.zeros((n, n), np.int16)
    g[0, 0] = g[n - 1, n - 1] = 1
    g[0, n - 1] = g[n - 1, 0] = 2
    g[n // 2, 3] = g[n // 2, n - 4] = 3
    return g


def test_budget_bounds_the_searches() -> None:
    # the twin's loop iterations (ops, counted apart from work) stay within a constant factor
    # of max_steps at every budget, and the kernel stops at the same work
    g = stalling_board(12)
    full = twin_deduce(g)
    assert not full["solved"] and not full["exhausted"] and full["ops"] <= 8 * full["work"]
    for budget in (100, 5_000, full["work"] // 3):
        t = twin_deduce(g, max_steps=budget)
        d = nl.deduce(g, max_steps=budget)
        assert t["exhausted"] and d.exhausted and d.work == t["work"]
        assert budget <= t["work"] < budget + 3 * g.size and t["ops"] <= 8 * t["work"]


def test_budget_bounds_the_polls_on_a_large_board() -> None:
    # a board that stalls after tens of millions of units of work: the kernel's polls (one per
    # POLL_UNITS of work) show that a budget bounds what it does, whatever the board
    g = stalling_board(size(30, 40))
    budget = 1 << 20
    d, polls = count_polls(lambda: nl.deduce(g, max_steps=budget, record=False))
    assert d.exhausted and not d.solved and d.grade == "search"
    assert budget <= d.work < budget + 3 * g.size
    assert polls == d.work // POLL_UNITS
    # the default budget: WORK_PER_SQUARE units a square
    assert nl.deduce(g, record=False) == nl.deduce(
        g, record=False, max_steps=WORK_PER_SQUARE * g.size
    )


def test_record_false_gives_the_same_verdict_without_steps() -> None:
    p = nl.Puzzle(TRIAL_8)
    d, quick = nl.deduce(p), nl.deduce(p, record=False)
    assert quick.steps == () and d.steps
    assert (d.solved, d.grade, d.work) == (quick.solved, quick.grade, quick.work)


def test_grades_and_explain() -> None:
    d = nl.deduce([[1, 0, 1], [2, 0, 2]])
    assert (d.solved, d.grade) == (True, "forced")
    assert d.steps[0] == nl.Step("one-exit", 1, ((0, 0), (0, 1)))
    lines = d.explain().splitlines()
    assert lines[0] == "1 at (0, 0)-(0, 1): the only way out of (0, 0)"
    corner = nl.deduce([[0, 0], [1, 1]]).steps[0]
    assert corner.explain() == "1 at (0, 0)-(0, 1): (0, 0) has only two neighbours it can join"
    assert len(lines) == len(d.steps) + 1 and "unique" in lines[-1]
    assert repr(d) == "<Deduction solved grade='forced' steps=4 work=37>"
    # no way to join 1 and 2 across each other
    bad = nl.deduce([[1, 2], [2, 1]])
    assert bad.contradiction and not bad.solved and "no solution" in bad.explain()
    # max_grade stops below the grade a puzzle needs
    p = nl.Puzzle(TRIAL_6)
    assert p.grade == "trial" and nl.deduce(p, max_grade="regions").grade == "search"
    assert p.explain() == nl.deduce(p).explain()


def test_puzzle_rules_are_the_default() -> None:
    g = np.array([[1, 0, 0, 1]], np.int16)
    assert nl.deduce(nl.Puzzle(g, fill=False)).solution.tolist() == [[1, 1, 1, 1]]
    assert nl.deduce(g, fill=False).solved
    # a grid's default is Flow Free's rules, under which the 2x2 block needs a turn it cannot
    # make without running beside itself: solvable with touch only
    g2 = np.array([[1, 0], [0, 0], [0, 1]], np.int16)
    assert nl.deduce(g2).solved
    assert nl.deduce(g2, touch=False).contradiction


def test_ctrl_c_is_polled() -> None:
    # each row a path of its own: n * n squares lose n numbers one by one, a poll every 2**14
    n = size(60, 80)
    g = np.zeros((n, n), np.int16)
    g[:, 0] = g[:, n - 1] = np.arange(1, n + 1)
    d = nl.deduce(g)
    assert d.solved and d.work > 2 * 2**14
    check_traps(lambda: nl.deduce(g), d.work)


def test_bad_input_names_the_argument() -> None:
    g = np.zeros((2, 2), np.int16)
    with pytest.raises(ValueError, match="max_grade"):
        nl.deduce(g, max_grade="guess")
    with pytest.raises(TypeError, match="fill"):
        nl.deduce(g, fill="yes")
    with pytest.raises(ValueError, match="max_steps"):
        nl.deduce(g, max_steps=0)
    with pytest.raises(TypeError, match="record"):
        nl.deduce(g, record=1)
    with pytest.raises(ValueError, match="puzzle"):
        nl.deduce(np.zeros((2, 2, 2), np.int16))
    with pytest.raises(ValueError, match="puzzle"):
        nl.deduce([[1, 0, 0]])
    with pytest.raises(ValueError, match="deduce"):
        nl.deduce(nl.hex_board(np.array([[1, 0], [0, 1]])))


def test_cli_solve_explain(tmp_path) -> None:
    from cli.cli_helpers import assert_clean_error, run_quick

    (tmp_path / "p.txt").write_text("3 2\n1.1\n2.2\n")
    proc = run_quick("numberlink", "solve", tmp_path / "p.txt", "--explain")
    lines = proc.stdout.splitlines()
    assert proc.returncode == 0
    assert lines[:2] == [
        "# puzzle 1: 3 x 2, unique",
        "# 1 at (0, 0)-(0, 1): the only way out of (0, 0)",
    ]
    assert lines[5:] == [
        "# solved by deduction (grade 'forced'): the solution is unique",
        "3 2",
        "111",
        "222",
    ]
    assert_clean_error(run_quick("numberlink", 5, "--explain"), "--explain", "solve")


@pytest.mark.shared_puzzles
def test_flow_levels_by_deduction() -> None:
    # the 28 Flow levels under fill and no-touch (their SAT solutions, made outside trapcore,
    # are unique under those rules): every one solved by deduction, as the published solution;
    # the level without solution refuted. Under Flow's own rules a solved level is one whose
    # uniqueness the complete solver confirms.
    from _suite import PUZZLES

    paths = sorted((PUZZLES / "flow_solver").glob("*.txt"))
    assert len(paths) == 29
    for path in paths:
        p = nl.Puzzle.from_text(path.read_text())
        d = nl.deduce(p.grid, touch=False, record=False)
        if path.stem == "unsolvable_cross":
            assert d.contradiction
            continue
        rows = (PUZZLES / "flow_solver" / "solutions_sat" / path.name).read_text().split()
        letters = np.array([list(r) for r in rows])
        assert d.solved and d.solution.shape == letters.shape, path.stem
        pairs = set(zip(d.solution.ravel().tolist(), letters.ravel().tolist()))
        assert len(pairs) == len(np.unique(letters)), path.stem
        if path.stem.startswith("regular"):
            flow = nl.deduce(p.grid, record=False)
            assert flow.solved and len(nl.solve(p.grid, limit=2)) == 1


def test_input_forms_give_one_answer() -> None:
    # a list, a read-only array, a non-contiguous view, another integer dtype: the same deduction
    g = np.ascontiguousarray(TRIAL_6)
    want = nl.deduce(g)
    ro = g.copy()
    ro.flags.writeable = False
    wide = np.zeros((6, 12), np.int64)
    wide[:, ::2] = g
    for form in (g.tolist(), ro, wide[:, ::2], g.astype(np.int32), nl.Puzzle(g)):
        d = nl.deduce(form)  # (equality leaves out the solution array)
        assert d == want and np.array_equal(d.solution, want.solution)
    with pytest.raises(TypeError, match="puzzle"):
        nl.deduce(g.astype(np.float64))


def test_threads_share_nothing() -> None:
    # the kernel runs without the GIL on its own scratch: four threads, the same answers
    from concurrent.futures import ThreadPoolExecutor

    grids = [TRIAL_6, TRIAL_8] + [tiny(s) for s in range(30)]
    want = [nl.deduce(g) for g in grids]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(nl.deduce, grids * 3)) == want * 3
