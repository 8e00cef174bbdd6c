"""Whole-game simulation (trapcore.cat.simulate) and the player policies: reproducible, the same
games as CatGame and as the plain-Python loop over the twins, bad input."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from _suite import size

import trapcore as tc
from reference.cat_solver import greedy_block, random_block, simulate_twin
from reference.random import Uint32Stream
from trapcore.cat import hexgrid
from trapcore.cat.simulation import _batch_generators


def test_reproducible_and_independent_of_workers():
    a = tc.cat.simulate(600, policy="rays", player="random", seed=3)
    b = tc.cat.simulate(600, policy="rays", player="random", seed=3, workers=2)
    assert np.array_equal(a.outcomes, b.outcomes)
    assert np.array_equal(a.moves, b.moves)
    c = tc.cat.simulate(600, policy="rays", player="random", seed=4)
    assert not np.array_equal(a.moves, c.moves)


def test_batch_k_is_a_function_of_seed_and_k():
    """Batch k's games do not depend on how many games come before or after it."""
    big = tc.cat.simulate(3 * tc.cat.LIMITS.batch_games, policy="rays", player="random", seed=5)
    small = tc.cat.simulate(tc.cat.LIMITS.batch_games + 7, policy="rays", player="random", seed=5)
    n = tc.cat.LIMITS.batch_games + 7
    assert np.array_equal(big.moves[:n], small.moves) and np.array_equal(
        big.outcomes[:n], small.outcomes
    )
    gens = _batch_generators(3 * tc.cat.LIMITS.batch_games, seed=5)
    again = _batch_generators(2 * tc.cat.LIMITS.batch_games + 1, seed=5)
    batch = tc.cat.LIMITS.batch_games
    assert [n for _, n in gens] == [batch] * 3 and [n for _, n in again][-1] == 1
    for (g, _), (h, _) in zip(gens, again):
        assert g.integers(1 << 62, size=4).tolist() == h.integers(1 << 62, size=4).tolist()


