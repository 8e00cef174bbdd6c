"""SolverCat (trapcore/cat/solver_cat.py): the smart cat's move checked by the solver. On boards
small enough for the exact minimax twin: it takes a winning step whenever it has one, and never
steps where the player wins while another step holds out; it plays as a policy everywhere."""

from __future__ import annotations

import numpy as np
import pytest
from _suite import sample, size

import trapcore as tc
from reference.cat_solver import solve_twin
from trapcore.cat import hexgrid


def _positions(count, seed):
    """Random 5x5 boards, the cat in the centre and able to reach the border (many blocks: the
    exact twin is quick there, and about a third of the positions leave the cat no escape)."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        b = (rng.random((5, 5)) < rng.uniform(0.4, 0.7)).astype(np.uint8)
        b[2, 2] = 0
        if hexgrid.escape_path(b, (2, 2)) is not None:
            out.append((b, (2, 2)))
    return out


def _outcome(b, q):
    """The twin's verdict after the cat steps to q (the player to move): 'win' for her or
    'loss' (the cat escapes)."""
    if hexgrid.is_border(q, b.shape):
        return "loss"
    return solve_twin(b, q, "optimal")


def test_best_step_by_the_exact_twin():
    cat_fn = tc.cat.SolverCat(max_nodes=20_000)
    escapes = trapped = 0
    for k, (b, cat) in enumerate(_positions(size(50, 100), 3)):
        steps = [q for q in hexgrid.neighbours(cat, b.shape) if not b[q]]
        outcome = {q: _outcome(b, q) for q in steps}
        step = cat_fn(b, cat, np.random.default_rng(k))
        assert step in steps
        if "loss" in outcome.values():  # an escape exists: it takes one
            assert outcome[step] == "loss", (b, cat, step, outcome)
            escapes += 1
        else:
            trapped += 1
    assert escapes >= size(10, 20) and trapped >= size(10, 20)


# 11x11 positions (the cat to move; found in lookahead-player games against the smart cat, 15
# blocks) where the smart cat steps into a position the solver proves won for the player within
# 2,000 positions: (blocked cells, the cat, the smart cat's step, the random stream's seed)
OVERRULED = [
    (
        [(0, 8), (2, 8), (3, 4), (3, 10), (4, 3), (4, 5), (4, 9), (5, 3), (5, 9), (6, 0), (6, 6)]
        + [(7, 3), (7, 4), (7, 9), (8, 4), (8, 6), (8, 7), (9, 6), (10, 3), (10, 4), (10, 9)],
        (7, 6),
        (7, 7),
        5,
    ),
    (
        [(1, 1), (1, 3), (1, 10), (2, 10), (4, 3), (4, 4), (4, 9), (5, 2), (5, 3), (5, 6), (6, 1)]
        + [(6, 4), (7, 5), (8, 1), (8, 5), (9, 3), (10, 1)],
        (5, 4),
        (6, 3),
        1,
    ),
]


@pytest.mark.parametrize("blocked,cat,smart,seed", OVERRULED)
def test_overrules_a_step_the_player_wins(blocked, cat, smart, seed):
    # the smart cat's step loses: a certificate of the player's win after it, checked by the
    # independent checker (trapcore/cat/proof.py, its own neighbour table and search); the solver
    # cat steps elsewhere, into a position with no such proof
    b = np.zeros((11, 11), np.uint8)
    for p in blocked:
        b[p] = 1
    assert tc.cat.cat_move(b, cat, policy="smart", seed=np.random.default_rng(seed)) == smart
    cert = tc.cat.certificate(b, smart, max_nodes=2_000)
    assert tc.cat.check_certificate(b, smart, cert)
    step = tc.cat.SolverCat(2_000)(b, cat, np.random.default_rng(seed))
    steps = [q for q in hexgrid.neighbours(cat, b.shape) if not b[q]]
    won = [
        tc.cat.solve(b, q, max_nodes=2_000, policy="optimal").verdict is tc.Verdict.WIN
        for q in steps
    ]
    if all(won):  # 0.3's default solver proves every step lost for the cat: it plays smart
        assert step == smart
        return
    assert step != smart and step in steps
    assert tc.cat.solve(b, step, max_nodes=2_000, policy="optimal").verdict is not tc.Verdict.WIN


def test_plays_the_smart_cat_unless_the_solver_objects():
    cat_fn = tc.cat.SolverCat(max_nodes=500)
    same = 0
    for k in sample(range(30), 10):  # ten starts spread over the thirty in the quick run
        g = tc.CatGame(9, 9, 10, seed=k)
        b, cat = g.board.copy(), g.cat
        b[tc.cat.player_move(b, cat, player="lookahead")] = 1
        smart = tc.cat.cat_move(b, cat, policy="smart", seed=np.random.default_rng(k))
        same += cat_fn(b, cat, np.random.default_rng(k)) == smart
    # mostly the smart cat's move: the solver overrules it only on proofs
    assert same >= size(7, 20)


def test_a_policy_everywhere():
    cat_fn = tc.cat.SolverCat(max_nodes=300)
    g = tc.CatGame(7, 7, 6, policy=cat_fn, seed=2)
    while g.status == "playing":
        g.block(g.hint(max_nodes=300).block)
    r = tc.cat.simulate(6, 7, 7, 6, policy=cat_fn, player="lookahead", seed=1)
    assert r.games == 6
    again = tc.cat.simulate(
        6, 7, 7, 6, policy=tc.cat.SolverCat(300, workers=2), seed=1, player="lookahead"
    )
    assert np.array_equal(r.outcomes, again.outcomes) and np.array_equal(r.moves, again.moves)
    assert repr(cat_fn) == "<SolverCat max_nodes=300>"


@pytest.mark.parametrize("bad", [0, -1, 1.5, "9"])
def test_bad_budgets_are_refused(bad):
    with pytest.raises((TypeError, ValueError), match="max_nodes"):
        tc.cat.SolverCat(bad)


def test_a_move_costs_at_most_one_search_a_step(monkeypatch):
    # the cost a move the docstring states: one search of max_nodes positions per free step at
    # most, and only one when the smart cat's step is a proven forced escape (the others cannot
    # change the choice); the moves are those of the exact rule (test above)
    import trapcore.cat.solver_cat as solver_cat

    calls = []
    real = solver_cat._solve

    def counted(*args):
        sol = real(*args)
        calls.append(sol)
        return sol

    monkeypatch.setattr(solver_cat, "_solve", counted)
    cat_fn = tc.cat.SolverCat(max_nodes=500)
    lazy = 0
    for k in sample(range(30), 10):  # ten starts spread over the thirty in the quick run
        g = tc.CatGame(9, 9, 10, seed=k)
        b, cat = g.board.copy(), g.cat
        b[tc.cat.player_move(b, cat, player="lookahead")] = 1
        calls.clear()
        cat_fn(b, cat, np.random.default_rng(k))
        steps = sum(1 for q in hexgrid.neighbours(cat, b.shape) if not b[q])
        assert len(calls) <= steps
        assert all(sol.nodes <= 500 for sol in calls)
        if calls and calls[0].verdict is tc.Verdict.LOSS:
            assert len(calls) == 1
            lazy += steps > 1
    assert lazy > 0
