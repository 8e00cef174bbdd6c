"""The demo's Numberlink tab under Xvfb: generating, drawing paths by dragging, checking,
showing the solution, loading files (the real file dialog, extensionless files, typed paths),
and a distinct colour for every pair however many a puzzle has."""

from __future__ import annotations

import time

import numpy as np
import pytest
from _suite import HANG_GUARD, PUZZLES, size

import trapcore as tc

pytestmark = pytest.mark.gui

#: Puzzles made elsewhere, beside the repository (the test that reads them skips without it).
SHARED = PUZZLES


def generate(app, ui, n=6, seed=3):
    tab = app.numberlink
    tab.size.set(str(n))
    tab.seed.set(str(seed))
    tab.generate_button.invoke()
    ui.wait_for(app.root, lambda: not tab.busy)
    ui.pump(app.root)
    return tab


def test_numberlink_generate_draws_the_puzzle(app, ui):
    app.select("numberlink")
    tab = generate(app, ui, 6, seed=3)
    p = tc.numberlink.generate(6, seed=3)
    assert np.array_equal(tab.grid, p.grid)
    ks = {int(k) for k in np.unique(p.grid[p.grid > 0])}
    assert set(tab.endpoints) == ks
    labels = {tab.canvas.itemcget(i, "text") for i in tab.canvas.find_withtag("label")}
    assert labels == {str(k) for k in ks}
    assert len(tab.canvas.find_withtag("endpoint")) == 2 * len(ks)
    small = tab._geom[2]
    ui.resize(app.root, "1200x880")
    assert tab._geom[2] > small * 1.2  # resizing rescales the board
    assert tab.cell_at(*tab.cell_center(2, 3)) == (2, 3)
    tab.difficulty.set("hard")
    generate(app, ui, 10, seed=1)
    lo, hi = tc.numberlink.difficulty_band("hard", 10)
    assert lo <= tab.puzzle.difficulty <= hi and "hard for its size" in tab.status.get()
    assert tab.puzzle == tc.numberlink.generate(10, seed=1, difficulty="hard")
    before = tab.grid
    generate(app, ui, 2, seed=1)  # no hard 2 x 2 puzzle: the library's message, grid kept
    assert "Generate:" in tab.status.get() and tab.error and tab.grid is before
    tab.difficulty.set("any")
    assert tab.long_paths.get()  # checked: generate's default, long paths from 7 x 7 to 15 x 15
    tab.long_paths.set(False)  # the checkbox reaches generate: 0.1's short paths
    generate(app, ui, 8, seed=2)
    assert tab.puzzle == tc.numberlink.generate(8, seed=2, long_paths=False)
    assert tab.puzzle != tc.numberlink.generate(8, seed=2)
    tab.long_paths.set(True)
    assert (tab.grid >= 0).all()  # no solid squares by default
    tab.solids.set(True)  # 0.1's growth: isolated squares solid
    generate(app, ui, 12, seed=4)
    assert tab.puzzle == tc.numberlink.generate(12, seed=4, solids=True)
    assert (tab.grid == -1).any()
    tab.solids.set(False)


def test_numberlink_drag_every_path_solves_the_board(app, ui, shots):
    app.select("numberlink")
    tab = generate(app, ui, 6, seed=5)
    sol = tc.numberlink.generate(6, seed=5).solution
    ks = list(tab.endpoints)
    for k in ks:
        assert not tab.solved
        cells = shots.solution_walk(sol, tab.endpoints[k][0])
        shots.drag(tab, cells)
        assert tab.paths[k] == cells and tab.complete(k)
        assert tab.canvas.find_withtag(f"path_{k}")
    assert tab.solved and "Solved" in tab.status.get()
    assert tc.numberlink.check(tab.grid, tab.player_grid())
    k = ks[0]  # right-click clears a path; undo brings it back
    x, y = tab.cell_center(*tab.endpoints[k][1])
    ui.click(tab.canvas, x, y, button=3)
    assert k not in tab.paths and not tab.solved
    app.root.event_generate("<Control-z>")
    ui.pump(app.root)
    assert tab.complete(k) and tab.solved


