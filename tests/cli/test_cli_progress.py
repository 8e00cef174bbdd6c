"""Progress for long runs (issue 16): a bar with an ETA where the work is counted (carving, games,
dataset items, puzzles of a file), a running clock where it is not (solving, drawing, saving,
generating); only on a terminal or with --progress; never a half-drawn line left behind."""

import io
import re
import time
import types

import pytest
from _suite import HANG_GUARD
from cli.cli_helpers import run_quick

from trapcore import _progress, cli
from trapcore.maze import METHODS, Maze


def test_bar_draws_eta_and_finishes_its_line(monkeypatch):
    # the bar's clock moves only when the test says: the ETA is exact however busy the machine
    now = [1000.0]
    monkeypatch.setattr(_progress, "time", types.SimpleNamespace(perf_counter=lambda: now[0]))
    out = io.StringIO()
    b = _progress.Bar("work", out, unit="items", keep=True)
    b(0, 100)
    now[0] += 30.0  # half the work in 30 s: 30 s left
    b(50, 100)
    now[0] += 0.01  # sooner than the bar redraws: only a finished bar is drawn then
    b(60, 100)
    b(100, 100)
    text = out.getvalue()
    assert text.count("\r") == 3 and text.endswith("\n")
    assert "0/100" in text and "100/100" in text and "60/100" not in text
    assert re.search(r"50/100 ETA 0:30", text), text


def test_bar_in_percent_is_wiped_on_close():
    out = io.StringIO()
    b = _progress.Bar("carving", out)
    b(25, 100)
    b.close()
    text = out.getvalue()
    assert "25%" in text and "25/100" not in text
    drawn, wipe = text.split("\r")[1:3]
    assert "25%" in drawn and wipe.strip() == "" and text.endswith("\r")


def test_bar_waits_for_its_delay():
    out = io.StringIO()
    b = _progress.Bar("quick", out, delay=60)
    b(1, 2)
    b(2, 2)
    b.close()
    assert out.getvalue() == ""


def test_timer_shows_the_clock_then_wipes_it():
    out = io.StringIO()
    with _progress.timer("drawing", out, delay=0):
        give_up = time.monotonic() + HANG_GUARD  # until the clock thread has drawn, however late
        while "drawing" not in out.getvalue() and time.monotonic() < give_up:
            time.sleep(0.01)
    text = out.getvalue()
    assert re.search(r"drawing +\d+\.\d s", text), text
    assert text.endswith("\r") and text.split("\r")[-2].strip() == ""
    quiet = io.StringIO()
    with _progress.timer("drawing", quiet, delay=60):
        pass
    assert quiet.getvalue() == ""


@pytest.mark.parametrize("seconds,text", [(0, "0:00"), (61.4, "1:01"), (3725, "1:02:05")])
def test_eta_text(seconds, text):
    assert _progress.eta_text(seconds) == text


@pytest.mark.parametrize("method", METHODS)
def test_carve_reports_rising_progress_and_the_same_maze(method):
    calls = []
    m = Maze.carve(300, 300, seed=4, method=method, progress=lambda d, t: calls.append((d, t)))
    assert m == Maze.carve(300, 300, seed=4, method=method)
    assert len(calls) >= 2
    done = [d for d, _ in calls]
    totals = {t for _, t in calls}
    assert len(totals) == 1 and done == sorted(done) and 0 <= done[0] and done[-1] <= totals.pop()


def test_wilson_progress_counts_its_walk():
    """Wilson's first walks, to a small tree, are the long ones: counted in cells joined, the bar
    sat at 0% with "ETA 27154:32:33" for 8000 x 8000 (issue 30). Counted in steps walked against
    their expected number, the k-th report (one every POLL_UNITS steps) is at least k * POLL_UNITS
    of a total near that number, and stays below the total until the end."""
    from _sigint import POLL_UNITS

    from trapcore.maze._checks import wilson_steps

    calls = []
    m = Maze.carve(300, 300, seed=4, method="wilson", progress=lambda d, t: calls.append((d, t)))
    assert m == Maze.carve(300, 300, seed=4, method="wilson")
    total = calls[0][1]
    assert abs(total - wilson_steps(300, 300)) <= 1
    assert len(calls) >= 20  # the steps of one maze: about the estimate (within a factor of 3)
    for k, (done, t) in enumerate(calls, 1):
        assert t == total and min(k * POLL_UNITS, total - 1) <= done <= total - 1, (k, done)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_carve_progress_can_stop_the_kernel():
    seen = []

    def stop(done, total):
        seen.append(done)
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        Maze.carve(400, 400, seed=1, progress=stop)
    assert len(seen) == 1
    with pytest.raises(TypeError, match="progress"):
        Maze.carve(4, 4, progress=3)


def _main(monkeypatch, capsys, *argv):
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    status = cli.main([str(a) for a in argv])
    return status, capsys.readouterr()


def test_maze_progress_line(monkeypatch, capsys, tmp_path):
    pytest.importorskip("PIL")
    png = tmp_path / "m.png"
    status, io_ = _main(monkeypatch, capsys, "maze", 400, 400, 2, "-o", png, "--progress")
    assert status == 0 and png.exists(), io_.err
    assert re.search(r"carving 400x400 +\[#*\.*\] \d+%", io_.err), io_.err
    # every line drawn is wiped: the last thing on stderr is a blank line, then nothing
    assert io_.err.rstrip(" ").endswith("\r")


def test_numberlink_solve_progress_counts_puzzles(monkeypatch, capsys, tmp_path):
    from trapcore import numberlink as nl

    f = tmp_path / "three.txt"
    nl.write_puzzles(f, [nl.generate(7, seed=s) for s in range(3)])
    monkeypatch.setattr(nl, "solve", _slow(nl.solve))
    status, io_ = _main(monkeypatch, capsys, "numberlink", "solve", f, "--progress")
    assert status == 0, io_.err
    assert "solving puzzle 1/3" in io_.err and re.search(r"puzzle 3/3, ETA \d:\d\d", io_.err)
    assert "\r" not in io_.out and io_.out.count("unique") == 3


def _slow(fn):
    def slow(*args, **kwargs):
        time.sleep(0.25)  # long enough for the clock thread to draw once
        return fn(*args, **kwargs)

    return slow


@pytest.mark.parametrize(
    "args",
    [
        ["maze", 300, 300, "--solve", "bfs", "-o", "m.png"],
        ["numberlink", 12, "--seed", 1],
        ["cat", "simulate", "--games", 300, "--seed", 1],
    ],
)
def test_no_progress_off_a_terminal(args, tmp_path):
    if "m.png" in args:
        pytest.importorskip("PIL")
    proc = run_quick(*args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "\r" not in proc.stderr and "ETA" not in proc.stderr


def test_progress_flags_exclude_each_other():
    proc = run_quick("maze", 4, 4, "--progress", "--no-progress")
    assert proc.returncode == 2 and "not allowed with" in proc.stderr


def test_progress_stream_choice():
    class Tty(io.StringIO):
        def isatty(self):
            return True

    parser = cli.build_parser()
    tty, plain = Tty(), io.StringIO()
    for argv, stream, want in [
        (["maze", "4", "4"], tty, tty),
        (["maze", "4", "4"], plain, None),
        (["maze", "4", "4", "--progress"], plain, plain),
        (["maze", "4", "4", "--no-progress"], tty, None),
    ]:
        assert cli.progress_stream(parser.parse_args(argv), stream) is want
