"""The proof-number search's memory (pns.pyx's new_memory) and SolverPlayer (issue 12: the
solver keeps its wins). A memory keeps the search's table between searches: it must never make
a verdict wrong (checked against the plain minimax twin over many unrelated positions sharing
one memory), and it must make a proven win's follow-ups cheap (counted in positions)."""

from __future__ import annotations

import numpy as np
import pytest
from _cat_starts import BUDGET, proven_starts
from _suite import size
from hypothesis import given, settings
from hypothesis import strategies as st

import trapcore as tc
from reference.cat_solver import solve_twin
from trapcore.cat import _engine, _play, _pns, hexgrid
from trapcore.cat._codes import Model, Player, Result

# the engine's proof-number settings (src/cat/engine.pyx): candidates, slack, epsilon
ARGS = (20, 1, 0.25)
# the proof-number search's share of the solver player's budget (engine.pyx's pns_share)
SHARE = BUDGET * 3 // 4
NONE = np.zeros(0, np.uint8)


def _pns_solve(b, cat, nodes, memory=NONE):
    return _pns.solve_pns(b, cat[0], cat[1], nodes, *ARGS, 12, True, memory, 1)


def _random_position(rng, n, density):
    b = (rng.random((n, n)) < density).astype(np.uint8)
    cat = (int(rng.integers(1, n - 1)), int(rng.integers(1, n - 1)))
    b[cat] = 0
    return b, cat


def test_memory_never_changes_a_verdict():
    """One memory shared by 150 unrelated 5x5 positions (each searched twice, so later searches
    start from what earlier ones stored): every proof and disproof agrees with the exact minimax
    twin, and a proven win's block wins for the twin too."""
    rng = np.random.default_rng(4)
    mem = _pns.new_memory(5, 5, 2000)
    decided = 0
    for _ in range(size(60, 150)):
        b, cat = _random_position(rng, 5, float(rng.uniform(0.2, 0.5)))
        if hexgrid.is_border(cat, b.shape) or hexgrid.escape_path(b, cat) is None:
            continue
        truth = solve_twin(b, cat, "optimal")
        for _ in range(2):
            res, best, _, _, _ = _pns_solve(b, cat, 3000, mem)
            if res == Result.RES_WIN:
                decided += 1
                assert truth == "win", (b, cat)
                after = b.copy()
                after.flat[best] = 1
                for q in hexgrid.neighbours(cat, b.shape):
                    if not after[q]:
                        assert solve_twin(after, q, "optimal") == "win", (b, cat, best, q)
            elif res == Result.RES_LOSS:
                decided += 1
                assert truth == "loss", (b, cat)
    assert decided >= size(40, 100)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_memory_agrees_with_a_fresh_table(seed):
    """Searched with a memory that holds other positions' entries or without one, a position
    gets the same verdict (both decide it within the budget on these small boards)."""
    rng = np.random.default_rng(seed)
    mem = _pns.new_memory(6, 6, 2000)
    for _ in range(6):
        b, cat = _random_position(rng, 6, float(rng.uniform(0.2, 0.5)))
        if hexgrid.is_border(cat, b.shape):
            continue
        fresh = _pns_solve(b, cat, 5000)[0]
        kept = _pns_solve(b, cat, 5000, mem)[0]
        if Result.RES_UNKNOWN not in (fresh, kept):
            assert fresh == kept, (b, cat)


@pytest.mark.slow  # from the cached proven starts (tests/_cat_starts.py): not in the debug stage
@pytest.mark.parametrize("n,blocked", [(9, 10), (11, 8), (11, 15)])
def test_follow_ups_are_proven_again_from_the_memory(n, blocked):
    """After a proof (by the proof-number search, or by the iterative deepening search, whose
    proof is copied into the memory), the position after its block and any cat reply is proven
    again from the memory: nine in ten in at most one position, all within the proof-number
    search's share (three quarters of the budget); searched afresh, some need more."""
    # the starts of test_cat_keeps_wins.py (cached), with their solutions
    starts = [
        (b, cat, tc.cat.solve(b, cat, max_nodes=BUDGET, policy="optimal"))
        for b, cat in proven_starts(n, blocked, 10, seed=n * 100 + blocked)
    ]
    fresh_more = 0
    costs = []
    for b, cat, sol in starts:
        keeper = tc.cat.SolverPlayer("smart", max_nodes=BUDGET)
        h = keeper.hint(b, cat)
        # the memory's table is larger than a fresh search's: the same proof, other costs
        assert h.proven and h.nodes <= BUDGET and sol.verdict is tc.Verdict.WIN
        assert divmod(keeper._memory.proven_block, n) == h.block
        after = b.copy()
        after[h.block] = 1
        for q in hexgrid.neighbours(cat, b.shape):
            if after[q] or hexgrid.escape_path(after, q) is None:
                continue
            again = keeper.hint(after, q)
            assert again.proven and again.nodes <= SHARE, (b, cat, q)
            costs.append(again.nodes)
            fresh = tc.cat.solve(after, q, max_nodes=BUDGET, policy="optimal")
            fresh_more += fresh.verdict is not tc.Verdict.WIN or fresh.nodes > 1
    assert sum(c <= 1 for c in costs) >= 0.9 * len(costs)
    assert fresh_more >= 3


