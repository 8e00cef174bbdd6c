"""The demo at the edges (issue 30, item 5): a board that keeps its place, labels that fit and
read well at 40+ pairs, fields that follow what is loaded, a Help menu."""

from __future__ import annotations

import numpy as np
import pytest
from _suite import size

import trapcore as tc
from trapcore._palette import contrast

pytestmark = pytest.mark.gui


def many_pairs(n: int = 45, size: int = 15) -> tc.numberlink.Puzzle:
    """A size x size board with ``n`` pairs, each two neighbouring squares (labels 1..n)."""
    grid = np.zeros((size, size), np.int16)
    first = np.arange(n) * 4
    grid.ravel()[first] = np.arange(1, n + 1)
    grid.ravel()[first + 1] = np.arange(1, n + 1)
    return tc.numberlink.Puzzle(grid, fill=False)


def board_box(tab):
    """Where the board's canvas is and how big: what must not move."""
    tab.root.update_idletasks()
    return tab.canvas.winfo_rooty(), tab.canvas.winfo_height(), tab.canvas.winfo_width()


#: How long each step of test_the_board_keeps_its_place runs the event loop before it settles
#: (ui.pump waits for the redraws after it): the quick run leaves the waiting to the redraws.
PAUSE = size(0.03, 0.2)


@pytest.mark.parametrize("name", ["cat", "maze", "numberlink"])
def test_the_board_keeps_its_place(app, ui, name):
    app.select(name)
    tab = app.tabs[name]
    ui.wait_for(app.root, lambda: not tab.busy)
    tab.say("One line.")
    ui.pump(app.root, PAUSE)
    before = board_box(tab)
    tab.say_error("A message long enough to take two lines in the status box " * 2)
    ui.pump(app.root, PAUSE)
    assert board_box(tab) == before
    tab.busybar.show("Working...")
    ui.pump(app.root, PAUSE)
    assert board_box(tab) == before  # the bar appears in a row that was there already
    tab.busybar.hide()
    tab.say("")
    ui.pump(app.root, PAUSE)
    assert board_box(tab) == before


def test_labels_fit_their_discs_at_45_pairs(app, ui):
    app.select("numberlink")
    tab = app.numberlink
    ui.wait_for(app.root, lambda: not tab.busy)
    tab.set_puzzle(many_pairs(), "45 pairs")
    ui.pump(app.root, 0.2)
    cv = tab.canvas
    labels, discs = cv.find_withtag("label"), cv.find_withtag("endpoint")
    assert len(labels) == len(discs) == 90
    for text, disc in zip(labels, discs):
        x0, y0, x1, y1 = cv.coords(disc)
        tx0, ty0, tx1, ty1 = cv.bbox(text)
        assert tx1 - tx0 <= x1 - x0, cv.itemcget(text, "text")  # no spill past the disc
        fill, ink = cv.itemcget(disc, "fill"), cv.itemcget(text, "fill")
        rgb = [tuple(v // 257 for v in cv.winfo_rgb(c)) for c in (fill, ink)]
        assert contrast(*rgb) >= 4.5, (fill, ink)
    assert len({cv.itemcget(d, "fill") for d in discs}) == 45


def test_fields_follow_a_loaded_puzzle(app, ui, tmp_path):
    app.select("numberlink")
    tab = app.numberlink
    ui.wait_for(app.root, lambda: not tab.busy)
    f = tmp_path / "nine"
    f.write_text(tc.numberlink.generate(9, seed=1).to_text())
    tab.size.set("15")
    tab.seed.set("123")
    assert tab.load(f)
    ui.pump(app.root)
    assert tab.size.get() == "9"
    assert tab.seed.get() == ""  # a loaded puzzle has no seed to show


def test_help_menu_names_the_keys_and_the_version(app, ui):
    menu = app.menu
    ends = range(menu.index("end") + 1)
    labels = [menu.entrycget(i, "label") for i in ends if menu.type(i) == "cascade"]
    assert "Help" in labels
    app.show_keys()
    ui.pump(app.root)
    table = app.dialog.winfo_children()[0]
    keys = [w.cget("text") for w in table.grid_slaves(column=0)]
    for key in ("Ctrl+N", "Ctrl+Z", "Esc", "Ctrl+Q", "F1"):
        assert key in keys
    app.show_about()
    ui.pump(app.root)
    assert tc.__version__ in app.dialog.winfo_children()[0].cget("text")
    app.show_docs()
    ui.pump(app.root)
    assert "trapcore --help" in app.dialog.winfo_children()[0].cget("text")
    app.dialog.destroy()


def test_a_load_during_generation_stays(app, ui, tmp_path):
    app.select("numberlink")
    tab = app.numberlink
    ui.wait_for(app.root, lambda: not tab.busy)
    f = tmp_path / "nine"
    loaded = tc.numberlink.generate(9, seed=1)
    f.write_text(loaded.to_text())
    tab.size.set("12")
    tab.new()
    task = tab.task
    assert task is not None
    assert tab.load(f)
    ui.wait_for(app.root, task._event.is_set)  # the generator finished in the background
    ui.pump(app.root, 0.2)
    assert tab.puzzle == loaded and tab.size.get() == "9"
