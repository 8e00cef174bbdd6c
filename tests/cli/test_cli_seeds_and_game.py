"""`trapcore` random commands print their seed; one --seed, one start across `cat`, `cat solve`
and `cat simulate`'s header; progress only on a terminal; the terminal game's messages;
`numberlink solve`'s report (issue 16)."""

import re

import numpy as np
import pytest
from _suite import HANG_GUARD
from cli.cli_helpers import assert_clean_error, run_quick

from trapcore.cat import player_move, read_board, simulate


@pytest.mark.parametrize(
    "args",
    [
        ["maze", 4, 4],
        ["numberlink", 5],
        ["cat", "simulate", "--games", 10],
        ["cat", "solve", "--rows", 5, "--cols", 5],
    ],
)
def test_every_random_command_prints_its_seed(args):
    proc = run_quick(*args, input="q\n")
    assert proc.returncode == 0, proc.stderr
    m = re.search(r"seed (\d+)", proc.stdout + proc.stderr)
    assert m, (proc.stdout, proc.stderr)
    again = run_quick(*args, "--seed", m.group(1), input="q\n")
    strip = lambda text: re.sub(r"[\d.]+ *s\b|time: .*|\d+\s*$", "", text, flags=re.M)  # noqa: E731
    if args[0] != "cat":  # the simulate/solve timings differ, the rest is the same
        assert again.stdout == proc.stdout
    else:
        assert strip(again.stdout).split("games/s")[0] == strip(proc.stdout).split("games/s")[0]


def test_the_game_prints_its_seed():
    proc = run_quick("cat", input="q\n")
    assert re.search(r"seed \d+", proc.stdout), proc.stdout


def _board_of(text):
    """The first board drawn in a command's output (its numbered rows only)."""
    rows, started = [], False
    for line in text.splitlines():
        if re.match(r"^\s*\d+   ?[.#C](?: [.#C])*$", line):
            rows.append(line)
            started = True
        elif started:
            break
    return read_board("\n".join(rows))


@pytest.mark.parametrize(
    "rows,cols", [(11, 11), (7, 9), (3, 3), pytest.param(15, 15, marks=pytest.mark.slow)]
)
def test_one_seed_one_start(rows, cols):
    game = run_quick("cat", "--rows", rows, "--cols", cols, "--seed", 5, input="q\n")
    solve = run_quick("cat", "solve", "--rows", rows, "--cols", cols, "--seed", 5)
    sim = run_quick("cat", "simulate", "--games", 1, "--rows", rows, "--cols", cols, "--seed", 5)
    for proc in (game, solve, sim):
        assert proc.returncode == 0, proc.stderr
    g, s = _board_of(game.stdout), _board_of(solve.stdout)
    assert np.array_equal(g.board, s.board) and g.cat == s.cat
    # simulate's first game starts from that board: a callable player sees it before any block
    seen = []

    def player(board, cat, rng):
        if not seen:
            seen.append((board.copy(), cat))
        return player_move(board, cat, player="greedy", seed=rng)

    simulate(1, rows, cols, int(g.board.sum()), player=player, seed=5)
    assert np.array_equal(seen[0][0], g.board) and tuple(seen[0][1]) == g.cat
    assert "game 1 starts as `trapcore cat --seed 5`" in sim.stdout
    blocks = int(g.board.sum())
    assert f", {blocks} start blocks" in sim.stdout
    assert blocks == round(15 * rows * cols / 121) or rows * cols < 10


def test_small_board_default_blocks():
    proc = run_quick("cat", "--rows", 3, "--cols", 3, "--seed", 1, input="q\n")
    assert proc.returncode == 0 and "blocked must be" not in proc.stderr, proc.stderr


def test_progress_only_on_a_terminal():
    proc = run_quick("cat", "simulate", "--games", 600, "--seed", 1)
    assert "\r" not in proc.stderr and "#" not in proc.stderr
    proc = run_quick("cat", "simulate", "--games", 600, "--seed", 1, "--progress")
    assert "600/600" in proc.stderr


def test_progress_has_an_eta_on_a_terminal():
    pty = pytest.importorskip("pty")
    import os
    import subprocess
    import sys

    main, sub = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "trapcore", "cat", "simulate", "--games", "20000", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=sub,
        text=True,
    )
    os.close(sub)
    chunks = []
    while True:
        try:
            data = os.read(main, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data.decode(errors="replace"))
    proc.wait(timeout=HANG_GUARD)
    os.close(main)
    err = "".join(chunks)
    assert "20000/20000" in err and "\r" in err
    assert "ETA" in err or err.count("\r") <= 2  # a run too fast for a second update has no ETA


def _play(*lines, rows=5, cols=12):
    return run_quick(
        "cat",
        "--rows",
        rows,
        "--cols",
        cols,
        "--seed",
        2,
        input="".join(line + "\n" for line in lines) + "q\n",
    )


def test_game_help():
    for word in ("?", "help"):
        out = _play(word).stdout
        assert "undo" in out and "hint" in out and "quit" in out


def test_game_clear_message_for_nonsense_and_no_reprint():
    out = _play("foo bar", "7", "1 2 3").stdout
    assert out.count("not a command") == 3 and "type two numbers" in out
    assert out.count("block>") == 4
    assert len(re.findall(r"^ ?0  ", out, flags=re.M)) == 1, "the board was drawn again"


def test_game_column_labels_past_nine():
    out = _play(cols=23).stdout
    assert "(tens)" in out
    head = [ln for ln in out.splitlines() if "(tens)" in ln][0]
    assert head.split()[:2] == ["1", "2"]


def test_game_board_redrawn_after_a_block():
    start = _board_of(_play().stdout)
    free = [
        (r, c) for r in range(5) for c in range(12) if not start.board[r, c] and (r, c) != start.cat
    ]
    r, c = free[0]
    out = _play(f"{r} {c}").stdout
    assert len(re.findall(r"^ ?0  ", out, flags=re.M)) == 2


def test_numberlink_solve_empty_input_is_an_error(tmp_path):
    (tmp_path / "empty.txt").write_text("")
    assert_clean_error(run_quick("numberlink", "solve", tmp_path / "empty.txt"), "no puzzle")
    assert_clean_error(run_quick("numberlink", "solve", "-", input=""), "no puzzle")


def test_numberlink_solve_report():
    proc = run_quick(
        "numberlink", "solve", "-", input="3 3\n1.1\n...\n...\n\n3 1\n1.1\n\n3 1\n1#1\n"
    )
    assert "# puzzle 1: 3 x 3, at least 2 solutions" in proc.stdout
    assert "# puzzle 2: 3 x 1, unique" in proc.stdout
    assert "# puzzle 3: 3 x 1, no solution" in proc.stdout
    assert "solution(s)" not in proc.stdout and "puzzle 0" not in proc.stdout
    assert proc.returncode == 1


def test_numberlink_style_flow_explained_or_works():
    proc = run_quick("numberlink", 5, "--style", "flow", "--seed", 2)
    if proc.returncode == 0:
        assert "#" not in proc.stdout
    else:
        assert_clean_error(proc, "--style header")
