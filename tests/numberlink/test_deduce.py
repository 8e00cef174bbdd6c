"""The deductive solver (``trapcore.numberlink.deduce``): sound under every rule set (checked by a
brute force that lists every solution of tiny boards, and by the complete solver on generated
puzzles), the same answers as its pure-Python twin, its budget, Ctrl-C and its errors."""

from __future__ import annotations

import numpy as np
import pytest
from _sigint import check_traps
from _suite import seeds, size
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from tests.reference.numberlink_deduce import deduce as twin_deduce
from tests.reference.numberlink_rules import brute_solutions, random_grid
from trapcore.numberlink.deduce import GRADES

nl = tc.numberlink
RULES = [(True, True), (True, False), (False, True), (False, False)]


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


@pytest.mark.parametrize("fill, touch", RULES)
def test_kernel_matches_twin(fill: bool, touch: bool) -> None:
    for seed in range(size(60, 600)):
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
    p = nl.generate(8, seed=2)
    full = nl.deduce(p)
    assert full.work > 10
    for budget in (1, 5, full.work // 2):
        d = nl.deduce(p, max_steps=budget)
        assert d.work <= budget and not d.solved and d.grade == "search"
        assert not d.contradiction
    assert nl.deduce(p, max_steps=full.work + 1) == full


def test_record_false_gives_the_same_verdict_without_steps() -> None:
    p = nl.generate(8, seed=3)
    d, quick = nl.deduce(p), nl.deduce(p, record=False)
    assert quick.steps == () and d.steps
    assert (d.solved, d.grade, d.work) == (quick.solved, quick.grade, quick.work)


def test_grades_and_explain() -> None:
    d = nl.deduce([[1, 0, 1], [2, 0, 2]])
    assert (d.solved, d.grade) == (True, "forced")
    assert d.steps[0] == nl.Step("one-exit", 1, ((0, 0), (0, 1)))
    lines = d.explain().splitlines()
    assert lines[0] == "1 at (0, 0)-(0, 1): the only way out of the end of 1"
    corner = nl.deduce([[0, 0], [1, 1]]).steps[0]
    assert corner.explain() == "1 at (0, 0)-(0, 1): (0, 0) has only two neighbours it can join"
    assert len(lines) == len(d.steps) + 1 and "unique" in lines[-1]
    assert repr(d) == "<Deduction solved grade='forced' steps=4 work=8>"
    # no way to join 1 and 2 across each other
    bad = nl.deduce([[1, 2], [2, 1]])
    assert bad.contradiction and not bad.solved and "no solution" in bad.explain()
    # max_grade stops below the grade a puzzle needs
    p = next(p for s in range(50) if (p := nl.generate(6, seed=s)).grade == "trial")
    assert nl.deduce(p, max_grade="regions").grade == "search"
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
    p = nl.generate(size(20, 30), seed=4)
    d = nl.deduce(p)
    check_traps(lambda: nl.deduce(p), d.work)


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
        "# 1 at (0, 0)-(0, 1): the only way out of the end of 1",
    ]
    assert lines[5:] == [
        "# solved by deduction (grade 'forced'): the solution is unique",
        "3 2",
        "111",
        "222",
    ]
    assert_clean_error(run_quick("numberlink", 5, "--explain"), "--explain", "solve")
