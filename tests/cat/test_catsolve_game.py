"""The smart cat (against its twin), hints, post-game analysis and winnable starts."""

from __future__ import annotations

import numpy as np
import pytest
from _suite import size

import trapcore as tc
from reference.cat_solver import smart_step
from reference.random import Uint32Stream
from trapcore.cat import Analysis, Hint, Status, Verdict, hexgrid
from trapcore.cat.players import _model_of


def _positions(n, count, seed, lo=0):
    """Random boards with the cat on a free, non-border cell that still reaches the border."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        b = hexgrid.random_board(n, n, int(rng.integers(lo, n * n // 3)), seed=rng)
        free = np.argwhere(b == 0)
        r, c = (int(v) for v in free[rng.integers(len(free))])
        if hexgrid.is_border((r, c), (n, n)) or hexgrid.distance_to_border(b)[r, c] < 0:
            continue
        out.append((b, (r, c)))
    return out


@pytest.mark.parametrize("n", [5, 7])
def test_smart_cat_matches_twin(n):
    for i, (b, cat) in enumerate(
        _positions(n, 60 if n == 5 else 12, seed=n, lo=0 if n == 5 else 10)
    ):
        got = tc.cat.cat_move(b, cat, policy="smart", seed=i)
        want = smart_step(b.tolist(), cat, Uint32Stream(np.random.Generator(np.random.PCG64(i))))
        assert got == tuple(want), (b, cat)


def test_smart_cat_search_matches_twin():
    """Centre starts on 7x7, where the smart cat often reaches its alpha-beta search (compared
    where the twin's search stays well inside the kernel's 2,000-node budget)."""
    rng = np.random.default_rng(5)
    done = compared = 0
    while done < size(8, 12):
        b = hexgrid.random_board(7, 7, int(rng.integers(12, 22)), seed=rng, keep_free=(3, 3))
        if hexgrid.distance_to_border(b)[3, 3] < 0:
            continue
        done += 1
        stats = {"nodes": 0}
        stream = Uint32Stream(np.random.Generator(np.random.PCG64(done)))
        want = smart_step(b.tolist(), (3, 3), stream, stats=stats)
        if stats["nodes"] > 1000:
            continue
        compared += stats["nodes"] > 0
        assert tc.cat.cat_move(b, (3, 3), policy="smart", seed=done) == tuple(want), b
    assert compared >= size(2, 3)  # the search itself was compared


def test_smart_cat_moves_legally_and_takes_the_border():
    for i, (b, cat) in enumerate(_positions(11, 100, seed=3)):
        q = tc.cat.cat_move(b, cat, policy="smart", seed=i)
        assert q in hexgrid.neighbours(cat, (11, 11)) and b[q] == 0
        d = hexgrid.distance_to_border(b)
        if d[cat] == 1:
            assert d[q] == 0


def test_smart_cat_ties_are_random_but_seeded():
    b = np.zeros((11, 11), np.uint8)
    moves = {tc.cat.cat_move(b, (5, 5), policy="smart", seed=s) for s in range(40)}
    assert len(moves) > 1
    assert tc.cat.cat_move(b, (5, 5), policy="smart", seed=7) == tc.cat.cat_move(
        b, (5, 5), policy="smart", seed=7
    )


def test_smart_catgame_undo_and_history():
    g = tc.CatGame(policy="smart", seed=4)
    g.block((0, 0))
    after = (g.board.copy(), g.cat)
    g.undo()
    g.block((0, 0))
    assert np.array_equal(g.board, after[0]) and g.cat == after[1]
    assert g.history == [tc.cat.Turn((0, 0), g.cat)]


def test_hint_wins_against_bfs_cat():
    g = tc.CatGame(policy="bfs", seed=5, winnable=True, blocked=8)
    while g.status == "playing":
        h = g.hint()
        assert isinstance(h, Hint) and h.proven and h.verdict is Verdict.WIN
        assert tc.cat.hint(g.board, g.cat, policy="bfs") == h  # the same as the free function
        g.block(h.block)
    assert g.status is Status.WON
    assert "proven win" in str(h)
    with pytest.raises(AttributeError):
        h.block = (0, 0)  # frozen


def test_hint_falls_back_when_unproven():
    g = tc.CatGame(policy="smart", seed=1, blocked=0)
    h = g.hint(max_nodes=100)
    assert not h.proven and h.verdict is Verdict.UNKNOWN
    assert h.block is not None and g.board[h.block] == 0
    assert "not proven" in str(h)
    over = tc.CatGame.from_board(np.zeros((3, 3), np.uint8), (1, 1))
    over.block((0, 0))  # the cat steps onto the border
    over.block((0, 1))  # and escapes
    with pytest.raises(ValueError, match="over"):
        over.hint()
    with pytest.raises(TypeError):
        g.hint(100)  # keyword-only


def _blunder_board():
    """5x5, cat at (2, 2) whose only way out is (2, 3), which has two free border neighbours;
    (0, 0) is free elsewhere. Blocking (2, 3) wins; blocking (0, 0) loses."""
    b = np.ones((5, 5), np.uint8)
    for cell in [(2, 2), (2, 3), (2, 4), (1, 4), (0, 0)]:
        b[cell] = 0
    return b


def test_analyze_names_the_blunder():
    g = tc.CatGame.from_board(_blunder_board(), (2, 2), policy="bfs")
    g.block((0, 0))  # the cat steps to (2, 3): two ways out
    g.block((1, 4))  # the cat steps to (2, 4), on the border
    g.block((2, 2))  # and escapes
    assert g.status == "lost"
    a = g.analyze()
    assert isinstance(a, Analysis) and len(a.verdicts) == g.moves + 1
    assert a.verdicts[:2] == ("win", "loss") and a.verdicts[-1] is Verdict.LOSS  # it escaped
    assert all(isinstance(v, Verdict) for v in a.verdicts)
    assert a.mistake == 0 and a.block == (0, 0) and a.better == (2, 3)
    assert repr(a).startswith("Analysis(verdicts=(Verdict.WIN, Verdict.LOSS, ")


def test_analyze_clean_game():
    g = tc.CatGame.from_board(_blunder_board(), (2, 2), policy="smart", seed=1)
    g.block((2, 3))
    assert g.status == "won"
    a = g.analyze()
    assert a == Analysis((Verdict.WIN, Verdict.WIN), None, None, None)
    assert tc.CatGame.from_board(_blunder_board(), (2, 2)).analyze() == (
        (Verdict.WIN,),
        None,
        None,
        None,
    )


@pytest.mark.parametrize("policy", ["bfs", "rays"])
def test_winnable_starts_are_proven(policy):
    for seed in range(size(1, 3)):
        g = tc.CatGame(policy=policy, blocked=8, seed=seed, winnable=True)
        assert tc.cat.solve(g.board, g.cat, policy=policy).verdict == "win"
    b = tc.cat.winnable_board(11, 11, 8, policy=policy, seed=1)
    assert b[5, 5] == 0 and b.sum() == 8
    assert tc.cat.solve(b, (5, 5), policy=policy).verdict == "win"
    assert np.array_equal(b, tc.cat.winnable_board(11, 11, 8, policy=policy, seed=1))
    b = tc.cat.winnable_board(9, 9, 8, policy=policy, start=(3, 5), seed=1)
    assert b[3, 5] == 0 and tc.cat.solve(b, (3, 5), policy=policy).verdict == "win"


def test_winnable_smart_on_a_small_board():
    g = tc.CatGame(7, 7, blocked=14, policy="smart", seed=2, winnable=True, max_nodes=20_000)
    assert tc.cat.solve(g.board, g.cat, policy="optimal", max_nodes=20_000).verdict == "win"


def test_winnable_gives_up():
    with pytest.raises(ValueError, match="winnable"):
        tc.CatGame(5, 5, blocked=0, policy="smart", seed=1, winnable=True, max_attempts=3)
    with pytest.raises(ValueError, match="winnable"):
        tc.cat.winnable_board(5, 5, 0, policy="smart", seed=1, max_attempts=2)
    with pytest.raises(ValueError, match="policy"):
        tc.cat.winnable_board(5, 5, 0, policy="clever", seed=1)
    with pytest.raises(ValueError, match="winnable.*against the optimal cat"):
        tc.cat.winnable_board(5, 5, 0, policy="optimal", seed=1, max_attempts=2)
    with pytest.raises(ValueError, match="cells"):
        tc.cat.winnable_board(70, 70, 0)  # the solver's limit, before any work


def test_hexgrid_does_not_import_the_solver():
    """The geometry module and what it imports from the package never reach the solver."""
    import ast
    import importlib

    def imports(modname):
        tree = ast.parse(inspect_source(importlib.import_module(modname)))
        out = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                out |= {f"{node.module}.{a.name}" for a in node.names} | {node.module}
            elif isinstance(node, ast.Import):
                out |= {a.name for a in node.names}
        return {m for m in out if m.startswith("trapcore.cat")}

    seen, todo = set(), ["trapcore.cat.hexgrid"]
    while todo:
        mod = todo.pop()
        seen.add(mod)
        for dep in imports(mod):
            if dep not in seen and dep.rsplit(".", 1)[-1] in ("_board", "hexgrid"):
                todo.append(dep)
    reached = set().union(*(imports(m) for m in seen))
    assert "trapcore.cat._board" in reached and "trapcore.cat._hexgrid" in reached
    assert not {
        m for m in reached if m.rsplit(".", 1)[-1] in ("solver", "_play", "_pns", "_search", "game")
    }


def inspect_source(module):
    import inspect

    return inspect.getsource(module)


def test_model_of():
    assert _model_of("smart") == "optimal"
    assert _model_of("bfs") == "bfs"
    assert _model_of("optimal") == "optimal"  # the solver's own cat, as solve() takes it
    with pytest.raises(ValueError, match="policy"):
        _model_of("clever")
