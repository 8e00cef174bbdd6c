"""The solving portfolio's SAT fallback (``solve(method="sat")``, CaDiCaL through python-sat) and
the portfolio itself: solutions against a brute-force twin on small boards under every rule set,
against the sweeps and an independent SAT model (``reference.numberlink_sat``) on generated
puzzles, and against the published solutions of real puzzles (../shared/puzzles, skipped when
absent) under Flow Free's rules."""

import importlib
import os
import queue
import signal
import subprocess
import threading
import time

import _suite
import numpy as np
import pytest
from _sigint import child_command, child_env
from _suite import HANG_GUARD, size
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.numberlink_rules import brute_solutions, is_solution, random_grid
from trapcore import errors as tc_errors
from trapcore import numberlink as nl
from trapcore.numberlink import _sat

portfolio = importlib.import_module("trapcore.numberlink._portfolio")

pytest.importorskip("pysat")

RULES = [(True, True), (True, False), (False, True), (False, False)]
# <repo>/../shared/puzzles (or TRAPCORE_PUZZLES): skipped, and counted in the summary, without it
ROOT = _suite.PUZZLES


def key(solutions):
    return sorted(np.asarray(s, np.int16).tobytes() for s in solutions)


def agree(g, fill, touch):
    brute = brute_solutions(g, fill=fill, touch=touch)
    mine = nl.solve(g, fill=fill, touch=touch, limit=5000, method="sat")
    assert mine.method == "sat"
    assert key(mine) == key(brute), (g.tolist(), fill, touch)
    for s in mine:
        assert is_solution(g, s, fill=fill, touch=touch)


@pytest.mark.parametrize("fill, touch", RULES)
@pytest.mark.parametrize("seed", range(40))
def test_sat_matches_brute_force(seed, fill, touch):
    rng = np.random.default_rng(seed)
    rows, cols = (int(v) for v in rng.integers(2, 5, 2))
    g = random_grid(rng, rows, cols, int(rng.integers(1, 4)), int(rng.integers(0, 3)))
    agree(g, fill, touch)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 4),
    st.integers(2, 5),
    st.integers(1, 3),
    st.integers(0, 2),
    st.integers(0, 2**32 - 1),
    st.sampled_from(RULES),
)
def test_sat_matches_brute_force_hypothesis(rows, cols, pairs, solids, seed, rules):
    agree(random_grid(np.random.default_rng(seed), rows, cols, pairs, solids), *rules)


def test_loops_are_cut_not_reported():
    # an empty 4x4 ring inside a frame of one path: the degree clauses alone allow the inner
    # squares to form a loop; every solution found must be a set of paths
    g = np.zeros((4, 4), np.int16)
    g[0, 0], g[0, 1] = 1, 1
    sols = nl.solve(g, limit=100, method="sat")
    assert key(sols) == key(brute_solutions(g, fill=True, touch=True))
    assert len(sols) == nl.count(g)


@pytest.mark.parametrize("fill, touch", RULES)
@pytest.mark.parametrize("n", [6, 8])
def test_generated_sat_agrees_with_sweeps_and_reference(n, fill, touch):
    from reference.numberlink_sat import sat_solutions

    for seed in range(3):
        g = nl.generate(n, seed=seed, fill=fill, touch=touch).grid
        mine = nl.solve(g, fill=fill, touch=touch, limit=2, method="sat")
        sweeps = nl.solve(g, fill=fill, touch=touch, limit=2, method="sweeps")
        ref = sat_solutions(g, fill=fill, touch=touch, limit=2)
        assert len(mine) == len(sweeps) == len(ref) == 1
        assert key(mine) == key(sweeps) == key(ref)


def test_portfolio_says_which_search_answered(monkeypatch):
    g = nl.generate(8, seed=1, long_paths=True).grid  # the search's growth: the sweeps prove it
    probed = nl.solve(g)  # the board search's first turn proves it unique
    assert probed.method == "board" and len(probed) == 1 and probed.nodes > 0
    monkeypatch.setattr(portfolio, "BOARD_NODES_PER_SQUARE", 0)  # no probe,
    monkeypatch.setattr(portfolio, "NEAR_CONFLICTS", 0)  # no compact model's turns: the sweeps
    monkeypatch.setattr(portfolio, "SECOND_CONFLICTS", 0)
    sols = nl.solve(g)
    assert sols.method == "sweeps" and len(sols) == 1 and key(sols) == key(probed)
    # a share too small for the sweeps: the SAT model answers, with the same solution
    monkeypatch.setattr(portfolio, "SWEEP_NODES_PER_SQUARE", 0)
    via_sat = nl.solve(g)
    assert via_sat.method == "sat" and key(via_sat) == key(sols)
    assert via_sat.solver == "cadical153" and sols.solver == ""
    # without python-sat the sweeps get the whole budget
    monkeypatch.setattr(_sat, "available", lambda: False)
    assert nl.solve(g).method == "sweeps"
    with pytest.raises(ImportError, match="python-sat"):
        nl.solve(g, method="sat")
    assert nl.solve([[1, 0], [0, 1]]).method == "colours"


