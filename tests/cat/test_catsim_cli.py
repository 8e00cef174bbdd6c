"""`trapcore cat simulate` and `trapcore cat solve` (trapcore/cat/cli.py)."""

from __future__ import annotations

import argparse
import io

import numpy as np
import pytest
from _suite import size

import trapcore as tc
from trapcore.cat import cli as cat_cli
from trapcore.cat import read_board


def _parse(argv):
    parser = argparse.ArgumentParser(prog="trapcore")
    cat_cli.add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(argv)


# the quick run: the first 32 games, the least that holds a greedy win against the smart cat
# (game 31), so the win rate checked below is not the 0.0% of other rows
GAMES = size(32, 300)


def test_simulate_prints_the_table():
    args = _parse(
        [
            "cat",
            "simulate",
            "--games",
            str(GAMES),
            "--policy",
            "bfs,smart",
            "--player",
            "all",
            "--seed",
            "1",
            "--no-progress",
            "--max-nodes",
            str(size(50, 200)),  # the solver player's budget: most of the run's time
        ]
    )
    out = io.StringIO()
    assert args.func(args, out=out) == 0
    text = out.getvalue()
    assert "win rate" in text and "95% interval" in text
    assert (
        sum(
            line.startswith(("random", "greedy", "lookahead", "solver"))
            for line in text.splitlines()
        )
        == 8
    )
    r = tc.cat.simulate(GAMES, blocked=15, policy="smart", player="greedy", seed=1)
    assert f"{100 * r.win_rate:8.1f}%" in text


def test_simulate_progress_bar():
    # a bar only on a terminal (issue 16) or when asked for: a StringIO is not a terminal
    args = _parse(["cat", "simulate", "--games", "600", "--seed", "2", "--progress"])
    out, err = io.StringIO(), io.StringIO()
    args.func(args, out=out, err=err)
    assert "600/600" in err.getvalue() and "#" in err.getvalue()


def test_simulate_bad_names():
    args = _parse(["cat", "simulate", "--games", "10", "--policy", "tiger"])
    with pytest.raises(ValueError, match="--policy"):
        args.func(args, out=io.StringIO())


def test_solve_from_seed_and_from_file(tmp_path):
    args = _parse(["cat", "solve", "--seed", "3", "--policy", "bfs"])
    out = io.StringIO()
    args.func(args, out=out)
    assert "against the bfs cat: win" in out.getvalue()
    assert "best block:" in out.getvalue()

    g = tc.CatGame.from_board(np.zeros((5, 5), np.uint8), (2, 2))
    path = tmp_path / "board.txt"
    path.write_text(g.to_text())
    args = _parse(["cat", "solve", "--board", str(path), "--policy", "optimal"])
    out = io.StringIO()
    args.func(args, out=out)
    assert "against the optimal cat: loss" in out.getvalue()
    assert "within 2 of its moves" in out.getvalue()

    # --cat ROW COL puts the cat elsewhere: here on the border, where it escapes at once
    args = _parse(["cat", "solve", "--board", str(path), "--cat", "0", "2", "--policy", "optimal"])
    out = io.StringIO()
    args.func(args, out=out)
    assert "against the optimal cat: loss" in out.getvalue()
    assert "within 0 of its moves" in out.getvalue()


def test_read_board():
    b, cat = read_board("  0 1 2\n0  . # .\n1 . C .\n2  # . .\n")
    assert b.tolist() == [[0, 1, 0], [0, 0, 0], [1, 0, 0]] and cat == (1, 1)
    pos = read_board("010\n000\n")
    assert isinstance(pos, tc.cat.Position) and pos.cat is None
    assert pos.board.tolist() == [[0, 1, 0], [0, 0, 0]] and pos.board.dtype == np.uint8
    with pytest.raises(ValueError, match="board"):
        read_board("hello\n")
    with pytest.raises(ValueError, match="lengths"):
        read_board("...\n..\n")


def test_render_and_read_board_round_trip():
    g = tc.CatGame(7, 9, 12, seed=4)
    pos = read_board(g.to_text())
    assert np.array_equal(pos.board, g.board) and pos.cat == g.cat
    text = tc.cat.render_board(g.board, g.cat, numbers=False)
    pos = read_board(text)
    assert np.array_equal(pos.board, g.board) and pos.cat == g.cat
    with pytest.raises(ValueError, match="cat"):
        tc.cat.render_board(g.board, (7, 0))


def test_cli_main_hook():
    """Through trapcore's own command line (trapcore/cli.py calls trapcore.cat.cli.add_parser)."""
    from trapcore import cli

    assert cli.main(["cat", "solve", "--rows", "7", "--cols", "7", "--blocked", "0"]) == 0
    assert cli.main(["cat", "simulate", "--games", "50", "--no-progress", "--seed", "1"]) == 0


def test_solve_method_and_workers():
    # the proof-number search alone, on two threads: the same verdict, block and nodes as on one
    outs = []
    for workers in ("1", "2"):
        args = _parse(
            ["cat", "solve", "--seed", "5", "--method", "pns", "--max-nodes", "3000"]
            + ["--policy", "optimal"]
            + ["--workers", workers]
        )
        out = io.StringIO()
        args.func(args, out=out)
        outs.append([line for line in out.getvalue().splitlines() if "time:" not in line])
        assert "nodes:" in out.getvalue()
    assert outs[0] == outs[1]
    args = _parse(["cat", "solve", "--seed", "5", "--workers", "0"])
    with pytest.raises(ValueError, match="workers"):
        args.func(args, out=io.StringIO())