# Two starts of a sceptic's run (tests/_cat_starts.py's proven_starts with seeds 99
# and 98, 20 starts each, beyond the test's), where the solver player without a memory fell back
# to heuristic blocks after proving the start.
# Proven by the proof-number search in 50 positions; without a memory the player lost it to the
# smart cat and the course's alpha-beta cat (a follow-up needed 83 to 1,045 positions, its
# share is 62).
PNS_START = (
    [(0, 2), (0, 3), (0, 4), (1, 2), (1, 5), (1, 8), (2, 0), (2, 9), (3, 3), (4, 1), (4, 2)]
    + [(4, 6), (4, 7), (5, 1), (5, 4), (6, 0), (6, 2), (8, 0), (8, 5), (9, 1), (9, 5), (10, 1)]
    + [(10, 2), (10, 3), (10, 4)],
    (2, 2),
)
# Proven by the iterative deepening search (horizon 3, 305 positions) at (9, 4); after the cat's
# reply to (7, 4) a fresh search does not prove it again, not even with 20,000 positions.
ID_START = (
    [(0, 6), (1, 2), (1, 6), (2, 2), (3, 6), (3, 10), (4, 0), (4, 7), (5, 2), (5, 3), (5, 6)]
    + [(6, 1), (6, 7), (7, 1), (7, 5), (8, 1), (8, 4), (9, 1), (10, 1), (10, 3)],
    (8, 3),
)


def _board(cells):
    b = np.zeros((11, 11), np.uint8)
    for p in cells:
        b[p] = 1
    return b


@pytest.mark.parametrize("cat_fn", ["smart", "course_alphabeta"])
def test_the_sceptics_lost_start_is_won(cat_fn):
    from reference.cats_published import PUBLISHED

    policy = PUBLISHED.get(cat_fn, cat_fn)
    b, cat = _board(PNS_START[0]), PNS_START[1]
    sol = tc.cat.solve(b, cat, max_nodes=2000, policy="optimal")
    assert sol.verdict is tc.Verdict.WIN and sol.depth == -1  # the proof-number search's
    g = tc.CatGame.from_board(b, cat, policy=policy, seed=0)
    keeper = tc.cat.SolverPlayer("smart", max_nodes=2000)
    short = 0
    while g.status == "playing":
        h = keeper.hint(g.board, g.cat)
        assert h.proven, g.to_text()
        short += _pns_solve(g.board, g.cat, 62)[0] != Result.RES_WIN  # afresh, in 0.2's share
        g.block(h.block)
    assert g.status == "won" and short >= 1


def test_iterative_deepening_proofs_are_kept():
    b, cat = _board(ID_START[0]), ID_START[1]
    sol = tc.cat.solve(b, cat, max_nodes=2000, policy="optimal")
    assert sol.verdict is tc.Verdict.WIN and sol.depth == 3 and sol.block == (9, 4)
    keeper = tc.cat.SolverPlayer("smart", max_nodes=2000)
    assert keeper.hint(b, cat).block == (9, 4)
    b[9, 4] = 1
    # a fresh search does not prove it with 2.5 times the player's budget (--full: 10 times)
    fresh = tc.cat.solve(b, (7, 4), max_nodes=size(5_000, 20_000), policy="optimal")
    assert fresh.verdict is tc.Verdict.UNKNOWN
    for q in hexgrid.neighbours(cat, b.shape):
        if not b[q]:
            again = keeper.hint(b, q)
            assert again.proven and again.nodes <= 1, q


def test_memory_errors():
    b = np.zeros((7, 7), np.uint8)
    mem = _pns.new_memory(7, 7, 2000)
    with pytest.raises(ValueError, match="memory"):
        _pns.solve_pns(np.zeros((7, 8), np.uint8), 3, 3, 100, *ARGS, 12, True, mem, 1)
    with pytest.raises(ValueError, match="memory"):
        _pns_solve(b, (3, 3), 100, mem[:-1].copy())
    with pytest.raises(ValueError, match="memory"):
        _pns.solve_pns(b, 3, 3, 100, *ARGS, 12, False, mem, 1)  # disproofs there are not real
    solver, optimal = Player.PLAYER_SOLVER, Model.MODEL_OPTIMAL
    for other in (_engine.Memory(6, 6, 100), _engine.Memory(7, 8, 100)):
        with pytest.raises(ValueError, match="memory"):
            _play.player_move(b, 3, 3, solver, optimal, 100, 64, np.random.PCG64(0), other)


