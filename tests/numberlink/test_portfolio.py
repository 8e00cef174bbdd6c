"""One solving portfolio (issue 26): every solve of a grid or of a board of any shape goes
through ``trapcore.numberlink._portfolio``, whose schedules are the ones its docstring gives,
and whose answers hold up against the rules' own checker."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from _suite import PUZZLES, seeds

import trapcore as tc
from trapcore.errors import SearchLimitExceeded
from trapcore.numberlink import _portfolio, _sat

nl = tc.numberlink


def turns(task, budget=10**9, method="auto", n=6):
    return list(itertools.islice(_portfolio.schedule(task, budget, method), n))


def test_the_schedules_are_the_documented_ones(monkeypatch):
    g = nl.generate(8, seed=1).grid
    task = _portfolio.Task(g, None, True, True, 2)
    monkeypatch.setattr(_sat, "available", lambda: True)
    assert turns(task, n=8) == [
        ("probe", 20 * 64), ("strict", 250 * 64), ("near", 1_000), ("second", 10**9),
        ("sweeps", 600 * 64), ("sat", 10**9),
    ]  # fmt: skip
    three = _portfolio.Task(g, None, True, True, 3)  # the compact model answers limit=2 only
    assert not {"near", "second"} & {n for n, _ in turns(three, n=8)}
    solid = g.copy()
    solid[solid == 0] = -1  # (no longer solvable: the schedule alone is checked)
    solid_turns = {n for n, _ in turns(_portfolio.Task(solid, None, True, True, 2), n=8)}
    assert not {"near", "second"} & solid_turns
    one = _portfolio.Task(g, None, True, True, 1)  # the probe proves nothing for limit=1
    assert turns(one) == [
        ("strict", 250 * 64), ("sweeps", 600 * 64), ("sat", 10**9),
    ]  # fmt: skip
    assert turns(task, method="sat") == [("sat", 10**9)]
    assert turns(task, method="sweeps") == [("sweeps", 10**9)]
    no_touch = _portfolio.Task(g, None, True, False, 2)
    assert turns(no_touch) == [("sweeps", 20_000 * 64), ("sat", 10**9)]
    sparse = _portfolio.Task(g, None, False, True, 2)
    assert turns(sparse) == [
        ("board", 1 << 12), ("sweeps", 1 << 14), ("board", 1 << 13), ("sweeps", 1 << 15),
        ("board", 1 << 14), ("sweeps", 1 << 16),
    ]  # fmt: skip
    assert turns(sparse, method="sweeps") == [("sweeps", 10**9)]
    routed = _portfolio.Task(g, None, False, True, 1)  # one solution without fill
    assert turns(routed, n=20) == [
        ("strict", 250 * 64), ("route", 0),
        ("board", 1 << 12), ("sweeps", 1 << 14), ("board", 1 << 13), ("sweeps", 1 << 15),
        ("board", 1 << 14), ("sweeps", 1 << 16), ("board", 1 << 15), ("sweeps", 1 << 17),
        ("sat", 10**9),
    ]  # fmt: skip
    odd = np.zeros((8, 8), np.int16)
    odd[0, 0] = odd[0, 2] = 1  # two black ends on a board of as many black squares as white
    assert _portfolio.colour_refutes(odd)
    assert turns(_portfolio.Task(odd, None, False, True, 1), n=3) == [
        ("route", 0), ("board", 1 << 12), ("sweeps", 1 << 14)
    ]  # fmt: skip
    board = nl.hex_board(np.zeros((4, 4), np.int16))
    on_board = _portfolio.Task(board.values, board.neighbours, True, True, 2)
    assert turns(on_board) == [
        ("board", 100 * 16), ("boardsat", 10**9),
    ]  # fmt: skip
    no_fill = _portfolio.Task(board.values, board.neighbours, False, True, 2)
    assert turns(no_fill) == [("board", 10**9)]
    monkeypatch.setattr(_sat, "available", lambda: False)
    assert turns(on_board) == [("board", 10**9)]
    assert turns(task) == [("probe", 20 * 64), ("strict", 250 * 64), ("sweeps", 10**9)]
    assert turns(no_touch) == [("sweeps", 10**9)]
    assert ("sat", 10**9) not in turns(routed, n=40)
    monkeypatch.setattr(_sat, "available", lambda: True)
    monkeypatch.setattr(_sat, "MAX_LITERALS", 10)  # a model too big: no SAT model
    assert turns(task) == [("probe", 20 * 64), ("strict", 250 * 64), ("sweeps", 10**9)]


@pytest.fixture
def spy(monkeypatch):
    """The turns every solve takes, by search: ``[(search, units), ...]``."""
    seen: list[tuple[str, int]] = []

    def watched(name, make):
        def build(task):
            search = make(task)
            turn = search.turn

            def counted(units):
                seen.append((name, units))
                return turn(units)

            search.turn = counted
            return search

        return build

    searches = {name: watched(name, make) for name, make in _portfolio.SEARCHES.items()}
    monkeypatch.setattr(_portfolio, "SEARCHES", searches)
    return seen


def test_every_solve_goes_through_the_portfolio(spy):
    """Grids (the function and the grid puzzle), boards of any shape, and the board generator's
    uniqueness checks: each turn of each search is the portfolio's."""
    g = nl.generate(6, seed=4).grid
    assert len(nl.solve(g)) == 1 and spy[-1][0] in ("probe", "sweeps")
    n = len(spy)
    assert len(nl.Puzzle(g).solve()) == 1 and spy[n:] == spy[:n]
    hexes = nl.generate(nl.hex_board(np.zeros((5, 5), np.int16)), seed=2)
    assert spy[-1][0] == "board" and len(spy) > n + 1  # the generator's checks
    n = len(spy)
    assert len(hexes.solve()) == 1 and spy[n:] == [("board", 100 * 25)]
    sparse = np.zeros((4, 4), np.int16)
    sparse[0, 0], sparse[3, 3] = 1, 1
    n = len(spy)
    sols = nl.solve(sparse, fill=False, limit=3)
    assert len(sols) == 3 and {name for name, _ in spy[n:]} <= {"board", "sweeps"}
    for s in sols:
        assert nl.check(sparse, s, fill=False)


