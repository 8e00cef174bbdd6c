"""The demo window as a whole under Xvfb: the command line, no display, quitting, every control
and the whole status line visible down to the minimum size, no stale error while new work runs,
and the README's screenshots (made by tools/demo_screenshots.py) not blank."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import _suite
import pytest
from _suite import HANG_GUARD, sample, size

tk = pytest.importorskip("tkinter", reason="this Python has no tkinter")

pytestmark = pytest.mark.gui


#: (DISPLAY, the command after python -m): a child per case, all 4 under --full; in the quick run
#: 2 of them, each DISPLAY and each command once
NO_DISPLAY_CASES = sample(
    [
        pytest.param(display_value, command, id=f"{display_value}-command{i}")
        for display_value in [None, ":987654"]
        for i, command in enumerate([["trapcore", "demo"], ["trapcore.demo"]])
    ],
    2,
)


@pytest.mark.parametrize("display_value, command", NO_DISPLAY_CASES)
def test_without_a_display_one_line_and_nonzero_exit(display_value, command):
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    if display_value:
        env["DISPLAY"] = display_value
    out = subprocess.run(
        [sys.executable, "-m", *command],
        env=env,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    assert out.returncode == 1
    assert "Traceback" not in out.stderr + out.stdout
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert "display" in lines[0] and "trapcore cat" in lines[0]


def test_cli_parser_has_demo_and_python_m_takes_the_same_options():
    from trapcore.cli import build_parser

    args = build_parser().parse_args(["demo", "--tab", "maze"])
    assert args.tab == "maze" and callable(args.func)
    out = subprocess.run(
        [sys.executable, "-m", "trapcore.demo", "--help"],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    assert out.returncode == 0 and "--tab" in out.stdout and "--screenshots" not in out.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "trapcore.demo", "--tab", "chess"],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
    )
    assert bad.returncode == 2 and "invalid choice" in bad.stderr


def test_the_package_exports_exactly_its_all():
    from trapcore import demo

    public = {n for n in dir(demo) if not n.startswith("_")}
    modules = {"app", "widgets", "cat_tab", "maze_tab", "numberlink_tab", "numberlink_hint", "cli"}
    assert public - modules == set(demo.__all__)
    assert not hasattr(demo, "features")  # every engine is always there: no self-inspection


def test_ctrl_q_quits(demo, ui):
    root = demo.open_root()
    demo.DemoApp(root, tab="numberlink")
    ui.pump(root)
    root.event_generate("<Control-q>")
    with pytest.raises(tk.TclError):
        for _ in range(5):
            root.update()
            root.winfo_exists()
            time.sleep(0.01)


def controls(widget):
    """Every control under ``widget`` (buttons, fields, boxes, sliders, labels)."""
    kinds = ("Button", "Checkbutton", "Entry", "Spinbox", "Combobox", "Scale", "Label")
    for child in widget.winfo_children():
        if child.winfo_class().lstrip("T") in kinds:
            yield child
        yield from controls(child)


def assert_fully_visible(root, widget, what) -> None:
    assert widget.winfo_ismapped(), what
    x = widget.winfo_rootx() - root.winfo_rootx()
    y = widget.winfo_rooty() - root.winfo_rooty()
    w, h = widget.winfo_width(), widget.winfo_height()
    assert w >= widget.winfo_reqwidth() - 1 and h >= widget.winfo_reqheight() - 1, (
        what,
        (w, h),
        (widget.winfo_reqwidth(), widget.winfo_reqheight()),
    )
    assert x >= 0 and y >= 0, what
    assert x + w <= root.winfo_width() and y + h <= root.winfo_height(), (
        what,
        (x, y, w, h),
        (root.winfo_width(), root.winfo_height()),
    )


def long_messages(app):
    """Put each tab's status line at its longest everyday message."""
    cat = app.cat
    cat.game.undo() if cat.game.moves else None
    cat.seed.set("123456")
    cat.rules.set("surrounded")
    cat.policy.set("smart")
    cat.new()
    cat.update_status(
        "Can't block that: cell = (5, 5) is the cat's cell, and a long note "
        "that a narrow window has to wrap onto a second line.",
        error=True,
    )
    app.maze.say(
        "2000 x 2000 maze carved by backtracker (seed 999999). Pick a solver and "
        "press Solve. Showing rows 0-61, columns 0-84 of 2000 x 2000 (0.13% of the "
        "maze), 8 px a cell. Drag to pan, wheel or +/- to zoom."
    )
    app.numberlink.update_status()


