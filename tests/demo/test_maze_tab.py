"""The demo's maze tab under Xvfb: carving through the library, the wall follower's animated
trail (``Maze.trace``), BFS, cancel, save, and a readable view of mazes too big for the window
(zoom, pan, following the robot, saying how much is shown)."""

from __future__ import annotations

import numpy as np
import pytest
from _suite import size

import trapcore as tc

pytestmark = pytest.mark.gui


def carve(app, ui, rows=12, cols=17, seed=4, method=None):
    tab = app.maze
    tab.rows.set(str(rows))
    tab.cols.set(str(cols))
    tab.seed.set(str(seed))
    if method:
        tab.method.set(method)
    tab.carve_button.invoke()
    ui.wait_for(app.root, lambda: not tab.busy)
    ui.pump(app.root)
    return tab


def test_maze_tab_carves_through_the_library(app, ui):
    app.select("maze")
    tab = carve(app, ui, 12, 17, seed=4, method="kruskal")
    twin = tc.Maze.carve(12, 17, seed=4, method="kruskal")
    assert tab.maze == twin
    assert "carved" in tab.status.get() and "Whole 12 x 17 maze" in tab.view_text.get()
    x0, y0, x1, y1 = tab.cell_box(0, 0)
    assert x1 > x0 and y1 > y0
    assert len(tab.canvas.find_withtag("marker")) == 2
    tab.rows.set("-3")
    tab.carve_button.invoke()
    ui.wait_for(app.root, lambda: not tab.busy)
    assert "rows" in tab.status.get() and tab.error and tab.maze == twin


@pytest.mark.parametrize("solver", ["right hand", "left hand", "BFS"])
def test_maze_solve_animates_the_trail_then_the_path(app, ui, solver):
    app.select("maze")
    tab = carve(app, ui, 10, 14, seed=7)
    tab.solver.set(solver)
    tab.speed.set(0)  # one move a second: the animation is still running below
    tab.solve_button.invoke()
    ui.wait_for(app.root, lambda: not tab.busy)
    method, hand = tab.SOLVERS[solver]
    if method == "wall":
        trace = tab.maze.trace(hand=hand)
        assert tab.animating and tab.busybar.visible
        ui.wait_for(app.root, lambda: tab.shown > 0)  # the animation moves on its own
        assert np.array_equal(tab._solution[1], trace.moves)
        assert np.array_equal(tab._solution[2], trace.back)
        assert 0 < tab.shown < len(trace.moves)
        tab.skip_button.invoke()
        assert not tab.animating and tab.shown == len(trace.moves)
        expected = trace.path
    else:
        assert not tab.animating
        expected = tab.maze.solve(method="bfs")
    assert tuple(expected[0]) == tab.maze.entrance and tuple(expected[-1]) == tab.maze.exit
    assert np.array_equal(tab._solution[0], expected)
    ov = tab._overlay
    assert (ov[2 * expected[:, 0] + 1, 2 * expected[:, 1] + 1] == 5).all()  # the path
    assert f"path of {len(expected)} cells" in tab.status.get()
    if method == "wall" and len(tab._solution[1]) > len(expected):
        assert (ov == 3).any()  # dead ends walked back out of
    tab.clear_button.invoke()
    assert tab._overlay is None


def test_skip_paints_what_the_whole_animation_paints(app, ui):
    app.select("maze")
    tab = carve(app, ui, 9, 11, seed=12)
    tab.speed.set(100)  # 20,000 moves a second: a few ticks
    tab.solve_button.invoke()
    ui.wait_for(app.root, lambda: not tab.busy and not tab.animating)
    walked = tab._overlay.copy()
    tab.speed.set(0)
    tab.solve_button.invoke()
    ui.wait_for(app.root, lambda: tab.animating)
    ui.pump(app.root, 0.1)
    tab.skip_button.invoke()
    assert np.array_equal(tab._overlay, walked)
    assert set(np.unique(walked)) <= {0, 3, 5}  # at the end: dead ends and the path