def test_numberlink_partial_paths_backtracking_and_cutting(app, ui, shots):
    app.select("numberlink")
    tab = generate(app, ui, 6, seed=8)
    sol = tc.numberlink.generate(6, seed=8).solution
    k, other = list(tab.endpoints)[:2]
    a = tab.endpoints[k][0]
    shots.drag(tab, [a])  # a press and release on an endpoint alone draws nothing
    assert k not in tab.paths
    cells = shots.solution_walk(sol, a)
    half = cells[: max(2, len(cells) // 2)]
    shots.drag(tab, half)
    assert tab.paths[k] == half and not tab.complete(k)
    assert "pairs joined" in tab.status.get()
    shots.drag(tab, [half[1], half[0]])  # back onto the first cell: the path shortens
    assert k not in tab.paths
    b = tab.endpoints[other][0]  # no path runs through another's endpoint or a solid cell
    tab.canvas.event_generate("<ButtonPress-1>", x=tab.cell_center(*b)[0], y=tab.cell_center(*b)[1])
    for target in [a] + [tuple(int(v) for v in rc) for rc in np.argwhere(tab.grid < 0)]:
        x, y = tab.cell_center(*target)
        tab.canvas.event_generate("<B1-Motion>", x=x, y=y)
        assert target not in tab.paths[other]
    tab.canvas.event_generate("<ButtonRelease-1>", x=x, y=y)
    tab.paths.pop(other, None)
    shots.drag(tab, cells)
    assert tab.complete(k)
    mid = cells[len(cells) // 2]  # another path drawn across k's cuts it there
    ob = shots.solution_walk(sol, b)
    touching = [i for i, rc in enumerate(ob) if abs(rc[0] - mid[0]) + abs(rc[1] - mid[1]) == 1]
    if len(cells) > 2 and touching:
        shots.drag(tab, [*ob[: touching[0] + 1], mid])
        assert tab.paths[other][-1] == mid
        assert mid not in tab.paths[k] and not tab.complete(k)


def test_numberlink_show_solution_and_load(app, ui, tmp_path):
    app.select("numberlink")
    tab = generate(app, ui, 6, seed=2)
    tab.solution_button.invoke()
    ui.wait_for(app.root, lambda: not tab.busy)
    assert tab.showing_solution and tab.canvas.find_withtag("solution")
    tab.solution_button.invoke()
    assert not tab.showing_solution and not tab.canvas.find_withtag("solution")
    p = tc.numberlink.generate(5, seed=9)
    f = tmp_path / "puzzle.txt"
    f.write_text(p.to_text())
    assert tab.load(f)
    assert tab.puzzle == p and "puzzle.txt" in tab.status.get()
    g = tmp_path / "flow.txt"
    g.write_text("ABC\n...\nABC\n")
    assert tab.load(g)
    labels = {tab.canvas.itemcget(i, "text") for i in tab.canvas.find_withtag("label")}
    assert labels == {"A", "B", "C"}
    tab.solution_button.invoke()  # no stored solution: the solver runs in a thread
    ui.wait_for(app.root, lambda: not tab.busy)
    assert tab.showing_solution and tc.numberlink.check(tab.grid, tab.solution)
    assert not tab.load(tmp_path / "missing.txt")
    assert "Load" in tab.status.get() and tab.error and tab.grid.shape == (3, 3)
    assert not tab.load(tmp_path)  # a folder: said so in a sentence
    assert "is a folder" in tab.status.get()


def drive_the_file_dialog(app, ui, typed: str, seen: dict) -> None:
    """Open Load puzzle's real dialog; once up, note its filter, type ``typed`` into its file
    name field and press Return, as a person would. If the dialog refuses the name (with a
    "File ... does not exist" box: a ``*.txt`` filter makes Tk add ``.txt``), note the box's
    message in ``seen["refused"]`` and close both, so the test fails instead of hanging. Every
    step waits for the dialog's own events (the dialog up, the box up or the dialog gone), never
    for a time; only a dialog still open after HANG_GUARD seconds is closed, as a hang."""
    root = app.root
    w = ".__tk_filedialog"
    box = f"{w}.__tk__messagebox"
    give_up = time.monotonic() + HANG_GUARD
    done = []

    def exists(name):
        return root.winfo_exists() and int(root.tk.call("winfo", "exists", name))

    def watch():  # after Return, until the dialog has returned: a refusal box, or a hang
        if done:
            return
        if exists(box):
            seen["refused"] = root.tk.call(f"{box}.msg", "cget", "-text")
            root.tk.eval("set ::tk::Priv(button) ok")
            root.after(50, close)
        elif time.monotonic() > give_up:
            seen["refused"] = "the dialog hung"
            close()
        else:
            root.after(20, watch)

    def close():
        if done:
            return
        if exists(box):
            root.after(50, close)
        else:
            root.tk.eval("set ::tk::Priv(selectFilePath) {}")

    def type_it():  # once the dialog is up and waiting (its name field on the screen)
        ent = f"{w}.contents.f2.ent"
        if not exists(ent) or not int(root.tk.call("winfo", "viewable", ent)):
            root.after(20, type_it)
            return
        seen["filter"] = root.tk.eval("set ::tk::dialog::file::__tk_filedialog(filter)")
        seen["menu"] = root.tk.call(f"{w}.contents.f2.menu", "cget", "-text")
        root.tk.call(ent, "delete", 0, "end")
        root.tk.call(ent, "insert", 0, typed)
        root.after(20, watch)
        # Return in the name field: its own binding, run as the key would run it (a synthetic key
        # press goes to the window with the keyboard focus, which a busy X server may not have
        # given the dialog yet)
        root.tk.eval(root.tk.call("bind", ent, "<Return>"))

    root.after(200, type_it)
    try:
        app.numberlink.load_button.invoke()  # returns when the dialog closes
    finally:
        done.append(True)
    ui.pump(root)


def test_load_dialog_shows_files_without_an_extension_and_takes_a_typed_path(app, ui, tmp_path):
    app.select("numberlink")
    tab = app.numberlink
    p = tc.numberlink.generate(5, seed=4)
    f = tmp_path / "no_extension"
    f.write_text(p.to_text())
    seen = {}
    drive_the_file_dialog(app, ui, str(f), seen)
    assert "refused" not in seen, seen["refused"]
    assert seen["filter"] == "*"  # all files by default: an extensionless file is listed
    assert seen["menu"].startswith("All files")
    assert tab.puzzle == p and "no_extension" in tab.status.get()
    # typed with ~ for the home folder, the same file still loads
    home = tmp_path / "home"
    home.mkdir()
    (home / "mine").write_text(tc.numberlink.generate(6, seed=1).to_text())
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("HOME", str(home))
        assert tab.load("~/mine")
    assert tab.puzzle == tc.numberlink.generate(6, seed=1)


@pytest.mark.shared_puzzles
def test_the_shared_extensionless_puzzle_files_load_through_the_dialog(app, ui):
    app.select("numberlink")
    tab = app.numberlink
    janko = SHARED / "thomasahle" / "janko"
    seen = {}
    drive_the_file_dialog(app, ui, str(janko), seen)
    assert "refused" not in seen, seen["refused"]
    assert seen["filter"] == "*"
    first = tc.numberlink.Puzzle.from_file(janko)
    count = sum(1 for _ in tc.numberlink.read_puzzles(janko))
    assert tab.puzzle == first
    assert f"janko (the first of {count} puzzles)" in tab.status.get()
    inputs9 = SHARED / "thomasahle" / "inputs9"  # 40 x 20 boards, typed as a person would
    drive_the_file_dialog(app, ui, str(inputs9), seen)
    assert tab.puzzle == tc.numberlink.Puzzle.from_file(inputs9)
    assert tab.grid.shape == tab.puzzle.grid.shape


# -- colours: one per pair, however many ------------------------------------------------------
def rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)], dtype=float)


