"""The public surface of trapcore.cat: __all__, the str enums, the typed results and their reprs,
IllegalMoveError, and the 0.2 vocabulary (cells as tuples, policy=, keyword-only options)."""

import inspect
import types

import numpy as np
import pytest

import trapcore as tc
from trapcore.cat import (
    Analysis,
    CatGame,
    Hint,
    Position,
    SimResult,
    Solution,
    Status,
    Turn,
    Verdict,
)
from trapcore.errors import IllegalMoveError

SUBMODULES = {
    "hexgrid",
    "game",
    "players",
    "solver",
    "solver_cat",
    "simulation",
    "render",
    "formats",
    "proof",
    "cli",
    "internal",
}


def test_all_is_complete_and_nothing_else_is_public():
    names = set(tc.cat.__all__)
    assert len(names) == len(tc.cat.__all__)
    assert all(hasattr(tc.cat, n) for n in names)
    public = {n for n in dir(tc.cat) if not n.startswith("_")}
    # the implementation modules are attributes of the package, but not part of its API
    assert public - names <= SUBMODULES - {"hexgrid"}
    assert {"CatGame", "Status", "Verdict"} <= names
    assert tc.CatGame is CatGame and tc.Status is Status and tc.Verdict is Verdict
    for mod in SUBMODULES - {"cli", "internal"}:
        module = getattr(tc.cat, mod)
        assert isinstance(module, types.ModuleType)
        for n in module.__all__:
            assert n in names or (mod == "hexgrid" and hasattr(tc.cat.hexgrid, n)), (mod, n)


def test_verdict_is_a_str_enum():
    assert [v.value for v in Verdict] == ["win", "loss", "unknown"]
    assert Verdict.WIN == "win" and Verdict("loss") is Verdict.LOSS
    assert str(Verdict.UNKNOWN) == f"{Verdict.UNKNOWN}" == "unknown"
    assert repr(Verdict.WIN) == "Verdict.WIN"
    assert issubclass(Verdict, str) and issubclass(Status, str)


def test_solution_is_typed():
    sol = tc.cat.solve(np.zeros((7, 7), np.uint8), (3, 3), policy="optimal")
    assert isinstance(sol, Solution) and sol.verdict is Verdict.LOSS
    # 0.2: the default method ("auto") spends 104 positions disproving by proof numbers first
    assert repr(sol) == "Solution(verdict=Verdict.LOSS, block=(2, 2), nodes=475, depth=4)"
    verdict, block, nodes, depth = sol  # still unpacks
    assert (verdict, block, depth) == ("loss", (2, 2), 4) and type(nodes) is int
    assert all(type(v) is int for v in sol.block)


def test_turn_and_history_are_typed():
    game = CatGame(seed=6)
    cell = game.legal_blocks()[0]
    game.block(cell)
    (turn,) = game.history
    assert isinstance(turn, Turn) and turn.block == cell and turn.cat == game.cat
    assert repr(turn) == f"Turn(block={cell}, cat={game.cat})"


def test_hint_is_typed():
    game = CatGame.from_board(np.zeros((5, 5), np.uint8), (2, 2))
    h = game.hint()
    assert isinstance(h, Hint) and h.verdict is Verdict.LOSS and not h.proven
    assert repr(h).startswith("Hint(block=") and "verdict=Verdict.LOSS" in repr(h)
    assert str(h).startswith(f"block {h.block[0]} {h.block[1]} (the cat escapes")


def test_analysis_is_typed():
    game = CatGame.from_board(np.zeros((5, 5), np.uint8), (2, 2))
    a = game.analyze()
    assert a == Analysis((Verdict.LOSS,), None, None, None)
    assert repr(a) == "Analysis(verdicts=(Verdict.LOSS,), mistake=None, block=None, better=None)"


def test_simresult_and_position_are_typed():
    r = tc.cat.simulate(10, seed=1)
    assert isinstance(r, SimResult) and r.games == 10
    pos = tc.cat.read_board(". C\n . .\n")
    assert isinstance(pos, Position) and pos.cat == (0, 1)


@pytest.mark.parametrize("what", ["blocked cell", "cat's cell", "after the end"])
def test_illegal_moves_raise_illegal_move_error(what):
    board = np.zeros((5, 5), np.uint8)
    board[0, 0] = 1
    game = CatGame.from_board(board, (2, 2), seed=0)
    if what == "blocked cell":
        cell, match = (0, 0), "already blocked"
    elif what == "cat's cell":
        cell, match = (2, 2), "cat's cell"
    else:
        while game.status is Status.PLAYING:
            game.block(game.legal_blocks()[-1])
        assert game.legal_blocks() == []
        free = np.argwhere(game.board == 0).tolist()
        cell = next(tuple(c) for c in free if tuple(c) != game.cat)  # free, yet not playable
        match = "game is over"
    before = (game.board.copy(), game.cat, game.status, game.history)
    with pytest.raises(IllegalMoveError, match=match):
        game.block(cell)
    assert issubclass(IllegalMoveError, ValueError)
    after = (game.board, game.cat, game.status, game.history)
    assert np.array_equal(before[0], after[0]) and before[1:] == after[1:]


def test_vocabulary():
    """Every cell parameter takes one (row, col) tuple; policy= names the cat's policy; no
    cat= or cat_policy= meaning a policy; options after the main arguments are keyword-only."""
    functions = [
        tc.cat.cat_move,
        tc.cat.player_move,
        tc.cat.solve,
        tc.cat.hint,
        tc.cat.winnable_board,
        tc.cat.simulate,
        tc.cat.hexgrid.random_board,
        tc.cat.render_board,
        CatGame,
        CatGame.from_board,
        CatGame.block,
        CatGame.hint,
        CatGame.analyze,
        tc.cat.simulation._batch_generators,
    ]
    for fn in functions:
        params = inspect.signature(fn).parameters
        assert "cat_policy" not in params
        for name in (
            "policy",
            "player",
            "rules",
            "seed",
            "max_nodes",
            "max_attempts",
            "workers",
            "method",
            "winnable",
            "keep_free",
            "numbers",
            "progress",
            "max_depth",
        ):
            if name in params:
                assert params[name].kind is inspect.Parameter.KEYWORD_ONLY, (fn, name)
        if "cat" in params:
            assert params["cat"].kind is not inspect.Parameter.KEYWORD_ONLY  # the cat's cell
    assert "rules" not in inspect.signature(tc.cat.solve).parameters
    assert "cat" not in inspect.signature(CatGame).parameters