def test_method_and_budget_errors():
    g = nl.generate(8, seed=2).grid
    with pytest.raises(ValueError, match="method"):
        nl.solve(g, method="fast")
    with pytest.raises(tc_errors.SearchLimitExceeded):
        nl.solve(g, method="sweeps", max_nodes=5)
    with pytest.raises(tc_errors.SearchLimitExceeded):
        nl.solve(g, method="sat", max_nodes=1)


def test_sat_no_solution_and_isolated_squares():
    assert nl.solve([[1, -1, 1]], method="sat") == []
    # an empty square cut off from every endpoint can never be filled
    g = [[1, 0, 1], [-1, -1, -1], [0, -1, 0]]
    assert nl.solve(g, method="sat") == []
    assert len(nl.solve(g, fill=False, method="sat")) == 1


needs_puzzles = pytest.mark.shared_puzzles
FLOW = sorted((ROOT / "flow_solver").glob("*.txt")) if ROOT.is_dir() else []
if not _suite.FULL:  # the quick run: the levels up to 11x11 (the bigger ones cost 10x as much)
    FLOW = [p for p in FLOW if not any(f"{n}x{n}" in p.stem for n in range(12, 15))]


@needs_puzzles
@pytest.mark.parametrize("path", FLOW, ids=lambda p: p.stem)
def test_flow_levels_under_flow_rules_against_reference_sat(path):
    from reference.numberlink_sat import sat_solutions

    p = nl.Puzzle.from_text(path.read_text())
    sols = nl.solve(p.grid, limit=2)
    ref = sat_solutions(p.grid, limit=2)
    assert len(sols) == len(ref)
    for s in sols:
        assert nl.check(p.grid, s)
    if len(sols) == 1:
        rows = (ROOT / "flow_solver" / "solutions_sat" / path.name).read_text().split()
        letters = np.array([list(r) for r in rows])
        pairs = set(zip(sols[0].ravel().tolist(), letters.ravel().tolist()))
        assert len(pairs) == len(np.unique(sols[0])) == len(np.unique(letters))


@needs_puzzles
@pytest.mark.slow
def test_janko_under_flow_rules_against_reference_sat():
    # every 6th Janko puzzle up to 14x14 (the 17x17, 14x24, 25x25 and 36x20 ones may take
    # either SAT model minutes; see the bench): the number of solutions (limit 2) as the
    # reference model finds it, each solution checked
    from reference.numberlink_sat import sat_solutions

    puzzles = list(nl.read_puzzles(ROOT / "thomasahle" / "janko"))
    assert len(puzzles) == 270
    picked = [p for p in puzzles[::6] if max(p.shape) <= 14]
    assert len(picked) >= 30
    for p in picked:
        sols = nl.solve(p.grid, limit=2)
        assert len(sols) == len(sat_solutions(p.grid, limit=2))
        for s in sols:
            assert nl.check(p.grid, s)


def test_large_models_are_left_to_the_sweeps(monkeypatch):
    g = nl.generate(8, seed=3).grid
    assert _sat.fits(g)
    monkeypatch.setattr(_sat, "MAX_LITERALS", 10)
    assert not _sat.fits(g)
    monkeypatch.setattr(portfolio, "SWEEP_NODES_PER_SQUARE", 0)
    monkeypatch.setattr(portfolio, "BOARD_NODES_PER_SQUARE", 0)
    assert nl.solve(g).method == "sweeps"  # the whole budget, as without python-sat


SIGINTS = size(60, 400)  # the old handling failed about 1 in 30: 60 catch it 7 times in 8

