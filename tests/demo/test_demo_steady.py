"""The demo keeps its word and its shape (issue 46, item 6): an action during a carve waits
for it (or Esc cancels both, saying so); every pair's colour differs from its neighbours' and
every number fits its disc or shows on pointing; the sidebar, the maze's buttons, the cat's
status line and the Keys help stay put. Every wait is on the window's state, never a time."""

from __future__ import annotations

import numpy as np
import pytest
from _suite import size

import trapcore as tc
from trapcore._palette import lab

pytestmark = pytest.mark.gui


def idle(app, tab):
    return lambda: not tab.busy and not getattr(tab, "animating", False)


# -- an action during a carve ----------------------------------------------------------------
def start_carve(app, rows, cols, seed):
    tab = app.maze
    tab.rows.set(str(rows))
    tab.cols.set(str(cols))
    tab.seed.set(str(seed))
    tab.carve_button.invoke()  # the result comes through the Tk loop: not before the next pump
    assert tab.busy
    return tab


def test_solve_during_a_carve_solves_the_new_maze(app, ui):
    app.select("maze")
    tab = app.maze
    ui.wait_for(app.root, idle(app, tab))
    old = tab.maze
    rows, cols = size((300, 200), (2000, 2000))
    start_carve(app, rows, cols, seed=5)
    tab.solver.set("BFS")
    tab.solve_button.invoke()
    assert "Solve waits for the new board" in tab.status.get()
    assert f"Carving {rows} x {cols}" in tab.status.get()
    ui.wait_for(app.root, lambda: tab._solution is not None and not tab.busy)
    assert tab.maze is not old and tab.maze.shape == (rows, cols)
    assert tab.maze == tc.Maze.carve(rows, cols, seed=5, method=tab.method.get())
    path = tab._solution[0]
    assert tuple(path[0]) == tab.maze.entrance and tuple(path[-1]) == tab.maze.exit
    np.testing.assert_array_equal(path, tab.maze.solve(method="bfs"))
    assert "Solved by BFS" in tab.status.get()


def test_escape_during_a_carve_cancels_it_and_the_solve_waiting(app, ui):
    app.select("maze")
    tab = app.maze
    ui.wait_for(app.root, idle(app, tab))
    old = tab.maze
    task = start_carve(app, 300, 300, seed=6).task
    tab.solve_button.invoke()
    app.cancel()
    assert "Cancelled: Carving 300 x 300" in tab.status.get()
    assert "Solve not run" in tab.status.get()
    ui.wait_for(app.root, task._event.is_set)  # the kernel ran on in the background
    ui.pump(app.root)
    assert tab.maze is old and tab._solution is None and not tab.busy


def test_a_second_carve_says_it_cancelled_the_first(app, ui):
    app.select("maze")
    tab = app.maze
    ui.wait_for(app.root, idle(app, tab))
    start_carve(app, 300, 300, seed=7)
    start_carve(app, 12, 14, seed=8)
    assert "Carving 300 x 300 cancelled" in tab.status.get()
    ui.wait_for(app.root, idle(app, tab))
    assert tab.maze.shape == (12, 14)


def test_show_solution_during_a_generation_shows_the_new_puzzle(app, ui):
    app.select("numberlink")
    tab = app.numberlink
    ui.wait_for(app.root, idle(app, tab))
    old = tab.puzzle
    tab.size.set("9")
    tab.seed.set("3")
    tab.generate_button.invoke()
    tab.solution_button.invoke()
    assert "Show solution waits for the new board" in tab.status.get()
    tab.on_press(type("E", (), {"x": 5, "y": 5})())  # drawing on the old board is refused
    assert "wait for the new board" in tab.status.get()
    ui.wait_for(app.root, lambda: tab.showing_solution and not tab.busy)
    assert tab.puzzle is not old and tab.grid.shape == (9, 9)
    shown = {int(tab.canvas.itemcget(i, "fill") != "") for i in tab.canvas.find_withtag("solution")}
    assert shown == {1}
    assert tc.numberlink.check(tab.grid, tab.solution)


# -- colours and labels at many pairs ----------------------------------------------------------
def colour_gaps(colours, edges):
    pts = lab([[int(c[i : i + 2], 16) for i in (1, 3, 5)] for c in colours])
    return np.linalg.norm(pts[edges[:, 0] - 1] - pts[edges[:, 1] - 1], axis=1)