@pytest.mark.parametrize("n", [1, 16, 17, 40, 60, 120])
def test_pair_colours_are_distinct_and_far_apart(n):
    from trapcore._palette import lab
    from trapcore.demo.numberlink_tab import PALETTE, pair_colours

    colours = pair_colours(n)
    assert len(colours) == n and len(set(colours)) == n
    assert colours[:16] == list(PALETTE[:n])
    pts = lab([rgb(c) for c in colours])  # CIELAB: distance as the eye sees it
    if n > 1:
        d = np.linalg.norm(pts[:, None] - pts[None, :], axis=2)
        np.fill_diagonal(d, np.inf)
        assert d.min() >= (20 if n <= 60 else 12), n  # no two pairs look alike
    assert pair_colours(n) == colours  # the same every time


def test_a_puzzle_with_many_pairs_gets_a_colour_and_a_symbol_for_each(app, ui):
    app.select("numberlink")
    # an 18 x 18 puzzle: the quick run's seed (46 pairs) is generated in some 0.2 s, --full's (40
    # pairs) in some 5 s
    tab = generate(app, ui, 18, seed=size(2, 1))
    ks = sorted(tab.endpoints)
    assert len(ks) > 20  # more pairs than the hand-picked palette
    fills = {}
    for k in ks:
        items = tab.canvas.find_withtag(f"endpoint_{k}")
        assert len(items) == 2
        fills[k] = {tab.canvas.itemcget(i, "fill") for i in items}
        assert len(fills[k]) == 1  # both ends of a pair alike
    assert len({f for v in fills.values() for f in v}) == len(ks)  # each pair its own
    labels = [tab.canvas.itemcget(i, "text") for i in tab.canvas.find_withtag("label")]
    assert sorted(set(labels), key=int) == [str(k) for k in ks]
    tab.solution_button.invoke()  # the solution's lines take the pairs' colours too
    ui.wait_for(app.root, lambda: not tab.busy)
    lines = {tab.canvas.itemcget(i, "fill") for i in tab.canvas.find_withtag("solution")}
    assert lines == {f for v in fills.values() for f in v}