def test_the_sat_provers_checks_go_through_the_portfolio(spy):
    """``generate(prover="sat")``: each check is the sweeps' turn, then (when they do not settle
    it) the turn of the SAT model that excludes the known solution; the puzzle is unique by the
    SAT model of the rules."""
    pytest.importorskip("pysat")
    from reference.numberlink_sat import sat_solutions

    p = nl.generate(15, seed=1, prover="sat")
    names = [name for name, _ in spy]
    assert names[0] == "sweeps" and "second" in names and set(names) == {"sweeps", "second"}
    assert all(units == 2000 for name, units in spy if name == "sweeps")
    assert len(sat_solutions(p.grid, limit=2)) == 1


def test_the_probe_answers_only_with_a_proof(spy, monkeypatch):
    """The board search's first turn on a grid counts when it proves the grid unique or without
    solution; when it lists ``limit`` solutions (which ones is its own choice) the grid's
    searches answer, listing what they listed before the probe: the same solutions as
    ``method="sweeps"``, checked by the rules' checker."""
    unique = nl.generate(7, seed=5).grid
    probed = nl.solve(unique)
    assert probed.method == "board" and spy == [("probe", 20 * 49)]
    assert np.array_equal(probed[0], nl.solve(unique, method="sweeps")[0])
    many = nl.generate(7, seed=5, unique=False).grid  # a great many solutions
    spy.clear()
    sols = nl.solve(many, limit=3)
    sweeps = nl.solve(many, limit=3, method="sweeps")
    assert spy[0][0] == "probe" and sols.method == "sweeps" and len(sols) == 3
    assert all(np.array_equal(a, b) for a, b in zip(sols, sweeps))
    assert all(nl.check(many, s) for s in sols)
    # limit=2: the near turn answers, with the strict turn's solution and another
    spy.clear()
    sols = nl.solve(many, limit=2)
    assert [name for name, _ in spy] == ["probe", "strict", "near"] and sols.method == "second"
    assert len(sols) == 2 and np.array_equal(sols[0], nl.solve(many, limit=1)[0])
    assert all(nl.check(many, s) for s in sols)
    # a near turn too short (one conflict): the second turn answers, from its own first decisions
    monkeypatch.setattr(_portfolio, "NEAR_CONFLICTS", 1)
    spy.clear()
    again = nl.solve(many, limit=2)
    assert [name for name, _ in spy] == ["probe", "strict", "near", "second"]
    assert again.method == "second" and len(again) == 2 and np.array_equal(again[0], sols[0])
    assert nl.check(many, again[1]) and not np.array_equal(again[1], sols[1])
    spy.clear()
    # no solution, and the colour count does not see it: the probe's refutation answers
    blocked = [[1, 0, 0, 0, 0], [0, 3, 0, 0, 0], [0, 2, 0, 0, 3], [2, 0, 0, 0, 0], [0, 0, 1, 0, 0]]
    none = nl.solve(blocked)
    assert none == [] and none.method == "board" and spy == [("probe", 20 * 25)]
    assert nl.solve(blocked, method="sweeps") == [] and nl.count(blocked) == 0