def brute_touching(grid, solution):
    """Neighbouring pairs by a plain double loop over squares (the twin of touching_pairs)."""
    rows, cols = grid.shape
    found = set()
    for r in range(rows):
        for c in range(cols):
            for dr in (-2, -1, 0, 1, 2):
                for dc in (-2, -1, 0, 1, 2):
                    r2, c2 = r + dr, c + dc
                    if not (0 <= r2 < rows and 0 <= c2 < cols):
                        continue
                    a, b = int(grid[r, c]), int(grid[r2, c2])
                    if a > 0 and b > 0 and a != b:
                        found.add((min(a, b), max(a, b)))
                    a, b = int(solution[r, c]), int(solution[r2, c2])
                    if max(abs(dr), abs(dc)) == 1 and a > 0 and b > 0 and a != b:
                        found.add((min(a, b), max(a, b)))
    return found


@pytest.mark.parametrize("n, seed", [(8, 1), (15, 2), (30, 1)])
def test_touching_pairs_matches_a_plain_loop(n, seed):
    from trapcore.demo.numberlink_tab import touching_pairs

    p = tc.numberlink.generate(n, seed=seed)
    grid, sol = np.asarray(p.grid), np.asarray(p.solution)
    edges = touching_pairs(grid, sol)
    assert {tuple(e) for e in edges.tolist()} == brute_touching(grid, sol)


@pytest.mark.parametrize("n, seed", [(7, 1), (15, 3), (30, 1), (30, 2)])
def test_neighbouring_pairs_never_share_a_colour(n, seed):
    from trapcore.demo.numberlink_tab import assign_colours, touching_pairs

    p = tc.numberlink.generate(n, seed=seed)
    grid, sol = np.asarray(p.grid), np.asarray(p.solution)
    pairs = int(grid.max())
    edges = touching_pairs(grid, sol)
    colours = assign_colours(pairs, edges)
    assert len(colours) == pairs and len(set(colours)) == pairs  # one colour per pair
    # neighbours far apart in CIELAB (a difference of 30 is plain at a glance)
    assert colour_gaps(colours, edges).min() >= 30, n
    assert assign_colours(pairs, edges) == colours  # the same every time


def test_a_board_of_over_100_pairs_labels_fit_and_hidden_ones_show_on_pointing(app, ui):
    app.select("numberlink")
    tab = app.numberlink
    ui.wait_for(app.root, idle(app, tab))
    tab.size.set("45")  # the default generator's 45 x 45, seed 1: 116 pairs
    tab.seed.set("1")
    tab.generate_button.invoke()
    ui.wait_for(app.root, idle(app, tab))
    ui.resize(app.root, "1350x1050")  # two-digit labels fit, three-digit ones do not
    ui.pump(app.root)
    cv = tab.canvas
    assert len(tab.endpoints) > 100
    fills = {}
    for k in tab.endpoints:
        (fill,) = {cv.itemcget(i, "fill") for i in cv.find_withtag(f"endpoint_{k}")}
        fills[k] = fill
    edges = np.array([e for e in tab.touching.tolist()])
    assert all(fills[a] != fills[b] for a, b in edges)  # what the window draws
    assert colour_gaps([fills[k] for k in sorted(fills)], edges).min() >= 30
    discs = {}
    for k, cells in tab.endpoints.items():
        for item, (r, c) in zip(cv.find_withtag(f"endpoint_{k}"), cells):
            discs[tab.cell_center(r, c)] = cv.coords(item)
    labels = cv.find_withtag("label")
    assert labels and tab.hidden_labels  # 1- and 2-digit numbers drawn, 3-digit ones hidden
    for item in labels:  # the digits' box inside its disc's circle
        x, y = (int(v) for v in cv.coords(item))
        x0, y0, x1, y1 = discs[(x, y)]
        font = cv.itemcget(item, "font")
        w = tab.root.tk.call("font", "measure", font, cv.itemcget(item, "text"))
        ascent = tab.root.tk.call("font", "metrics", font, "-ascent")
        assert (w / 2) ** 2 + (ascent / 2) ** 2 <= ((x1 - x0) / 2) ** 2
    drawn = {cv.itemcget(i, "text") for i in labels}
    assert not any(tab.symbol(k) in drawn for k in tab.hidden_labels)
    assert "Point at a disc" in tab.status.get()
    k = max(tab.hidden_labels)
    cell = tab.endpoints[k][0]
    cv.event_generate("<Motion>", x=tab.cell_center(*cell)[0], y=tab.cell_center(*cell)[1])
    ui.pump(app.root)
    assert [cv.itemcget(i, "text") for i in cv.find_withtag("hover") if cv.type(i) == "text"] == [
        str(k)
    ]