def test_back_flags_colour_the_cell_left_behind(app, ui):
    """A move back (``Trace.back``) paints the cell it leaves orange; a move forward paints the
    cell it enters blue: move by move, the overlay matches the robot's stack."""
    app.select("maze")
    # 56 moves, 19 of them back (the quick run's 5 x 6 maze: 34 moves, 12 back)
    tab = carve(app, ui, size(5, 6), size(6, 7), seed=size(2, 5), method="backtracker")
    tab.speed.set(0)
    tab.solve_button.invoke()
    ui.wait_for(app.root, lambda: tab.animating)
    tab._stop_animation()
    moves, back = tab._solution[1], tab._solution[2]
    stack = [tuple(moves[0])]
    for j in range(1, len(moves)):
        tab.advance(j + 1)
        cell = tuple(moves[j])
        if back[j]:
            left = stack.pop()
            assert tab._overlay[2 * left[0] + 1, 2 * left[1] + 1] == 3
        else:
            stack.append(cell)
        top = stack[-1]
        assert tab._overlay[2 * top[0] + 1, 2 * top[1] + 1] == 2
    assert np.array_equal(np.array(stack), tab._solution[0])


def test_maze_animation_cancel_with_escape(app, ui):
    app.select("maze")
    tab = carve(app, ui, 15, 15, seed=1)
    tab.speed.set(10)
    tab.solve_button.invoke()
    ui.wait_for(app.root, lambda: tab.animating)
    app.root.event_generate("<Escape>")
    ui.pump(app.root)
    assert not tab.animating and not tab.busybar.visible
    shown = tab.shown
    ui.pump(app.root, 0.2)
    assert tab.shown == shown


def test_big_carve_runs_in_a_thread_with_progress_and_cancel(app, ui):
    app.select("maze")
    tab = carve(app, ui, 8, 8, seed=2)
    before = tab.maze
    tab.rows.set("1500")
    tab.cols.set("1500")
    tab.carve_button.invoke()
    assert tab.busy and tab.busybar.visible  # returned at once: the carving is in a thread
    answered = []
    app.root.after(1, answered.append, True)
    ui.wait_for(app.root, lambda: answered)  # the window keeps answering its events
    tab.busybar.cancel_button.invoke()
    assert not tab.busy and not tab.busybar.visible and "Cancelled" in tab.status.get()
    ui.pump(app.root, 0.1)
    assert tab.maze is before


def test_maze_resize_and_save_png(app, ui, tmp_path):
    pytest.importorskip("PIL")
    from PIL import Image

    app.select("maze")
    tab = carve(app, ui, 9, 13, seed=3)
    a = tab.cell_box(4, 4)
    ui.resize(app.root, "1200x880")
    b = tab.cell_box(4, 4)
    assert (b[2] - b[0]) > (a[2] - a[0])
    out = tab.save_png(tmp_path / "maze.png")
    with Image.open(out) as im:
        assert im.size[0] > 13 and im.size[1] > 9
        plain = len(im.convert("RGB").getcolors(1 << 16))
        assert plain >= 2
    assert "Saved" in tab.status.get()
    tab.speed.set(100)  # once solved, the picture has the path and the trail
    tab.solve_button.invoke()
    ui.wait_for(app.root, lambda: not tab.busy and not tab.animating)
    with Image.open(tab.save_png(tmp_path / "solved.png")) as im:
        assert len(im.convert("RGB").getcolors(1 << 16)) > plain