def test_same_seed_in_a_fresh_process():
    games = size(50, 300)
    code = (
        f"import trapcore as tc; r = tc.cat.simulate({games}, policy='smart', player='lookahead', "
        "seed=12); print(r.outcomes.tolist(), r.moves.tolist())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    r = tc.cat.simulate(games, policy="smart", player="lookahead", seed=12)
    assert out.stdout.strip() == f"{r.outcomes.tolist()} {r.moves.tolist()}"


def test_result_fields():
    r = tc.cat.simulate(500, rows=9, cols=9, blocked=10, policy="bfs", player="lookahead", seed=1)
    assert r.games == 500 and r.outcomes.shape == (500,) and r.moves.shape == (500,)
    assert r.outcomes.dtype == np.int8 and r.moves.dtype == np.int32
    assert r.wins == int((r.outcomes == 1).sum())
    assert r.win_rate == pytest.approx(r.wins / 500)
    lo, hi = r.interval
    assert 0 <= lo <= r.win_rate <= hi <= 1
    assert r.mean_moves == pytest.approx(r.moves.mean())
    assert set(np.unique(r.outcomes)) <= {0, 1}
    assert (r.moves >= 1).all()
    assert "won" in str(r)
    assert isinstance(r, tc.cat.SimResult) and repr(r).startswith("SimResult(games=500, wins=")
    assert "outcomes" not in repr(r)
    with pytest.raises(AttributeError):
        r.wins = 0  # frozen
    with pytest.raises(ValueError):
        r.outcomes[0] = 1  # read-only


def test_default_start_blocks_match_catgame():
    r = tc.cat.simulate(5, policy="bfs", player="greedy", seed=9)
    gen, _ = _batch_generators(5, seed=9)[0]
    g = tc.CatGame(policy="bfs", seed=gen)
    assert int(g.board.sum()) == 15  # both default to 15 start blocks
    while g.status == "playing":
        g.block(tc.cat.player_move(g.board, g.cat, player="greedy"))
    assert g.moves == r.moves[0]


@pytest.mark.parametrize("rows, cols", [(3, 3), (1, 4), (2, 2), (5, 4)])
def test_full_boards_settle_like_catgame(rows, cols):
    r = tc.cat.simulate(3, rows, cols, blocked=rows * cols - 1, player="greedy", seed=2)
    for gen, n in _batch_generators(3, seed=2):
        for i in range(n):
            g = tc.CatGame(rows, cols, rows * cols - 1, seed=gen)
            assert g.status != "playing" and g.moves == 0
            assert r.outcomes[i] == (1 if g.status == "won" else 0) and r.moves[i] == 0


def test_zero_games():
    r = tc.cat.simulate(0, seed=1)
    assert r.games == 0 and r.outcomes.size == 0 and r.win_rate == 0.0


@pytest.mark.parametrize("policy", ["bfs", "rays", "smart"])
@pytest.mark.parametrize("player", ["random", "greedy", "lookahead", "solver"])
def test_matches_catgame(policy, player):
    """The first games of a batch, replayed through CatGame and player_move (the solver player: a
    SolverPlayer) with the batch's generator, are the same games."""
    games = size(4, 12) if player == "solver" else size(10, 30)
    r = tc.cat.simulate(games, blocked=8, policy=policy, player=player, seed=21, max_nodes=300)
    gen, n = _batch_generators(games, seed=21)[0]
    assert n == games
    for i in range(games):
        g = tc.CatGame(11, 11, 8, policy=policy, seed=gen)
        # simulate's solver player keeps its table through each game, as a SolverPlayer does
        keeper = tc.cat.SolverPlayer(policy, max_nodes=300)
        while g.status == "playing":
            if player == "solver":
                g.block(keeper(g.board, g.cat, gen))
                continue
            g.block(
                tc.cat.player_move(
                    g.board, g.cat, player=player, policy=policy, seed=gen, max_nodes=300
                )
            )
        assert (1 if g.status == "won" else 0) == r.outcomes[i]
        assert g.moves == r.moves[i]


@pytest.mark.parametrize("policy", ["bfs", "rays"])
@pytest.mark.parametrize("player", ["random", "greedy"])
@pytest.mark.parametrize("rules", ["enclosed", "surrounded"])
def test_matches_twin_loop(policy, player, rules):
    # the twin seeds its batches itself, from the seeding policy (tests/reference/cat_solver.py)
    outcomes, moves = simulate_twin(8, 300, 9, 9, 10, policy, player, rules)
    r = tc.cat.simulate(300, 9, 9, 10, policy=policy, player=player, rules=rules, seed=8)
    assert r.outcomes.tolist() == outcomes
    assert r.moves.tolist() == moves


def test_player_twins():
    rng = np.random.default_rng(0)
    for _ in range(200):
        b = hexgrid.random_board(9, 9, int(rng.integers(0, 40)), seed=rng, keep_free=(4, 4))
        assert tc.cat.player_move(b, (4, 4), player="greedy") == greedy_block(b.tolist(), (4, 4))
        s = int(rng.integers(1 << 30))
        got = tc.cat.player_move(b, (4, 4), player="random", seed=s)
        want = random_block(
            b.tolist(), (4, 4), Uint32Stream(np.random.Generator(np.random.PCG64(s)))
        )
        assert got == want


def test_player_moves_are_legal():
    rng = np.random.default_rng(5)
    for player in tc.cat.PLAYERS:
        for _ in range(20):
            b = hexgrid.random_board(7, 7, int(rng.integers(0, 30)), seed=rng, keep_free=(3, 3))
            m = tc.cat.player_move(b, (3, 3), player=player, policy="smart", seed=1, max_nodes=200)
            assert m is not None and m != (3, 3) and b[m] == 0
    full = np.ones((5, 5), np.uint8)
    full[2, 2] = 0
    assert tc.cat.player_move(full, (2, 2), player="greedy") is None


def test_stronger_players_win_more_and_smart_cat_escapes_more():
    res = {}
    for cat in ("bfs", "rays", "smart"):
        for player in ("greedy", "lookahead"):
            res[cat, player] = tc.cat.simulate(
                size(100, 400), blocked=8, policy=cat, player=player, seed=2
            ).win_rate
    for cat in ("bfs", "rays", "smart"):
        assert res[cat, "lookahead"] > res[cat, "greedy"]
    for player in ("greedy", "lookahead"):
        assert res["smart", player] <= min(res["bfs", player], res["rays", player])
    assert res["smart", "lookahead"] < min(res["bfs", "lookahead"], res["rays", "lookahead"])


def test_progress_callback():
    seen = []
    tc.cat.simulate(600, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (600, 600)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        (dict(games=-1), ValueError, "games"),
        (dict(games=1.5), TypeError, "games"),
        (dict(rows=0), ValueError, "rows"),
        (dict(rows=100, cols=100), ValueError, "cells"),
        (dict(blocked=121), ValueError, "blocked"),
        (dict(policy="lazy"), ValueError, "policy"),
        (dict(player="psychic"), ValueError, "player"),
        (dict(player=None), TypeError, "player"),
        (dict(rules="none"), ValueError, "rules"),
        (dict(seed=-1), ValueError, "seed"),
        (dict(seed="x"), TypeError, "seed"),
        (dict(workers=0), ValueError, "workers"),
        (dict(max_nodes=0), ValueError, "max_nodes"),
    ],
)
def test_bad_input(kwargs, exc, match):
    args = dict(games=10)
    args.update(kwargs)
    with pytest.raises(exc, match=match):
        tc.cat.simulate(**args)
    with pytest.raises(TypeError):
        tc.cat.simulate(10, 11, 11, 15, "bfs")  # options are keyword-only
    with pytest.raises(TypeError):
        tc.cat.simulate(10, cat="bfs")  # 0.1's name for the policy is gone


def test_player_move_bad_input():
    b = np.zeros((5, 5), np.uint8)
    with pytest.raises(ValueError, match="player"):
        tc.cat.player_move(b, (2, 2), player="nobody")
    with pytest.raises(ValueError, match="policy"):
        tc.cat.player_move(b, (2, 2), player="greedy", policy="clever")
    # the cat being played is a model, so "optimal" is one (as in solve and hint)
    assert tc.cat.player_move(b, (2, 2), player="solver", policy="optimal", max_nodes=500) == (
        tc.cat.player_move(b, (2, 2), player="solver", policy="smart", max_nodes=500)
    )
    with pytest.raises(ValueError, match="cat"):
        tc.cat.player_move(b, (7, 2))
    with pytest.raises(TypeError, match="board"):
        tc.cat.player_move(b.astype(float), (2, 2))
    with pytest.raises(ValueError, match="board"):
        tc.cat.player_move(np.zeros((70, 70), np.uint8), (35, 35), player="solver")
    with pytest.raises(TypeError):
        tc.cat.player_move(b, (2, 2), "greedy")  # options are keyword-only
