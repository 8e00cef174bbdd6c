"""The smart cat (against its twin), hints, post-game analysis and winnable starts."""
from __future__ import annotations

import numpy as np
import pytest
from reference_catsolve import smart_step

import trapcore as tc
from reference import Uint32Stream
from trapcore import hexgrid


def _positions(n, count, seed, lo=0):
    """Random boards with the cat on a free, non-border cell that still reaches the border."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        b = hexgrid.random_board(n, n, int(rng.integers(lo, n * n // 3)), seed=rng)
        free = np.argwhere(b == 0)
        r, c = (int(v) for v in free[rng.integers(len(free))])
        if hexgrid.is_border(r, c, n, n) or hexgrid.distance_to_border(b)[r, c] < 0:
            continue
        out.append((b, (r, c)))
    return out


@pytest.mark.parametrize("n", [5, 7])
def test_smart_cat_matches_twin(n):
    for i, (b, cat) in enumerate(_positions(n, 60 if n == 5 else 12, seed=n, lo=0 if n == 5 else 10)):
        got = tc.cat.cat_move(b, cat, "smart", seed=i)
        want = smart_step(b.tolist(), cat, Uint32Stream(np.random.Generator(np.random.PCG64(i))))
        assert got == tuple(want), (b, cat)


def test_smart_cat_moves_legally_and_takes_the_border():
    for i, (b, cat) in enumerate(_positions(11, 100, seed=3)):
        q = tc.cat.cat_move(b, cat, "smart", seed=i)
        assert q in hexgrid.neighbors(*cat, 11, 11) and b[q] == 0
        d = hexgrid.distance_to_border(b)
        if d[cat] == 1:
            assert d[q] == 0


def test_smart_cat_ties_are_random_but_seeded():
    b = np.zeros((11, 11), np.uint8)
    moves = {tc.cat.cat_move(b, (5, 5), "smart", seed=s) for s in range(40)}
    assert len(moves) > 1
    assert tc.cat.cat_move(b, (5, 5), "smart", seed=7) == tc.cat.cat_move(b, (5, 5), "smart", seed=7)


def test_smart_catgame_undo_and_history():
    g = tc.CatGame(cat="smart", seed=4)
    g.block(0, 0)
    after = (g.board.copy(), g.cat)
    g.undo()
    g.block(0, 0)
    assert np.array_equal(g.board, after[0]) and g.cat == after[1]
    assert g.history[-1]["block"] == (0, 0)


def test_hint_wins_against_bfs_cat():
    g = tc.CatGame(cat="bfs", seed=5, winnable=True, blocked=8)
    while g.status == "playing":
        h = g.hint()
        assert h.proven and h.verdict == "win"
        g.block(*h.block)
    assert g.status == "won"
    assert "proven win" in str(h)


def test_hint_falls_back_when_unproven():
    g = tc.CatGame(cat="smart", seed=1, blocked=0)
    h = g.hint(max_nodes=100)
    assert not h.proven and h.verdict == "unknown"
    assert h.block is not None and g.board[h.block] == 0
    over = tc.CatGame(board=np.zeros((3, 3), np.uint8), start=(1, 1))
    over.block(0, 0)  # the cat steps onto the border
    over.block(0, 1)  # and escapes
    with pytest.raises(ValueError, match="over"):
        over.hint()


def _blunder_board():
    """5x5, cat at (2, 2) whose only way out is (2, 3), which has two free border neighbours;
    (0, 0) is free elsewhere. Blocking (2, 3) wins; blocking (0, 0) loses."""
    b = np.ones((5, 5), np.uint8)
    for cell in [(2, 2), (2, 3), (2, 4), (1, 4), (0, 0)]:
        b[cell] = 0
    return b


def test_analyze_names_the_blunder():
    g = tc.CatGame(board=_blunder_board(), start=(2, 2), cat="bfs")
    g.block(0, 0)  # the cat steps to (2, 3): two ways out
    g.block(1, 4)  # the cat steps to (2, 4), on the border
    g.block(2, 2)  # and escapes
    assert g.status == "lost"
    a = g.analyze()
    assert a["verdicts"][:2] == ["win", "loss"] and a["verdicts"][-1] == "lost"
    assert a["mistake"] == 0 and a["block"] == (0, 0) and a["better"] == (2, 3)


def test_analyze_clean_game():
    g = tc.CatGame(board=_blunder_board(), start=(2, 2), cat="smart", seed=1)
    g.block(2, 3)
    assert g.status == "won"
    a = g.analyze()
    assert a == {"verdicts": ["win", "won"], "mistake": None, "block": None, "better": None}


@pytest.mark.parametrize("cat", ["bfs", "rays"])
def test_winnable_starts_are_proven(cat):
    for seed in range(3):
        g = tc.CatGame(cat=cat, blocked=8, seed=seed, winnable=True)
        assert tc.cat.solve(g.board, g.cat, cat).verdict == "win"
    b = hexgrid.random_board(11, 11, 8, seed=1, winnable=True, cat=cat)
    assert b[5, 5] == 0 and b.sum() == 8
    assert tc.cat.solve(b, (5, 5), cat).verdict == "win"
    assert np.array_equal(b, hexgrid.random_board(11, 11, 8, seed=1, winnable=True, cat=cat))


def test_winnable_smart_on_a_small_board():
    g = tc.CatGame(7, 7, blocked=14, cat="smart", seed=2, winnable=True, max_nodes=20_000)
    assert tc.cat.solve(g.board, g.cat, "optimal", max_nodes=20_000).verdict == "win"


def test_winnable_gives_up():
    with pytest.raises(ValueError, match="winnable"):
        tc.CatGame(5, 5, blocked=0, cat="smart", seed=1, winnable=True, max_tries=3)
    with pytest.raises(ValueError, match="winnable"):
        hexgrid.random_board(5, 5, 0, seed=1, winnable=True, cat="smart", max_tries=2)
    with pytest.raises(ValueError, match="cat"):
        hexgrid.random_board(5, 5, 0, seed=1, winnable=True, cat="optimal")


def test_model_of():
    assert tc.cat.model_of("smart") == "optimal"
    assert tc.cat.model_of("bfs") == "bfs"
    with pytest.raises(ValueError, match="cat"):
        tc.cat.model_of("optimal")
