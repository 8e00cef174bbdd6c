"""The `trapcore` command line: the dispatcher and the terminal Trap the Cat game."""

import io
import subprocess
import sys
from types import SimpleNamespace

import pytest
from _suite import HANG_GUARD

from trapcore import cli
from trapcore.cat.cli import play


def args(**kw):
    base = dict(rows=7, cols=7, blocked=3, policy="bfs", rules="enclosed", seed=1)
    base.update(kw)
    return SimpleNamespace(**base)


def test_play_reports_errors_and_keeps_going():
    out = io.StringIO()
    play(args(), stdin=io.StringIO("foo\n99 1\n3 2\n3 2\nu\nu\nq\n"), out=out)
    text = out.getvalue()
    assert "type two numbers" in text
    assert "99 1 is off the board (rows 0-6, columns 0-6)" in text
    assert "already blocked" in text or "cat's cell" in text
    assert "nothing to undo" in text


def test_play_to_the_end():
    # block the cat's next step each turn until the game ends: the text says who won
    from trapcore import CatGame
    from trapcore.cat import hexgrid

    game = CatGame(7, 7, 3, seed=1)
    moves = []
    while game.status == "playing":
        p = hexgrid.escape_path(game.board, game.cat)
        cell = tuple(int(v) for v in p[1]) if len(p) > 1 else game.legal_blocks()[0]
        moves.append(cell)
        game.block(cell)
    out = io.StringIO()
    play(args(), stdin=io.StringIO("".join(f"{r} {c}\n" for r, c in moves)), out=out)
    expect = "You trapped the cat" if game.status == "won" else "The cat escaped"
    assert expect in out.getvalue()


def test_console_script_runs_and_handles_end_of_input():
    proc = subprocess.run(
        [sys.executable, "-m", "trapcore", "cat", "--seed", "3", "--policy", "rays"],
        input="5 5\nh\n",
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    assert proc.returncode == 0, proc.stderr
    assert "block>" in proc.stdout and "C" in proc.stdout and "rays cat" in proc.stdout
    assert "hint: block" in proc.stdout


def test_bad_arguments_give_one_clean_line():
    proc = subprocess.run(
        [sys.executable, "-m", "trapcore", "cat", "--rows", "0"],
        input="",
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    assert proc.returncode == 2
    assert "rows must be >= 1" in proc.stderr and "Traceback" not in proc.stderr


def test_help_lists_the_subcommands(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert "cat" in capsys.readouterr().out
    assert cli.main([]) == 2