#: (tab, window size): all 9 under --full; in the quick run 3 of them, each tab and each size once
CONTROL_CASES = sample(
    [
        pytest.param(name, size, id=f"{name}-{size}")
        for name in ["cat", "maze", "numberlink"]
        for size in ["min", "900x640", "980x680"]
    ],
    3,
)


@pytest.mark.parametrize("name, size", CONTROL_CASES)
def test_every_control_and_the_whole_status_line_are_visible(app, ui, name, size):
    root = app.root
    if size == "min":
        w, h = app.min_size()
        assert (w, h) <= (1024, 720)  # the minimum fits a small laptop screen
        size = f"{w}x{h}"
    app.select(name)
    long_messages(app)
    ui.resize(root, size)
    tab = app.tabs[name]
    for widget in controls(tab.panel):
        assert_fully_visible(root, widget, f"{widget.winfo_class()} {widget}")
    label = tab.status_label
    assert_fully_visible(root, label, "status line")
    # the text is wrapped to the label's width, not cut: every line fits
    assert label.winfo_reqwidth() <= label.winfo_width() + 1
    assert int(str(label.cget("wraplength"))) <= label.winfo_width()
    # the busy bar shows above the status line, never squeezing it
    tab.busybar.show("Working...")
    ui.wait_for(root, lambda: tab.busybar.cancel_button.winfo_ismapped())
    ui.settle(root)
    assert_fully_visible(root, tab.busybar.cancel_button, "Cancel")
    assert_fully_visible(root, label, "status line with the busy bar")
    tab.busybar.hide()
    assert tab.canvas.winfo_width() >= 250 and tab.canvas.winfo_height() >= 200


def test_the_window_cannot_shrink_below_its_minimum(app, ui):
    w, h = app.min_size()
    app.root.geometry("320x240")
    ui.pump(app.root, 0.3)
    assert app.root.winfo_width() >= w and app.root.winfo_height() >= h


def test_an_old_error_goes_as_soon_as_new_work_runs(app, ui):
    maze = app.maze
    app.select("maze")
    maze.rows.set("-3")
    maze.carve_button.invoke()
    ui.wait_for(app.root, lambda: not maze.busy)
    assert maze.error and "rows" in maze.status.get()
    assert str(maze.status_label.cget("foreground")) not in ("", "black")  # shown as an error
    side = size(300, 1500)  # the carving runs in a thread, whatever the size
    maze.rows.set(str(side))
    maze.cols.set(str(side))
    maze.carve_button.invoke()
    assert maze.busy
    assert not maze.error and "rows" not in maze.status.get()
    assert f"Carving {side} x {side}" in maze.status.get()
    assert str(maze.status_label.cget("foreground")) in ("", "black")
    ui.wait_for(app.root, lambda: not maze.busy)
    assert "carved" in maze.status.get()

    nl = app.numberlink
    app.select("numberlink")
    nl.size.set("x")
    nl.generate_button.invoke()
    assert nl.error and "size" in nl.status.get()
    nl.size.set("9")
    nl.generate_button.invoke()
    assert not nl.error and "size must" not in nl.status.get()
    ui.wait_for(app.root, lambda: not nl.busy)

    cat = app.cat
    app.select("cat")
    cat.play(cat.game.cat)  # refused: an error
    assert cat.error
    cat.hint_button.invoke()  # a hint runs: the error goes at once
    assert not cat.error and "Can't block" not in cat.status.get()
    ui.wait_for(app.root, lambda: not cat.busy)


def test_screenshots_of_every_tab_are_not_blank(app, shots, ui, tmp_path, monkeypatch):
    from PIL import Image

    if not _suite.FULL:  # the quick run waits for the redraws, not the tool's fixed pauses
        monkeypatch.setattr(shots, "settle", lambda root, seconds=0: ui.settle(root))
    saved = shots.save_screenshots(app, tmp_path)
    assert {p.stem for p in saved} == {
        "cat",
        "cat-distances",
        "cat-review",
        "maze",
        "maze-solving",
        "maze-big",
        "numberlink",
        "numberlink-solution",
        "numberlink-hint",
    }
    for path in saved:
        with Image.open(path) as im:
            rgb = im.convert("RGB")
            assert rgb.size[0] >= 600 and rgb.size[1] >= 400
            colours = rgb.getcolors(1 << 20)
            assert len(colours) > 8, path  # a drawing, not a blank window
            assert max(n for n, _ in colours) < 0.9 * rgb.size[0] * rgb.size[1], path