# -- big mazes: a readable region, zoom and pan, and how much is shown -------------------------
def test_a_2000_by_2000_maze_is_shown_readably_and_says_how_much(app, ui):
    from trapcore.demo.maze_tab import MIN_READABLE

    app.select("maze")
    tab = carve(app, ui, 2000, 2000, seed=3)
    assert tab.maze.shape == (2000, 2000)
    assert tab.zoomed() and tab.overview == 1
    # every cell shown spans at least MIN_READABLE pixels (its wall included): no aliasing
    r0, r1, c0, c1 = tab.view_cells()
    assert (r0, c0) == (0, 0)  # the region starts at the entrance
    assert tab.cell_box(*tab.maze.entrance) is not None
    for index_map in (tab._ri, tab._ci):
        inner = index_map[(index_map > index_map[0]) & (index_map < index_map[-1])]
        values, counts = np.unique(inner, return_counts=True)
        passages = counts[values % 2 == 1]  # a cell's own pixels, its walls aside
        walls = counts[values % 2 == 0]
        assert len(passages) > 20 and passages.min() >= MIN_READABLE - walls.max()
        assert passages.min() >= 3 and passages.min() > walls.max()
        assert len(index_map) / (len(values) / 2) >= MIN_READABLE  # pixels a cell
    text = tab.view_text.get()
    share = 100 * (r1 - r0 + 1) * (c1 - c0 + 1) / 2000**2
    assert f"rows {r0}-{r1}, columns {c0}-{c1} of 2000 x 2000" in text
    assert f"({share:.2g}% of the maze)" in text
    assert tab.view_label.winfo_ismapped()
    # the drawn image is the maze: walls and passages alternate as in the code grid
    codes = tab._codes[np.ix_(tab._ri, tab._ci)]
    assert 0.3 < codes.mean() < 0.9


def test_pan_by_dragging_and_zoom_with_buttons_and_the_wheel(app, ui):
    app.select("maze")
    tab = carve(app, ui, 600, 600, seed=1)
    assert tab.zoomed()
    first = tab.view_cells()
    cv = tab.canvas
    cv.event_generate("<ButtonPress-1>", x=300, y=300)
    cv.event_generate("<B1-Motion>", x=100, y=150)  # drag up-left: the view moves down-right
    cv.event_generate("<ButtonRelease-1>", x=100, y=150)
    ui.pump(app.root)
    moved = tab.view_cells()
    unit = tab._unit()
    assert moved[0] - first[0] == pytest.approx(150 / unit, abs=1.5)
    assert moved[2] - first[2] == pytest.approx(200 / unit, abs=1.5)
    assert f"rows {moved[0]}-{moved[1]}" in tab.view_text.get()
    tab.zoom_in_button.invoke()
    assert tab._unit() > unit
    rows_in = tab.view_cells()
    assert rows_in[1] - rows_in[0] < moved[1] - moved[0]
    cv.event_generate("<Button-5>", x=200, y=200)  # the wheel, down: zoom out
    assert tab._unit() == unit
    tab.fit_button.invoke()  # the whole maze, shrunk: the walls blur, the text says so
    assert tab.overview > 1 and tab.view_cells() == (0, 599, 0, 599)
    assert "Whole 600 x 600 maze, one pixel for" in tab.view_text.get()
    assert "Zoom in" in tab.view_text.get()
    cv.event_generate("<Button-4>", x=200, y=200)  # the wheel, up: readable again
    assert tab.overview == 1 and tab._unit() >= 4


def test_the_view_follows_the_robot_and_the_overview_keeps_the_path(app, ui):
    app.select("maze")
    tab = carve(app, ui, 400, 400, seed=2)
    tab.speed.set(0)
    tab.solve_button.invoke()
    ui.wait_for(app.root, lambda: tab.animating)
    tab._stop_animation()
    moves = tab._solution[1]
    for j in (len(moves) // 3, 2 * len(moves) // 3, len(moves) - 1):
        tab.advance(j)
        r, c = moves[j - 1]
        r0, r1, c0, c1 = tab.view_cells()
        assert r0 <= r <= r1 and c0 <= c <= c1  # the robot stays in view
    tab.shown = len(moves)
    tab._finish()
    tab.fit()
    rgb = tab._overview_rgb()
    green = np.all(rgb == (0x2F, 0xA8, 0x4F), axis=2)
    assert green.sum() >= len(tab._solution[0]) // tab.overview  # the path shows, unblurred


def test_a_maze_too_big_to_draw_is_refused_before_carving(app, ui):
    from trapcore.demo.maze_tab import MAX_CELLS

    app.select("maze")
    tab = carve(app, ui, 8, 8, seed=2)
    before = tab.maze
    tab.rows.set("8000")
    tab.cols.set("8000")
    tab.carve_button.invoke()
    assert not tab.busy and tab.maze is before  # refused at once, no carving started
    assert tab.error and f"{MAX_CELLS:,} cells" in tab.status.get()