def test_what_is_answered_at_once_spends_nothing(spy):
    assert nl.solve([[0, 0], [0, 0]]).method == "empty"
    assert nl.solve([[1, 0], [0, 1]]).method == "colours"
    layers = nl.layered_board(np.array([[[1, 0], [0, 1]]], np.int16), fill=True)
    assert layers.solve().method == "colours"
    sparse = np.zeros((5, 5), np.int16)
    sparse[0, 0], sparse[0, 4], sparse[4, 0], sparse[4, 4] = 1, 1, 2, 2
    assert spy == []
    # a grid's router is a turn (after the strict turn's, which the colour count rules out
    # here), one that spends nothing
    one = nl.solve(sparse, fill=False, limit=1)
    assert one.method == "router" and nl.check(sparse, one[0], fill=False)
    assert spy == [("route", 0)] and one.nodes == 0


#: The name each turn of a schedule answers with (``Solutions.method``): the search it runs.
ANSWERS = {
    "sweeps": "sweeps", "strict": "strict", "board": "board", "probe": "board", "route": "router",
    "sat": "sat", "boardsat": "sat", "near": "second", "second": "second",
}  # fmt: skip


def test_every_search_has_its_own_name_in_the_glossary():
    from pathlib import Path

    assert set(ANSWERS) == set(_portfolio.SEARCHES)
    glossary = (Path(__file__).parents[2] / "docs" / "glossary.md").read_text()
    for name in {*ANSWERS.values(), "colours", "empty"}:
        assert f'| `"{name}"` |' in glossary, name


@pytest.mark.parametrize("seed", seeds(6, 30))
def test_the_method_is_the_search_that_answered(seed, spy):
    """Whatever the schedule, ``method`` names the search whose turn returned the answer (the
    spy's last turn), and a schedule forced to one search answers with that search's name."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(4, 9))
    for fill, touch, limit in itertools.product((True, False), (True, False), (1, 2)):
        g = nl.generate(n, seed=seed, unique=bool(seed % 2), fill=fill, touch=touch).grid
        spy.clear()
        sols = nl.solve(g, fill=fill, touch=touch, limit=limit)
        if spy:
            assert sols.method == ANSWERS[spy[-1][0]], (spy, sols.method)
        else:
            assert sols.method in ("colours", "empty")
    g = nl.generate(n, seed=seed).grid
    known = nl.solve(g, touch=False, limit=1, method="sweeps")[0]
    forced = ["sweeps", "strict", "board", "probe", "route"]
    forced += ["sat", "near", "second"] if _sat.available() else []
    for name in forced:
        fill = name != "route"
        limit = 1 if name in ("strict", "route") else 2
        task = _portfolio.Task(g, None, fill, True, limit, known=known)
        try:
            sols = _portfolio.solve(task, 10**7, turns=[(name, 10**7)])
        except SearchLimitExceeded:  # (the probe lists many, the router may miss: no answer)
            assert name in ("probe", "route")
            continue
        assert sols.method == ANSWERS[name], name
        assert sols.nodes < 10**7, name  # what it spent, not the budget it was given


def test_method_sweeps_means_the_sweeps_alone_under_every_rule_set(spy):
    """``method="sweeps"`` ran the router and the board search too without fill (0.2): now the
    sweeps alone answer, and what they find is a solution by the rules' checker."""
    g = nl.generate(7, seed=3, fill=False).grid
    for touch in (True, False):
        for limit in (1, 2):
            spy.clear()
            sols = nl.solve(g, fill=False, touch=touch, limit=limit, method="sweeps")
            assert sols.method == "sweeps" and {name for name, _ in spy} == {"sweeps"}
            for s in sols:
                assert nl.check(g, s, fill=False, touch=touch)