SIGINT_CHILD = """
import signal, sys, numpy as np, trapcore as tc
from trapcore.numberlink import _sat
# Python's own handler, even when this process was started with SIGINT ignored (a background job)
signal.signal(signal.SIGINT, signal.default_int_handler)
g = np.zeros((20, 20), np.int16)  # two paths that must cross: CaDiCaL takes minutes to refute it
g[10, 0] = g[10, 19] = 1
g[0, 10] = g[19, 10] = 2
small = tc.numberlink.generate(6, seed=1)
def solving():
    print("solving", flush=True)
_sat._on_solve = solving
for _ in range(int(sys.argv[1])):
    try:
        tc.numberlink.solve(g, method="sat", max_nodes=1 << 60)
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
# the process is whole: the SIGINT handler is Python's again, and the solver works
_sat._on_solve = None
assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
assert len(tc.numberlink.solve(small.grid, method="sat")) == 1
print("done", flush=True)
"""


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
def test_ctrl_c_stops_the_sat_model_every_time():
    # python-sat's own SIGINT handling (a longjmp out of CaDiCaL on the main thread) hung or
    # crashed about 1 Ctrl-C in 30; _sat runs CaDiCaL on a thread of its own, in rounds of a
    # bounded number of conflicts, and looks for Ctrl-C between rounds. A child solves a board
    # that CaDiCaL takes minutes to refute, again and again; each time it says it is about to
    # solve (a test hook on the solver's thread) the parent sends SIGINT (after a random pause
    # of a few ms, so the signal lands at different points of the solver's run), and every one
    # of the SIGINTS calls must end with KeyboardInterrupt: no crash, no hang (the guard is
    # minutes), no "finished".
    rng = np.random.default_rng(25)
    argv = [*child_command(SIGINT_CHILD), str(SIGINTS)]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True, env=child_env())
    lines: queue.Queue[str] = queue.Queue()
    outcomes: list[str] = []
    try:
        assert proc.stdout is not None
        out = proc.stdout

        def read() -> None:
            for x in out:
                lines.put(x.strip())
            lines.put("<the child's output ended>")

        threading.Thread(target=read, daemon=True).start()
        sent = False
        line = ""
        while line != "done":
            try:
                line = lines.get(timeout=HANG_GUARD)  # a hang guard, not a verdict on speed
            except queue.Empty:
                pytest.fail(f"the child hung after {len(outcomes)} calls")
            if line == "solving" and not sent:
                time.sleep(float(rng.uniform(0, 0.005)))
                proc.send_signal(signal.SIGINT)
                sent = True
            elif line in ("interrupted", "finished"):
                outcomes.append(line)
                sent = False
            elif line not in ("solving", "done"):
                pytest.fail(f"the child ended after {len(outcomes)} calls: {line!r}")
        proc.wait(timeout=HANG_GUARD)
        assert outcomes == ["interrupted"] * SIGINTS
        assert proc.returncode == 0
    finally:
        proc.kill()
        proc.wait()


def crossing(n):
    """Two paths that must cross: no solution, and CaDiCaL takes minutes to refute it."""
    g = np.zeros((n, n), np.int16)
    g[n // 2, 0] = g[n // 2, n - 1] = 1
    g[0, n // 2] = g[n - 1, n // 2] = 2
    return g


@pytest.mark.parametrize("n", [12, 60])
def test_sat_model_polls_between_rounds_and_stops(n, monkeypatch):
    # python-sat's CaDiCaL cannot be interrupted within a call: the SAT turn calls it in rounds
    # of at most ROUND_CONFLICTS conflicts (fewer on big models) and polls after each one, as
    # every kernel polls. So no round runs past its cap, every round polls, and making the
    # first, middle or last poll act as Ctrl-C stops the search with KeyboardInterrupt, the
    # same search giving the same answer afterwards.
    from _sigint import check_traps, count_polls

    spent: list[int] = []
    search: list[_sat.SatSearch] = []

    def call():
        s = _sat.SatSearch(crossing(n), 2, True, True, _sat.SOLVER)
        search.append(s)
        try:
            s.step(size(6_000, 20_000))
            return s.conflicts, s.finished
        finally:
            s.close()

    def before():
        spent.append(int(search[-1]._s.accum_stats().get("conflicts", 0)))

    monkeypatch.setattr(_sat, "_on_solve", before)
    (conflicts, finished), polls = count_polls(call)
    assert not finished and conflicts >= size(6_000, 20_000)
    rounds = np.diff([*spent, conflicts])
    assert len(rounds) == polls >= conflicts // _sat.ROUND_CONFLICTS
    # CaDiCaL looks at its conflict limit between conflicts of a batch: a round can end a few past
    assert rounds.max() <= _sat.ROUND_CONFLICTS + 32
    if n == 60:  # a big model: shorter rounds
        assert rounds.max() < _sat.ROUND_CONFLICTS // 2
    check_traps(call, 0)


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
def test_an_interruptible_solver_is_interrupted(monkeypatch):
    # a python-sat solver with interrupt() (Glucose 4) is asked to stop once Ctrl-C is noted,
    # through solve_limited(expect_interrupt=True), interrupt() and clear_interrupt(): in one
    # round of 2,000,000 conflicts (minutes) it stops short of them with KeyboardInterrupt, and
    # the solver works afterwards
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        pytest.skip("a SIGINT handler of the runner's own")
    calls = []

    def ctrl_c():
        calls.append(1)
        os.kill(os.getpid(), signal.SIGINT)

    s = _sat.SatSearch(crossing(20), 2, True, True, "glucose4")
    try:
        monkeypatch.setattr(_sat, "ROUND_CONFLICTS", 2_000_000)
        monkeypatch.setattr(_sat, "ROUND_WORK", 1 << 60)
        monkeypatch.setattr(_sat, "_on_solve", ctrl_c)
        with pytest.raises(KeyboardInterrupt):
            s.step(2_000_000)
        assert calls == [1]  # no round after the one that Ctrl-C came in
        assert int(s._s.accum_stats()["conflicts"]) < 2_000_000
        monkeypatch.setattr(_sat, "_on_solve", None)
        assert not s.step(100)
    finally:
        s.close()
