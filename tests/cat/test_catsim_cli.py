"""`trapcore cat simulate` and `trapcore cat solve` (trapcore/cat_tools.py)."""
from __future__ import annotations

import argparse
import io

import numpy as np
import pytest

import trapcore as tc
from trapcore import cat_tools


def _parse(argv):
    parser = argparse.ArgumentParser(prog="trapcore")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("cat")
    p.set_defaults(func=None)
    cat_tools.add_subcommands(p)
    return parser.parse_args(argv)


def test_simulate_prints_the_table():
    args = _parse(["cat", "simulate", "--games", "300", "--cat", "bfs,smart", "--player", "all",
                   "--seed", "1", "--no-progress", "--max-nodes", "200"])
    out = io.StringIO()
    assert args.func(args, out=out) == 0
    text = out.getvalue()
    assert "win rate" in text and "95% interval" in text
    assert sum(line.startswith(("random", "greedy", "lookahead", "solver"))
               for line in text.splitlines()) == 8
    r = tc.cat.simulate(300, blocked=15, cat="smart", player="greedy", seed=1)
    assert f"{100 * r.win_rate:8.1f}%" in text


def test_simulate_progress_bar():
    args = _parse(["cat", "simulate", "--games", "600", "--seed", "2"])
    out, err = io.StringIO(), io.StringIO()
    args.func(args, out=out, err=err)
    assert "600/600" in err.getvalue() and "#" in err.getvalue()


def test_simulate_bad_names():
    args = _parse(["cat", "simulate", "--games", "10", "--cat", "tiger"])
    with pytest.raises(ValueError, match="--cat"):
        args.func(args, out=io.StringIO())


def test_solve_from_seed_and_from_file(tmp_path):
    args = _parse(["cat", "solve", "--seed", "3", "--policy", "bfs"])
    out = io.StringIO()
    args.func(args, out=out)
    assert "against the bfs cat: win" in out.getvalue()
    assert "best block:" in out.getvalue()

    g = tc.CatGame(board=np.zeros((5, 5), np.uint8), start=(2, 2))
    path = tmp_path / "board.txt"
    path.write_text(g.to_text())
    args = _parse(["cat", "solve", "--board", str(path)])
    out = io.StringIO()
    args.func(args, out=out)
    assert "against the optimal cat: loss" in out.getvalue()
    assert "within 2 of its moves" in out.getvalue()


def test_read_board():
    b, cat = cat_tools.read_board("  0 1 2\n0  . # .\n1 . C .\n2  # . .\n")
    assert b.tolist() == [[0, 1, 0], [0, 0, 0], [1, 0, 0]] and cat == (1, 1)
    b, cat = cat_tools.read_board("010\n000\n")
    assert b.tolist() == [[0, 1, 0], [0, 0, 0]] and cat is None
    with pytest.raises(ValueError, match="board"):
        cat_tools.read_board("hello\n")
    with pytest.raises(ValueError, match="lengths"):
        cat_tools.read_board("...\n..\n")


def test_cli_main_hook():
    """Through trapcore's own command line (cat_cli hooks the tools in with cat_tools.add_subcommands)."""
    from trapcore import cli

    assert cli.main(["cat", "solve", "--rows", "7", "--cols", "7", "--blocked", "0"]) == 0
    assert cli.main(["cat", "simulate", "--games", "50", "--no-progress", "--seed", "1"]) == 0
