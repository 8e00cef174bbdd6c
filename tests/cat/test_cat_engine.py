"""The solver's one entry (src/cat/engine.pyx, issues 26 and 31): the default method finds every
proof either method finds alone within the same budget, on positions from real games; hints are
proven where a few hundred positions prove them; the search memory is opaque to Python."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from _suite import size

import trapcore as tc
from trapcore.cat import _engine, hexgrid
from trapcore.cat.players import _model_of

# issue 31's start: the player to move, the cat on (6, 2)
ISSUE_31 = [(3, 2), (4, 0), (4, 1), (4, 3), (5, 0), (5, 5), (6, 0), (6, 1), (6, 4), (7, 0), (7, 5)]


def _issue_31_board():
    b = np.zeros((11, 11), np.uint8)
    for p in ISSUE_31:
        b[p] = 1
    return b


@functools.cache
def game_positions(games, seed):
    """Positions from real games (the player to move; the cat neither on the border nor
    enclosed): random 11x11 starts of 8 and 15 blocks, the lookahead, greedy and random players
    against the smart, BFS and ray cats."""
    rng = np.random.default_rng(seed)
    out = []
    for g in range(games):
        policy = ("smart", "bfs", "rays")[g % 3]
        player = ("lookahead", "greedy", "random")[(g // 3) % 3]
        game = tc.CatGame(blocked=(8, 15)[g % 2], policy=policy, seed=int(rng.integers(1 << 31)))
        while game.status == "playing":
            b, cat = np.array(game.board), game.cat
            if not hexgrid.is_border(cat, b.shape) and hexgrid.escape_path(b, cat) is not None:
                out.append((b, cat))
            block = tc.cat.player_move(b, cat, player=player, seed=rng)
            if block is None:
                break
            game.block(block)
    return tuple(out)


def _coverage(positions, budget):
    """(wins proven by "pns" or "id" alone, those the default missed), each within budget."""
    either, missed = 0, []
    for b, cat in positions:
        alone = [
            tc.cat.solve(b, cat, max_nodes=budget, method=m, policy="optimal")
            for m in ("pns", "id")
        ]
        default = tc.cat.solve(b, cat, max_nodes=budget, policy="optimal")
        assert max(s.nodes for s in alone) <= budget and default.nodes <= budget
        if any(s.verdict is tc.Verdict.WIN for s in alone):
            either += 1
            if default.verdict is not tc.Verdict.WIN:
                missed.append((b, cat))
        # a proof is a proof: the default never contradicts either method
        for s in alone:
            if s.verdict is not tc.Verdict.UNKNOWN and default.verdict is not tc.Verdict.UNKNOWN:
                assert s.verdict is default.verdict
    return either, missed


def test_default_finds_the_proofs_either_method_finds():
    """About 120 positions of 24 games, 500 positions each (a few seconds; 50 in the quick run)."""
    positions = game_positions(24, seed=31)[: size(50, 120)]
    either, missed = _coverage(positions, 500)
    assert either >= size(5, 10)  # the test can fail: there are proofs to find
    assert missed == []


@pytest.mark.slow
def test_default_finds_the_proofs_either_method_finds_large():
    """Some 300 positions of 60 games, at the solver player's budget (2,000)."""
    positions = game_positions(60, seed=3100)[:300]
    either, missed = _coverage(positions, 2_000)
    assert either >= 30
    assert missed == []


def test_issue_31_start_is_proven_by_default():
    b = _issue_31_board()
    assert tc.cat.solve(b, (6, 2), method="pns", max_nodes=2000, policy="optimal") == (
        "win",
        (8, 2),
        929,
        -1,
    )
    for budget in (2_000, tc.cat.LIMITS.solve_nodes):
        assert tc.cat.solve(b, (6, 2), max_nodes=budget, policy="optimal").verdict is tc.Verdict.WIN
        h = tc.cat.hint(b, (6, 2), policy="smart", max_nodes=budget)
        assert h.proven and h.block == (8, 2) and h.nodes <= budget
    # the solver player (simulate's, SolverPlayer, CatGame.hint) at its default budget
    assert tc.cat.player_move(b, (6, 2), player="solver", policy="smart") == (8, 2)
    assert tc.cat.SolverPlayer("smart").hint(b, (6, 2)).proven
    g = tc.CatGame.from_board(b, (6, 2), policy="smart", seed=0)
    assert g.hint(max_nodes=2_000).proven