def test_memory_size_follows_the_budget():
    # sized for proof-number searches of this many positions (the engine's share of a budget)
    small = _pns.new_memory(11, 11, 62)
    big = _pns.new_memory(11, 11, 200_000)
    # 16 header bytes, then 2^bits entries of 20 bytes and 2 zone words
    assert small.size == 16 + (1 << 12) * 36 and small[8] == 12
    assert big.size == 16 + (1 << 16) * 36 and big[8] == 16
    # a solver player's (budget 2,000: searches of 1,500 positions)
    assert _engine.Memory(11, 11, 2000).nbytes == 16 + (1 << 15) * 36


# -- SolverPlayer ---------------------------------------------------------------------------------
def test_solver_player_is_simulate_solver_player():
    """SolverPlayer as a callable player gives simulate's "solver" games (the kernel keeps a
    memory per game too), with one worker or two."""
    games = size(2, 40)  # the quick run: a game won and a game lost
    named = tc.cat.simulate(games, 9, 9, 10, policy="smart", player="solver", seed=3)
    keeper = tc.cat.SolverPlayer("smart")
    called = tc.cat.simulate(games, 9, 9, 10, policy="smart", player=keeper, seed=3)
    assert named.outcomes.tolist() == called.outcomes.tolist()
    assert named.moves.tolist() == called.moves.tolist()
    # one SolverPlayer shared by two workers (a table per thread), two batches: the same games
    # (the quick run on 5x5 boards: a batch of BATCH games is the point, not their size)
    games = tc.cat.LIMITS.batch_games + size(4, 40)
    n, blocked = size(5, 7), size(4, 6)
    both = tc.cat.simulate(games, n, n, blocked, policy="smart", player=keeper, seed=4, workers=2)
    one = tc.cat.simulate(games, n, n, blocked, policy="smart", player="solver", seed=4)
    assert both.outcomes.tolist() == one.outcomes.tolist()
    assert both.moves.tolist() == one.moves.tolist()


def test_solver_player_forgets_between_games():
    """A SolverPlayer used for one game and then another plays the second as a new one does:
    a board that is not a continuation of the last empties its table."""
    rng = np.random.default_rng(2)
    b1 = hexgrid.random_board(9, 9, 10, seed=rng, keep_free=(4, 4))
    b2 = hexgrid.random_board(9, 9, 10, seed=rng, keep_free=(4, 4))

    def game(keeper, b):
        b, cat, out = b.copy(), (4, 4), []
        gen = np.random.default_rng(0)
        while hexgrid.escape_path(b, cat) is not None and not hexgrid.is_border(cat, b.shape):
            out.append(keeper(b, cat, gen))
            b[out[-1]] = 1
            if hexgrid.escape_path(b, cat) is None or hexgrid.is_border(cat, b.shape):
                break
            cat = tc.cat.cat_move(b, cat, policy="smart", seed=gen)
        return out

    used = tc.cat.SolverPlayer("smart")
    game(used, b1)
    assert game(used, b2) == game(tc.cat.SolverPlayer("smart"), b2)
    used.reset()
    assert game(used, b1) == game(tc.cat.SolverPlayer("smart"), b1)


def test_solver_player_arguments():
    with pytest.raises(ValueError, match="max_nodes"):
        tc.cat.SolverPlayer(max_nodes=0)
    with pytest.raises(ValueError, match="policy"):
        tc.cat.SolverPlayer("clever")
    keeper = tc.cat.SolverPlayer("hard", max_nodes=500)
    assert keeper.policy == "smart" and "500" in repr(keeper)
    with pytest.raises(ValueError, match="cat"):
        keeper(np.ones((5, 5), np.uint8), (2, 2))
    with pytest.raises(ValueError, match="4096"):
        keeper(np.zeros((70, 70), np.uint8), (35, 35))
    with pytest.raises(ValueError, match="4096"):
        keeper.hint(np.zeros((70, 70), np.uint8), (35, 35))
    # a fixed cat: the iterative deepening search, the same block as player_move's
    b = hexgrid.random_board(9, 9, 12, seed=1, keep_free=(4, 4))
    bfs = tc.cat.SolverPlayer("bfs")
    assert bfs(b, (4, 4)) == tc.cat.player_move(b, (4, 4), player="solver", policy="bfs")


def test_solver_player_copies_and_pickles_without_its_table():
    """A copy or a pickle of a SolverPlayer (or of a CatGame that has given hints, as the demo
    copies games) is a new player: it plays as a fresh one does."""
    import copy
    import pickle

    b = hexgrid.random_board(9, 9, 12, seed=5, keep_free=(4, 4))
    keeper = tc.cat.SolverPlayer("smart", max_nodes=500)
    first = keeper(b, (4, 4))
    for other in (copy.deepcopy(keeper), pickle.loads(pickle.dumps(keeper))):
        assert other.policy == "smart" and other.max_nodes == 500
        assert other._memory is None and other(b, (4, 4)) == first
    g = tc.CatGame.from_board(b, (4, 4), policy="smart", seed=0)
    h = g.hint(max_nodes=500)
    twin = copy.deepcopy(g)
    assert twin.hint(max_nodes=500) == h