def test_a_spent_budget_names_the_board():
    g = nl.generate(10, seed=0).grid
    with pytest.raises(SearchLimitExceeded, match=r"max_nodes=5 nodes on this 10 x 10 grid"):
        nl.solve(g, max_nodes=5, method="sweeps")
    board = nl.hex_board(np.zeros((6, 6), np.int16))
    puzzle = nl.generate(board, seed=0)
    with pytest.raises(SearchLimitExceeded, match=r"max_nodes=1 nodes on this board of 36 nodes"):
        puzzle.solve(max_nodes=1)


def no_touch_solution(g):
    """A solution whose paths never run beside themselves, by the no-touch sweeps."""
    sols = nl.solve(g, touch=False, limit=1, method="sweeps")
    return sols[0] if len(sols) else None


@pytest.mark.parametrize("seed", seeds(12, 60))
def test_the_strict_turn_answers_one_solution_under_flow_rules(seed, spy):
    """With ``limit=1`` the strict turn (the no-touch sweeps) answers first, and its answer is a
    solution under Flow Free's rules by the independent checker; on boards whose paths must run
    beside themselves it finds nothing and the touch rules' searches answer, as the brute force
    says."""
    from reference.numberlink_rules import brute_solutions, is_solution, random_grid

    rng = np.random.default_rng(seed)
    g = nl.generate(int(rng.integers(5, 10)), seed=seed, unique=False).grid
    one = nl.solve(g, limit=1)
    assert spy[0][0] == "strict" and len(spy) == 1 and one.method == "strict"
    assert is_solution(g, one[0], fill=True, touch=True)
    small = random_grid(rng, *(int(v) for v in rng.integers(2, 5, 2)), int(rng.integers(1, 4)), 0)
    spy.clear()
    one = nl.solve(small, limit=1)
    brute = brute_solutions(small, fill=True, touch=True, limit=1)
    assert len(one) == len(brute) and all(is_solution(small, s) for s in one)
    if no_touch_solution(small) is None and spy:  # (spy is empty when the colours refute it)
        assert spy[0][0] == "strict" and len(spy) > 1  # it found nothing: the others answered


@pytest.mark.parametrize("seed", seeds(12, 60))
def test_without_fill_one_solution_may_fill_the_grid(seed, spy, monkeypatch):
    """Without fill, for one solution, the strict turn (paths that fill the grid and never run
    beside themselves) goes first: on a puzzle that has such paths it answers, with a solution
    under either touch rule by the independent checker; where the colour count rules such paths
    out, or the strict turn finds none, the router and the searches without fill answer, and
    with python-sat, once the sweeps' share has grown, the SAT model (the router made to find
    nothing, and the shares made small, so that the later turns are reached)."""
    from reference.numberlink_rules import brute_solutions, is_solution, random_grid
    from trapcore.numberlink import _boards

    rng = np.random.default_rng(seed)
    touch = bool(seed % 2)
    g = nl.generate(int(rng.integers(5, 10)), seed=seed, unique=False, touch=touch).grid
    one = nl.solve(g, fill=False, touch=touch, limit=1)
    assert spy[0][0] == "strict" and len(spy) == 1 and one.method == "strict"
    assert is_solution(g, one[0], fill=False, touch=touch)
    monkeypatch.setattr(_boards, "route", lambda values, table: [])
    monkeypatch.setattr(_portfolio, "FIRST_SHARE", 4)
    monkeypatch.setattr(_portfolio, "NO_FILL_SAT_SHARE", 8)
    small = random_grid(rng, *(int(v) for v in rng.integers(3, 6, 2)), int(rng.integers(1, 4)), 0)
    brute = brute_solutions(small, fill=False, touch=touch, limit=1)
    spy.clear()
    one = nl.solve(small, fill=False, touch=touch, limit=1)
    assert len(one) == len(brute) and all(
        is_solution(small, s, fill=False, touch=touch) for s in one
    )
    names = [name for name, _ in spy]
    if _portfolio.colour_refutes(small):
        assert "strict" not in names
    if one and one.method != "strict":
        assert "strict" not in names or nl.solve(small, limit=1, touch=False, method="sweeps") == []
    if _sat.available() and names[-1] == "sat":
        assert names[-3:-1] == ["board", "sweeps"]