def test_one_hint_everywhere():
    """tc.cat.hint, SolverPlayer.hint and CatGame.hint give the same hint on a fresh position."""
    for b, cat in game_positions(6, seed=5)[::4]:
        h = tc.cat.hint(b, cat, policy="smart", max_nodes=300)
        assert tc.cat.SolverPlayer("smart", max_nodes=300).hint(b, cat) == h
        assert tc.CatGame.from_board(b, cat, policy="smart").hint(max_nodes=300) == h


def test_unproven_hint_is_not_cheaply_refuted_when_another_block_is_not():
    """An unproven hint is never a block after which a cheap search finds a forced escape, when
    the search's own block was one and another candidate was not (checked with the same cheap
    search the hint uses: max_nodes / 16 positions a reply)."""
    budget = 320
    checked = 0
    for b, cat in game_positions(size(6, 12), seed=7):
        h = tc.cat.hint(b, cat, policy="smart", max_nodes=budget)
        if h.proven or h.verdict is not tc.Verdict.UNKNOWN or h.block is None:
            continue
        after = b.copy()
        after[h.block] = 1
        replies = [q for q in hexgrid.neighbours(cat, b.shape) if not after[q]]
        refuted = any(hexgrid.is_border(q, b.shape) for q in replies) or any(
            tc.cat.solve(
                after, q, max_nodes=max(32, budget // 16), method="id", policy="optimal"
            ).verdict
            is tc.Verdict.LOSS
            for q in replies
        )
        checked += 1
        if refuted:  # allowed only when the search's block itself was refuted, so is every other
            sol = tc.cat.solve(b, cat, policy="optimal", max_nodes=budget)
            assert sol.block == h.block
    assert checked >= 5


def test_memory_is_opaque():
    m = _engine.Memory(11, 11, 2000)
    assert (m.rows, m.cols, m.proven_block) == (11, 11, -1)
    with pytest.raises(TypeError):
        memoryview(m)  # type: ignore[arg-type]
    b = _issue_31_board()
    keeper = tc.cat.SolverPlayer("smart")
    assert keeper(b, (6, 2)) == (8, 2)
    assert divmod(keeper._memory.proven_block, 11) == (8, 2)
    with pytest.raises(ValueError, match="memory"):
        _engine.solve(b, 6, 2, 0, 0, 100, 10, _engine.Memory(9, 9, 100), 1)


def test_methods_are_the_kernels_codes():
    from trapcore.cat._codes import SolveMethod

    assert tc.cat.SOLVE_METHODS == ("auto", "id", "pns")
    assert [m.value for m in SolveMethod] == [0, 1, 2]


def test_solve_takes_every_policy_the_game_takes():
    """solve(policy=) takes the policies hint, SolverPlayer and CatGame take (issue 26), solved
    as model_of maps them; "optimal" stays."""
    b = hexgrid.random_board(7, 7, 6, seed=1, keep_free=(3, 3))
    for policy in (*tc.cat.POLICIES, *tc.cat.LEVELS, lambda b, c, r: c):
        model = _model_of(policy)
        assert tc.cat.solve(b, (3, 3), policy=policy, max_nodes=300) == tc.cat.solve(
            b, (3, 3), policy=model, max_nodes=300
        )
    with pytest.raises(ValueError, match="policy"):
        tc.cat.solve(b, (3, 3), policy="nope")
    with pytest.raises(TypeError, match="policy"):
        tc.cat.solve(b, (3, 3), policy=3)