# -- a layout that does not shift --------------------------------------------------------------
def test_the_sidebar_is_the_same_on_every_tab(app, ui):
    seen = {}
    for name in ("cat", "maze", "numberlink", "cat"):
        app.select(name)
        ui.pump(app.root)
        tab = app.tabs[name]
        seen[name] = (
            tab.panel.winfo_rootx(),
            tab.panel.winfo_width(),
            tab.canvas.winfo_rootx(),
            tab.canvas.winfo_width(),
        )
    assert len(set(seen.values())) == 1, seen


def test_the_maze_view_note_leaves_save_in_place(app, ui):
    app.select("maze")
    tab = app.maze
    ui.wait_for(app.root, idle(app, tab))
    ui.pump(app.root)
    where = tab.save_button.winfo_rooty()
    box = tab.view_note.winfo_height()
    for rows, cols in ((10, 12), (1500, 1500)):
        start_carve(app, rows, cols, seed=2)
        ui.wait_for(app.root, idle(app, tab))
        for view in (tab.fit, tab.zoom_in, tab.zoom_in):
            view()
            ui.pump(app.root)
            assert tab.save_button.winfo_rooty() == where, tab.view_text.get()
            # the note is never cut: its text needs no more than its box
            assert tab.view_label.winfo_reqheight() <= box, tab.view_text.get()
            assert tab.view_label.winfo_reqwidth() <= tab.view_note.winfo_width()
    tab.view_text.set(  # the longest note there is: a zoomed view of the largest maze
        "Showing rows 3999-3999, columns 3999-3999 of 4000 x 4000 (2.8e-05% of the maze), "
        "48 px a cell. Drag to pan, wheel or +/- to zoom."
    )
    ui.pump(app.root)
    assert tab.view_label.winfo_reqheight() <= box
    assert tab.save_button.winfo_rooty() == where


def test_a_hint_leaves_the_cat_status_line_where_it_was(app, ui):
    root = app.root
    ui.resize(root, "{}x{}".format(*app.min_size()))
    app.select("cat")
    tab = app.cat
    tab.seed.set("999999")
    tab.policy.set("smart")
    tab.rules.set("surrounded")
    tab.new_button.invoke()
    ui.pump(root)
    before = (tab.status_box.winfo_height(), tab.canvas.winfo_height())
    tab.hint_button.invoke()
    ui.wait_for(root, lambda: not tab.busy)
    ui.pump(root)
    assert "Hint: block" in tab.status.get()
    for verdict in ("a proven win", "the best guess, not proven", tab.LOSS_HINT):
        tab.update_status(f"Hint: block (10, 10) (ringed): {verdict}.")
        ui.pump(root)
        assert (tab.status_box.winfo_height(), tab.canvas.winfo_height()) == before, (
            tab.status.get(),
            tab.status_label.winfo_width(),
        )
        assert tab.status_label.winfo_reqheight() <= tab.status_box.winfo_height()


def test_the_keys_help_lines_up_its_columns(app, ui):
    app.show_keys()
    ui.pump(app.root)
    table = app.dialog.winfo_children()[0]
    cells = [w for w in table.grid_slaves() if int(w.grid_info()["columnspan"]) == 1]
    keys = [w for w in cells if int(w.grid_info()["column"]) == 0]
    what = [w for w in cells if int(w.grid_info()["column"]) == 1]
    assert len(keys) == len(what) >= 9
    assert len({w.winfo_rootx() for w in keys}) == 1
    assert len({w.winfo_rootx() for w in what}) == 1
    assert min(w.winfo_rootx() for w in what) > max(w.winfo_rootx() + w.winfo_width() for w in keys)
    app.dialog.destroy()