@pytest.mark.parametrize("seed", seeds(12, 60))
def test_the_sat_model_started_from_a_known_solution_lists_every_solution(seed):
    """``SatSearch(known=...)``, as the portfolio starts it after the strict turn: the known
    solution first, then the others; the same set as the brute force (small boards) or the
    reference SAT model's count (7x7 to 9x9 with a great many solutions)."""
    pytest.importorskip("pysat")
    from reference.numberlink_rules import brute_solutions, random_grid
    from reference.numberlink_sat import sat_solutions

    rng = np.random.default_rng(seed)
    small = random_grid(rng, *(int(v) for v in rng.integers(2, 5, 2)), int(rng.integers(1, 4)), 0)
    known = no_touch_solution(small)
    if known is not None:
        search = _sat.SatSearch(small, 10**4, True, True, _sat.SOLVER, known)
        try:
            assert search.step(10**6)
            got = search.solutions
        finally:
            search.close()
        assert np.array_equal(got[0], known)
        brute = brute_solutions(small, fill=True, touch=True)
        assert sorted(s.tobytes() for s in got) == sorted(s.tobytes() for s in brute)
    g = nl.generate(int(rng.integers(7, 10)), seed=seed, unique=False).grid
    known = no_touch_solution(g)
    search = _sat.SatSearch(g, 3, True, True, _sat.SOLVER, known)
    try:
        assert search.step(10**6)
        got = search.solutions
    finally:
        search.close()
    assert np.array_equal(got[0], known) and len(got) == len(sat_solutions(g, limit=3))
    assert all(nl.check(g, s) for s in got)  # (two sets of paths may colour the squares alike)


@pytest.mark.shared_puzzles
def test_every_janko_puzzle_solves_under_flow_rules(spy):
    """All 270 Janko puzzles (8x8 to 36x20) under the default rules, one solution each (the
    touch rules' own searches did not find one for the 14x24 ones in minutes; the strict turn
    finds each within its share), checked by the independent checker; where the published
    solution is known (Janko's from an independent solver) it is that one."""
    from reference.numberlink_rules import is_solution

    puzzles = list(nl.read_puzzles(PUZZLES / "thomasahle" / "janko"))
    assert len(puzzles) == 270
    for p in puzzles:
        spy.clear()
        sols = nl.solve(p.grid, limit=1, max_nodes=10**7)
        assert len(sols) == 1 and spy == [("strict", 250 * p.grid.size)]
        assert is_solution(p.grid, sols[0], fill=True, touch=True)


@pytest.mark.parametrize("seed", seeds(8, 40))
def test_the_second_turn_against_the_reference_model(seed):
    """``limit=2`` under Flow's rules, where the strict turn finds a solution and the compact
    model that excludes it answers: as many solutions as the independent reference SAT model
    finds, each one by the rules' checker (boards with one solution and with many); on boards
    of long paths with two or more, the second turn is what answered."""
    pytest.importorskip("pysat")
    from reference.numberlink_rules import is_solution
    from reference.numberlink_sat import sat_solutions

    for unique in (True, False):
        g = nl.generate(6 + seed % 4, 7 + seed % 3, seed=seed, unique=unique).grid
        sols = nl.solve(g, limit=2)
        assert len(sols) == len(sat_solutions(g, limit=2))
        assert all(is_solution(g, s) for s in sols)
    g = nl.generate(8, seed=seed, unique=False, long_paths=True).grid
    sols = nl.solve(g, limit=2)
    assert len(sols) == len(sat_solutions(g, limit=2)) and all(is_solution(g, s) for s in sols)
    if len(sols) == 2:  # (the probe proves some of these boards unique first)
        assert sols.method == "second"


