"""Numberlink's rules (fill, touch): the solver and the exact count against a brute-force twin
and a SAT model under every rule set, the checker against an independent one, rules on Puzzle
and in its text files."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.numberlink_rules import _STEPS, brute_solutions, is_solution, random_grid
from trapcore import errors as tc_errors
from trapcore import numberlink as nl

RULES = [(True, True), (True, False), (False, True), (False, False)]


def key(solutions):
    return sorted(np.asarray(s, np.int16).tobytes() for s in solutions)


def agree(g, fill, touch):
    brute = brute_solutions(g, fill=fill, touch=touch)
    mine = nl.solve(g, fill=fill, touch=touch, limit=5000)
    assert key(mine) == key(brute), (g.tolist(), fill, touch)
    assert nl.count(g, fill=fill, touch=touch) == len(brute)
    for s in mine:
        assert is_solution(g, s, fill=fill, touch=touch)
        assert nl.check(g, s, fill=fill, touch=touch)
    return brute


@pytest.mark.parametrize("fill, touch", RULES)
@pytest.mark.parametrize("seed", range(60))
def test_solver_and_count_match_brute_force(seed, fill, touch):
    rng = np.random.default_rng(seed)
    rows, cols = (int(v) for v in rng.integers(2, 5, 2))
    g = random_grid(rng, rows, cols, int(rng.integers(1, 4)), int(rng.integers(0, 3)))
    agree(g, fill, touch)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 4),
    st.integers(2, 5),
    st.integers(1, 3),
    st.integers(0, 2),
    st.integers(0, 2**32 - 1),
    st.sampled_from(RULES),
)
def test_solver_matches_brute_force_hypothesis(rows, cols, pairs, solids, seed, rules):
    g = random_grid(np.random.default_rng(seed), rows, cols, pairs, solids)
    agree(g, *rules)


def test_rule_sets_differ_where_they_should():
    # a U-turn beside itself: allowed under touch=True only
    g = [[1, 0], [1, 0]]
    assert [s.tolist() for s in nl.solve(g)] == [[[1, 1], [1, 1]]]
    assert nl.solve(g, touch=False) == []
    # without fill the straight link is the one solution
    assert key(nl.solve(g, fill=False)) == key([[[1, 0], [1, 0]], [[1, 1], [1, 1]]])
    assert [s.tolist() for s in nl.solve(g, fill=False, touch=False)] == [[[1, 0], [1, 0]]]
    assert nl.solve([[0]]) == [] and [s.tolist() for s in nl.solve([[0]], fill=False)] == [[[0]]]


@pytest.mark.parametrize(
    "n, paths, hamiltonian",
    [
        (3, 12, 2),
        (4, 184, 0),
        (5, 8512, 104),
        (6, 1262816, 0),
        (7, 575780564, 111712),
        (8, 789360053252, 0),
    ],
)
def test_count_is_exact_where_enumeration_is_hopeless(n, paths, hamiltonian):
    # one pair in opposite corners of an empty n x n board: without fill the solutions are the
    # self-avoiding paths corner to corner (OEIS A007764), with fill the Hamiltonian ones
    # (OEIS A000532 at odd n; none at even n, by parity); touch=False leaves only the paths
    # that never run beside themselves, fewer. The touch rules count by the frontier memo.
    g = np.zeros((n, n), np.int16)
    g[0, 0] = g[-1, -1] = 1
    assert nl.count(g, fill=False) == paths
    assert nl.count(g) == hamiltonian
    if n <= 4:
        assert nl.count(g, fill=False) == len(brute_solutions(g, fill=False))
        assert nl.count(g, fill=False, touch=False) == len(
            brute_solutions(g, fill=False, touch=False)
        )
    if n <= 6:  # no-touch counting enumerates
        assert nl.count(g, fill=False, touch=False) < paths


def test_count_budget_and_overflow():
    g = np.zeros((10, 10), np.int16)  # 1.6 * 10**24 self-avoiding paths (OEIS A007764)
    g[0, 0] = g[-1, -1] = 1
    h = np.zeros((9, 9), np.int16)
    h[0, 0] = h[-1, -1] = 1
    assert nl.count(h, fill=False) == 3266598486981642
    with pytest.raises(OverflowError, match="2\\*\\*62"):
        nl.count(g, fill=False, max_nodes=None)
    with pytest.raises(tc_errors.SearchLimitExceeded, match="count: .*max_nodes=50 "):
        nl.count(g, fill=False, max_nodes=50)


def test_check_under_touch_needs_a_thread_through_every_square():
    g = [[1, 0, 0], [0, 0, 0], [0, 0, 1]]
    s = np.ones((3, 3), np.int16)
    assert nl.check(g, s)  # a snake through all nine squares exists
    with pytest.raises(ValueError, match="expected exactly 1"):
        nl.check(g, s, touch=False)
    g2 = [[1, 0, 1], [0, 0, 0]]  # endpoints on one colour of the checkerboard, 6 squares
    with pytest.raises(ValueError, match="cannot be one chain"):
        nl.check(g2, np.ones((2, 3), np.int16))
    with pytest.raises(ValueError, match="empty"):
        nl.check([[1, 0, 1]], [[1, 0, 1]])
    with pytest.raises(ValueError):
        nl.check([[1, 0, 1]], [[1, 0, 1]], fill=False)  # the path is broken
    assert nl.check([[1, 1, 0]], [[1, 1, 0]], fill=False)


@pytest.mark.parametrize("name", ["fill", "touch"])
@pytest.mark.parametrize("func", ["solve", "count", "count_nodes", "generate", "Puzzle"])
def test_rules_must_be_bools(func, name):
    f = getattr(nl, func)
    arg = 5 if func == "generate" else [[1, 1]]
    with pytest.raises(TypeError, match=name):
        f(arg, **{name: 1})
    with pytest.raises(TypeError, match=name):
        nl.check([[1, 1]], [[1, 1]], **{name: "yes"})


def test_puzzle_records_its_rules_in_repr_pickle_and_text(tmp_path):
    import pickle

    p = nl.Puzzle([[1, 0], [1, 0]], fill=False, touch=False)
    assert (p.fill, p.touch) == (False, False)
    assert repr(p) == "<Puzzle 2x2 numbers=1 fill=False touch=False>"
    assert [s.tolist() for s in p.solve()] == [[[1, 0], [1, 0]]]
    assert p.count() == 1 and nl.Puzzle(p.grid).count() == 1
    q = pickle.loads(pickle.dumps(p))
    assert (q.fill, q.touch) == (False, False) and q == p
    assert p != nl.Puzzle(p.grid)
    text = p.to_text()
    assert text.splitlines()[0] == "# rules: fill=false touch=false"
    r = nl.Puzzle.from_text(text)
    assert (r.fill, r.touch) == (False, False) and r == p
    # defaults: no marker written, and a file without one reads with Flow's rules
    d = nl.Puzzle([[1, 0], [1, 0]])
    assert d.to_text() == "2 2\n1.\n1.\n"
    assert nl.Puzzle.from_text("2 2\n1.\n1.\n") == d
    with pytest.raises(ValueError, match="flow"):
        p.to_text(style="flow")
    path = tmp_path / "mixed.txt"
    nl.write_puzzles(path, [p, d, nl.Puzzle([[1, 1]], touch=False)])
    back = list(nl.read_puzzles(path))
    assert [(b.fill, b.touch) for b in back] == [(False, False), (True, True), (True, False)]
    with pytest.raises(ValueError, match="line 1"):
        nl.Puzzle.from_text("# rules: fill=maybe\n1 1\n.\n")
    with pytest.raises(ValueError, match="breaks|touching|neighbours"):
        nl.Puzzle([[1, 0], [1, 0]], [[1, 1], [1, 1]], touch=False)


@pytest.mark.parametrize("fill, touch", RULES)
def test_generated_puzzles_are_unique_under_their_rules(fill, touch):
    for seed in range(6):
        p = nl.generate(4, seed=seed, fill=fill, touch=touch)
        assert (p.fill, p.touch) == (fill, touch)
        assert nl.check(p.grid, p.solution, fill=fill, touch=touch)
        assert is_solution(p.grid, p.solution, fill=fill, touch=touch)
        sols = brute_solutions(p.grid, fill=fill, touch=touch, limit=2)
        assert len(sols) == 1 and np.array_equal(sols[0], p.solution)


@pytest.mark.parametrize("fill, touch", RULES)
@pytest.mark.parametrize("size", [6, 8])
def test_uniqueness_agrees_with_a_sat_model(size, fill, touch):
    # medium boards: generated puzzles (proven unique under their rules) and the same boards
    # made ambiguous (one pair dropped); the SAT model finds the same solutions
    pytest.importorskip("pysat")
    from reference.numberlink_sat import sat_solutions

    for seed in range(3):
        p = nl.generate(size, seed=seed, fill=fill, touch=touch)
        sat = sat_solutions(p.grid, fill=fill, touch=touch, limit=2)
        assert key(sat) == key([p.solution])
        g = p.grid.copy()
        g[g == g.max()] = 0
        mine = nl.solve(g, fill=fill, touch=touch, limit=3)
        sat = sat_solutions(g, fill=fill, touch=touch, limit=3)
        assert len(mine) == len(sat)
        if len(mine) < 3:  # all of them: the same ones
            assert key(mine) == key(sat)
        for s in mine + sat:
            assert nl.check(g, s, fill=fill, touch=touch)


def _every_order(cells, a, b):
    """Whether some order of all of ``cells`` walks from a to b in steps to a neighbour: every
    order tried (the reference checker's search, without its pruning)."""
    inner = sorted(cells - {a, b})
    for order in itertools.permutations(inner):
        walk = [a, *order, b]
        if all(abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1 for p, q in zip(walk, walk[1:])):
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_checkers_path_search_against_every_order(data):
    """The reference checker's search for a path through all of a number's squares prunes (two
    free neighbours a square, the squares left connected); it agrees with trying every order
    of the squares, on up to 9 squares of a 3x4 box visited by a random walk (so that they hang
    together, as a number's squares do) and a stray square or none."""
    from reference.numberlink_rules import _threads

    r, c = data.draw(st.sampled_from([(r, c) for r in range(3) for c in range(4)]))
    cells = {(r, c)}
    for dr, dc in data.draw(st.lists(st.sampled_from(_STEPS), min_size=1, max_size=14)):
        r, c = min(2, max(0, r + dr)), min(3, max(0, c + dc))
        if len(cells) < 9:
            cells.add((r, c))
    cells |= set(data.draw(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 3)), max_size=1)))
    if len(cells) < 2:
        return
    a, b = data.draw(st.lists(st.sampled_from(sorted(cells)), min_size=2, max_size=2, unique=True))
    assert _threads(cells, a, b) == _every_order(cells, a, b)