def test_the_near_turn_looks_next_to_the_known_solution():
    """The near turn's first decisions are the known solution, so on boards with many solutions
    the other one it finds lies next to it: over 8 boards of long paths each of 10x10 and
    12x12, fewer squares change number in all than with the same model left to its own first
    decisions (the "second" turn's). Each answer passes the rules' checker."""
    pytest.importorskip("pysat")
    from reference.numberlink_rules import is_solution

    for n in (10, 12):
        changed = {True: 0, False: 0}
        for seed in range(8):
            g = nl.generate(n, seed=seed, unique=False, long_paths=True).grid
            known = no_touch_solution(g)
            for near in (True, False):
                unique, other = _sat.second_solution(g, known, 10**6, near)
                if unique is False:
                    assert is_solution(g, other)
                    changed[near] += int((other != known).sum())
        assert 0 < changed[True] < 0.8 * changed[False], (n, changed)


def strip(k):
    """One pair at the two ends of a 1 x 2**k strip."""
    g = np.zeros((1, 1 << k), np.int16)
    g[0, 0] = g[0, -1] = 1
    return g


@pytest.mark.parametrize("touch", [True, False])
def test_a_one_pair_strip_costs_linear_work(touch):
    """Budgets bound time on every shape (issue 44): one pair on a 1 x 2**16 strip costs at most
    40 times what 1 x 2**12 costs (linear: 16), counted in nodes and in the kernels' polls (one
    per 2**14 units of work: a board-search node visits the whole board, and the sweeps' visit
    order is built square by square). The probe's work is capped (``PROBE_WORK``), and the
    sweeps' diagonal order visits only the squares of each diagonal."""
    from _sigint import count_polls

    (small, polls_small), (big, polls_big) = (
        count_polls(lambda k=k: nl.solve(strip(k), touch=touch)) for k in (12, 16)
    )
    assert len(small) == len(big) == 1
    assert big.nodes <= 40 * small.nodes
    assert polls_big <= 40 * max(polls_small, 1), (polls_small, polls_big)
    for sweep_touch in (True, False):  # the sweeps alone, every direction's setup
        (_, polls_small), (_, polls_big) = (
            count_polls(lambda k=k, t=sweep_touch: nl.solve(strip(k), touch=t, method="sweeps"))
            for k in (12, 16)
        )
        assert polls_big <= 40 * max(polls_small, 1), (polls_small, polls_big)


def one_pair(n):
    """One pair, at two corners of different colours, on an empty n x n board."""
    g = np.zeros((n, n), np.int16)
    g[0, 0] = g[n - 1, 0] = 1
    return g


@pytest.mark.parametrize("method", ["sweeps", "auto"])
def test_one_pair_on_an_empty_board_costs_linear_work(method):
    """Budgets bound time on every shape (issue 44): one pair on an empty n x n board with fill,
    refused by a budget of 256 a square, costs at most 24 times more on 128 x 128 than on 32 x 32
    (linear: 16), counted in the kernels' polls (one per 2**14 units of work). A node of the
    sweeps builds a frontier key as long as the board is wide: budgets count it in those units
    (``sweep_units``); counting nodes made the sweeps' ratio about 37."""
    from _sigint import count_polls

    def refused(n):
        with pytest.raises(SearchLimitExceeded):
            nl.solve(one_pair(n), method=method, max_nodes=256 * n * n)

    (_, small), (_, big) = (count_polls(lambda n=n: refused(n)) for n in (32, 128))
    assert 0 < big <= 24 * small, (small, big)
