"""The tkinter demo window (trapcore/demo.py), driven for real under a private Xvfb server.

Each test opens the window, drives it with generated events (clicks on the hex canvas, button
invokes, drags on the Numberlink board, shortcuts) and checks the game state through the public
API. Tests skip, saying why, when no X server can be had (Xvfb missing and no DISPLAY).
Tabs whose engine is not in this build are checked to say so instead.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

import numpy as np
import pytest

import trapcore as tc
from trapcore import hexgrid
from trapcore.cat import CatGame

tk = pytest.importorskip("tkinter", reason="this Python has no tkinter")
from _xvfb import Xvfb, XvfbUnavailable  # noqa: E402

pytestmark = pytest.mark.gui


# -- fixtures ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def display():
    """A private Xvfb for this module (DISPLAY set while it runs), or the session's display."""
    server = Xvfb(1280, 900)
    old = os.environ.get("DISPLAY")
    try:
        name = server.start()
    except XvfbUnavailable as exc:
        if not old:
            pytest.skip(f"no X server for the GUI tests: {exc}, and DISPLAY is not set")
        name = old
        server = None
    os.environ["DISPLAY"] = name
    try:
        yield name
    finally:
        if old is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = old
        if server is not None:
            server.stop()


@pytest.fixture
def demo():
    from trapcore import demo

    return demo


@pytest.fixture
def app(display, demo):
    try:
        root = demo.open_root()
    except demo.NoDisplay as exc:
        pytest.skip(f"no X display: {exc}")
    root.geometry("900x640+0+0")
    a = demo.DemoApp(root)
    pump(root, 0.1)
    yield a
    try:
        root.destroy()
    except tk.TclError:
        pass


def pump(root, seconds: float = 0.03) -> None:
    end = time.monotonic() + seconds
    while True:
        root.update()
        if time.monotonic() >= end:
            return
        time.sleep(0.005)


def wait_for(root, cond, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for the window")
        root.update()
        time.sleep(0.005)


def click(widget, x, y, button=1) -> None:
    widget.event_generate(f"<ButtonPress-{button}>", x=x, y=y)
    widget.event_generate(f"<ButtonRelease-{button}>", x=x, y=y)
    widget.update()


def needs(app, feature):
    if not app.features[feature]:
        pytest.skip(f"{feature} is not in this build yet")


# -- no display --------------------------------------------------------------------------------
@pytest.mark.parametrize("command", [["trapcore", "demo"], ["trapcore.demo"]])
@pytest.mark.parametrize("display_value", [None, ":987654"])
def test_without_a_display_one_line_and_nonzero_exit(display_value, command):
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    if display_value:
        env["DISPLAY"] = display_value
    out = subprocess.run([sys.executable, "-m", *command], env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode != 0
    assert "Traceback" not in out.stderr + out.stdout
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert "display" in lines[0] and "trapcore cat" in lines[0]


def test_cli_parser_has_demo():
    from trapcore.cli import build_parser

    args = build_parser().parse_args(["demo", "--tab", "maze"])
    assert args.tab == "maze" and callable(args.func)


# -- Trap the Cat ------------------------------------------------------------------------------
def new_cat(app, rows=11, cols=11, blocked=10, seed=3, policy="bfs", rules="enclosed"):
    tab = app.cat
    tab.rows.set(str(rows))
    tab.cols.set(str(cols))
    tab.blocked.set(str(blocked))
    tab.seed.set(str(seed))
    tab.policy.set(policy)
    tab.rules.set(rules)
    tab.new_button.invoke()
    pump(app.root)
    return tab


def test_hex_layout_even_rows_shifted_right_and_neighbours_equidistant(app):
    tab = new_cat(app, rows=9, cols=9)
    w = tab.cell_width
    (x00, y00), (x10, y10) = tab.cell_center(0, 0), tab.cell_center(1, 0)
    assert x00 - x10 == pytest.approx(w / 2, abs=1.5)  # even row 0 is shifted right
    assert y10 > y00
    for r, c in [(4, 4), (3, 4), (2, 2), (5, 3)]:
        x, y = tab.cell_center(r, c)
        for nr, nc in hexgrid.neighbors(r, c, 9, 9):  # the library's neighbours touch on screen
            nx, ny = tab.cell_center(nr, nc)
            assert np.hypot(nx - x, ny - y) == pytest.approx(w, abs=2)
            assert tab.cell_at(nx, ny) == (nr, nc)
    # 6 circles of the board, the cat on its cell
    assert len(tab.canvas.find_withtag("cell")) == 81
    cx, cy = tab.cell_center(*tab.game.cat)
    assert tab.canvas.find_withtag("cat")
    x0, y0, x1, y1 = tab.canvas.bbox("cat")
    assert x0 < cx < x1 and y0 < cy < y1


def test_click_blocks_the_cell_and_the_cat_answers_like_the_library(app):
    tab = new_cat(app, seed=11)
    twin = CatGame(11, 11, 10, cat="bfs", rules="enclosed", seed=11)
    assert np.array_equal(tab.game.board, twin.board)
    free = [rc for rc in twin.legal_blocks() if rc != twin.cat]
    for _ in range(3):
        cell = free.pop()
        click(tab.canvas, *tab.cell_center(*cell))
        twin.block(*cell)
        assert tab.game.board[cell] == 1
        assert tab.game.cat == twin.cat and tab.game.status == twin.status
        free = [rc for rc in twin.legal_blocks()]
        if twin.status != "playing":
            break
    assert tab.game.moves == twin.moves
    assert f"Moves: {twin.moves}" in tab.status.get()
    d = int(hexgrid.distance_to_border(twin.board)[twin.cat])
    assert f"edge: {d}" in tab.status.get() or d < 0


def test_clicks_off_the_board_or_on_blocked_cells_change_nothing(app):
    tab = new_cat(app, seed=5, blocked=20)
    before = np.array(tab.game.board)
    click(tab.canvas, 2, 2)  # the corner, outside every circle
    blocked = tuple(int(v) for v in np.argwhere(before == 1)[0])
    click(tab.canvas, *tab.cell_center(*blocked))
    click(tab.canvas, *tab.cell_center(*tab.game.cat))
    assert np.array_equal(tab.game.board, before) and tab.game.moves == 0
    assert "Can't block" in tab.status.get()


def test_undo_button_and_ctrl_z_and_ctrl_n(app):
    tab = new_cat(app, seed=8)
    start_board, start_cat = np.array(tab.game.board), tab.game.cat
    cells = [rc for rc in tab.game.legal_blocks()]
    click(tab.canvas, *tab.cell_center(*cells[0]))
    click(tab.canvas, *tab.cell_center(*cells[-1]))
    assert tab.game.moves == 2
    tab.undo_button.invoke()
    assert tab.game.moves == 1
    tab.canvas.event_generate("<Control-z>")
    pump(app.root)
    assert tab.game.moves == 0
    assert np.array_equal(tab.game.board, start_board) and tab.game.cat == start_cat
    old = tab.game
    tab.seed.set("")  # blank seed: a fresh one, shown in the status line
    tab.canvas.event_generate("<Control-n>")
    pump(app.root)
    assert tab.game is not old and f"seed {tab.seed_used}" in tab.status.get()


def test_winning_and_losing_say_so(app):
    tab = new_cat(app)
    # lost: an empty 5x5 board; block far corners until the cat walks out
    tab.game = CatGame(5, 5, 0, cat="bfs", seed=1)
    tab.redraw()
    for cell in [(0, 0), (4, 0), (0, 4), (4, 4), (0, 1), (4, 1)]:
        if tab.game.status != "playing":
            break
        click(tab.canvas, *tab.cell_center(*cell))
    assert tab.game.status == "lost"
    assert "escaped" in tab.status.get()
    banner = [tab.canvas.itemcget(i, "text") for i in tab.canvas.find_withtag("banner")
              if tab.canvas.type(i) == "text"]
    assert banner == ["The cat escaped!"]
    click(tab.canvas, *tab.cell_center(1, 1))  # game over: refused
    assert "over" in tab.status.get()
    # won: the cat in the centre with five of its six neighbours blocked
    board = np.zeros((7, 7), np.uint8)
    ring = hexgrid.neighbors(3, 3, 7, 7)
    for rc in ring[:-1]:
        board[rc] = 1
    tab.game = CatGame(board=board, cat="bfs", seed=1)
    tab.redraw()
    click(tab.canvas, *tab.cell_center(*ring[-1]))
    assert tab.game.status == "won"
    assert "trapped the cat" in tab.status.get()
    assert any(tab.canvas.type(i) == "text" and "trapped" in tab.canvas.itemcget(i, "text")
               for i in tab.canvas.find_withtag("banner"))
    tab.undo_button.invoke()  # undo takes the win back, and the banner
    assert tab.game.status == "playing" and not tab.canvas.find_withtag("banner")


def test_shading_by_escape_distance(app):
    tab = new_cat(app, seed=2)
    assert not tab.canvas.find_withtag("dist")
    tab.shade_button.invoke()
    pump(app.root)
    texts = {tab.canvas.itemcget(i, "text") for i in tab.canvas.find_withtag("dist")}
    dist = hexgrid.distance_to_border(tab.game.board)
    expected = {str(int(d)) for d in dist[dist >= 0].ravel()}
    assert expected - {str(int(dist[tab.game.cat]))} <= texts <= expected | {"∞"}
    fills = {tab.canvas.itemcget(i, "fill") for i in tab.canvas.find_withtag("cell")}
    assert len(fills) > 3  # shaded, not just free and blocked
    tab.shade_button.invoke()


def test_policies_rules_and_hint_follow_the_library(app):
    tab = app.cat
    assert set(tab.policy_box["values"]) == set(tc.cat.POLICIES)
    assert set(tab.rules_box["values"]) == set(tc.cat.RULES)
    tab = new_cat(app, policy="rays", rules="surrounded", seed=4)
    assert "cat rays, rules surrounded" in tab.status.get()
    if not app.features["cat_hint"]:
        assert tab.hint_button.instate(["disabled"])
        return
    policy = "smart" if app.features["cat_smart"] else "bfs"
    tab = new_cat(app, rows=7, cols=7, blocked=8, policy=policy, seed=12)
    tab.hint_button.invoke()
    assert tab.busy  # the solver runs in a thread
    wait_for(app.root, lambda: not tab.busy, timeout=30)
    assert tab.hint_cell is not None, tab.status.get()
    assert tab.game.board[tab.hint_cell] == 0 and tab.hint_cell != tab.game.cat
    assert tab.canvas.find_withtag("hint") and "Hint: block" in tab.status.get()
    hint = CatGame(7, 7, 8, cat=policy, seed=12).hint()
    if getattr(hint, "proven", False):  # a proven win is the library's, exactly
        assert tuple(hint.block) == tab.hint_cell
    click(tab.canvas, *tab.cell_center(*tab.hint_cell))
    assert tab.game.moves == 1 and tab.hint_cell is None


def test_resizing_rescales_the_board(app):
    tab = new_cat(app, seed=6)
    small = tab.cell_width
    app.root.geometry("1200x880")
    pump(app.root, 0.2)
    assert tab.cell_width > small * 1.2
    cell = tab.game.legal_blocks()[0]
    assert tab.cell_at(*tab.cell_center(*cell)) == cell
    click(tab.canvas, *tab.cell_center(*cell))
    assert tab.game.board[cell] == 1


@pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool is not installed")
def test_a_real_mouse_click_through_the_x_server(app):
    tab = new_cat(app, seed=9)
    root = app.root
    cell = tab.game.legal_blocks()[3]
    x, y = tab.cell_center(*cell)
    X, Y = tab.canvas.winfo_rootx() + x, tab.canvas.winfo_rooty() + y
    subprocess.run(["xdotool", "mousemove", str(X), str(Y), "click", "1"], check=True,
                   timeout=10, env=dict(os.environ))
    wait_for(root, lambda: tab.game.moves == 1, timeout=10)
    assert tab.game.board[cell] == 1


def test_ctrl_q_quits(display, demo):
    root = demo.open_root()
    demo.DemoApp(root)
    pump(root)
    root.event_generate("<Control-q>")
    with pytest.raises(tk.TclError):
        for _ in range(5):
            root.update()
            root.winfo_exists()
            time.sleep(0.01)


# -- Maze --------------------------------------------------------------------------------------
def carve(app, rows=12, cols=17, seed=4, method=None):
    tab = app.maze
    tab.rows.set(str(rows))
    tab.cols.set(str(cols))
    tab.seed.set(str(seed))
    if method:
        tab.method.set(method)
    tab.carve_button.invoke()
    wait_for(app.root, lambda: not tab.busy)
    pump(app.root)
    return tab


@pytest.mark.parametrize("seed", range(6))
def test_backtrack_flags_match_the_robots_stack(demo, seed):
    """The demo colours a move as backtracking when it walks a passage the second time; in a
    perfect maze that is exactly when the robot pops its stack (checked move by move)."""
    if not hasattr(tc, "Maze"):
        pytest.skip("the maze engine is not in this build yet")
    m = tc.Maze.carve(9, 13, seed=seed, method=("kruskal", "backtracker", "wilson")[seed % 3])
    path, moves = m.solve(method="wall", hand=("left", "right")[seed % 2], trace=True)
    got_path, (cells, back) = demo._split_solution((path, moves))
    assert np.array_equal(got_path, path) and np.array_equal(cells, moves)
    stack, expected = [tuple(moves[0])], [False]
    for cell in map(tuple, moves[1:]):
        if len(stack) > 1 and stack[-2] == cell:
            stack.pop()
            expected.append(True)
        else:
            stack.append(cell)
            expected.append(False)
    assert back.tolist() == expected
    assert np.array_equal(np.array(stack), path)


def test_maze_tab_carves_through_the_library(app):
    needs(app, "maze")
    app.select("maze")
    tab = carve(app, 12, 17, seed=4, method="kruskal")
    twin = tc.Maze.carve(12, 17, seed=4, method="kruskal")
    assert np.array_equal(tab.maze.doors, twin.doors)
    assert "carved" in tab.status.get()
    # the drawing: dark walls and light passages, scaled into the canvas
    x0, y0, x1, y1 = tab.cell_box(0, 0)
    assert x1 > x0 and y1 > y0
    assert tab.canvas.find_withtag("marker")
    tab.rows.set("-3")
    tab.carve_button.invoke()
    wait_for(app.root, lambda: not tab.busy)
    assert "rows" in tab.status.get() and np.array_equal(tab.maze.doors, twin.doors)


@pytest.mark.parametrize("solver", ["right hand", "left hand", "BFS"])
def test_maze_solve_animates_the_trail_then_the_path(app, solver):
    needs(app, "maze_solve")
    app.select("maze")
    tab = carve(app, 10, 14, seed=7)
    tab.solver.set(solver)
    tab.speed.set(0)  # one move a second: the animation is still running below
    tab.solve_button.invoke()
    wait_for(app.root, lambda: not tab.busy)
    method, hand = tab.SOLVERS[solver]
    kw = {"hand": hand} if hand else {}
    traced = app.features["maze_trace"] and method == "wall"
    if traced:
        assert tab.animating and tab.busybar.visible
        pump(app.root, 0.3)
        n = len(tab._solution[1][0])
        assert 0 < tab.shown < n
        tab.skip_button.invoke()
        assert not tab.animating and tab.shown == n
    else:
        wait_for(app.root, lambda: not tab.animating)
    expected = np.asarray(tab.maze.solve(method=method, trace=True, **kw)[0] if traced
                          else tab.maze.solve(method=method, **kw))
    assert tuple(expected[0]) == tab.maze.entrance and tuple(expected[-1]) == tab.maze.exit
    assert np.array_equal(tab._solution[0], expected)
    ov = tab._overlay
    path_px = ov[2 * expected[:, 0] + 1, 2 * expected[:, 1] + 1]
    assert (path_px == 5).all()  # every path cell painted as path
    assert f"path of {len(expected)} cells" in tab.status.get()
    if traced:
        trace_len = len(tab._solution[1][0])
        if trace_len > len(expected):  # dead ends were walked back out of
            assert (ov == 3).any()
    tab.clear_button.invoke()
    assert tab._overlay is None


def test_skip_paints_what_the_whole_animation_paints(app):
    needs(app, "maze_trace")
    app.select("maze")
    tab = carve(app, 9, 11, seed=12)
    tab.speed.set(100)  # 20,000 moves a second: a few ticks
    tab.solve_button.invoke()
    wait_for(app.root, lambda: not tab.busy and not tab.animating)
    walked = tab._overlay.copy()
    tab.speed.set(0)
    tab.solve_button.invoke()
    wait_for(app.root, lambda: tab.animating)
    pump(app.root, 0.1)
    tab.skip_button.invoke()
    assert np.array_equal(tab._overlay, walked)
    assert set(np.unique(walked)) <= {0, 3, 5}  # at the end: dead ends and the path


def test_maze_animation_cancel_with_escape(app):
    needs(app, "maze_trace")
    app.select("maze")
    tab = carve(app, 15, 15, seed=1)
    tab.speed.set(10)
    tab.solve_button.invoke()
    wait_for(app.root, lambda: tab.animating)
    app.root.event_generate("<Escape>")
    pump(app.root)
    assert not tab.animating and not tab.busybar.visible
    shown = tab.shown
    pump(app.root, 0.2)
    assert tab.shown == shown


def test_big_carve_runs_in_a_thread_with_progress_and_cancel(app):
    needs(app, "maze")
    app.select("maze")
    tab = carve(app, 8, 8, seed=2)
    before = np.array(tab.maze.doors)
    tab.rows.set("1500")
    tab.cols.set("1500")
    tab.carve_button.invoke()
    assert tab.busy and tab.busybar.visible  # returned at once: the carving is in a thread
    t = time.monotonic()
    pump(app.root, 0.05)
    assert time.monotonic() - t < 2.0  # the window keeps answering
    tab.busybar.cancel_button.invoke()
    assert not tab.busy and not tab.busybar.visible and "Cancelled" in tab.status.get()
    pump(app.root, 0.1)
    assert np.array_equal(tab.maze.doors, before)


def test_maze_resize_and_save_png(app, tmp_path):
    needs(app, "maze_image")
    pytest.importorskip("PIL")
    from PIL import Image

    app.select("maze")
    tab = carve(app, 9, 13, seed=3)
    a = tab.cell_box(4, 4)
    app.root.geometry("1200x880")
    pump(app.root, 0.2)
    b = tab.cell_box(4, 4)
    assert (b[2] - b[0]) > (a[2] - a[0])
    out = tab.save_png(tmp_path / "maze.png")
    with Image.open(out) as im:
        assert im.size[0] > 13 and im.size[1] > 9
        plain = len(im.convert("RGB").getcolors(1 << 16))
        assert plain >= 2
    assert "Saved" in tab.status.get()
    if app.features["maze_solve"]:  # once solved, the picture has the path (and the trail)
        tab.speed.set(100)
        tab.solve_button.invoke()
        wait_for(app.root, lambda: not tab.busy and not tab.animating)
        with Image.open(tab.save_png(tmp_path / "solved.png")) as im:
            assert len(im.convert("RGB").getcolors(1 << 16)) > plain


# -- Numberlink --------------------------------------------------------------------------------
def generate(app, n=6, seed=3):
    tab = app.numberlink
    tab.size.set(str(n))
    tab.seed.set(str(seed))
    tab.generate_button.invoke()
    wait_for(app.root, lambda: not tab.busy, timeout=30)
    pump(app.root)
    return tab


def walk(solution, start):
    """The solution path of start's number, in order from start."""
    k = solution[start]
    cells = [tuple(start)]
    while True:
        r, c = cells[-1]
        nxt = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
               if 0 <= r + dr < solution.shape[0] and 0 <= c + dc < solution.shape[1]
               and solution[r + dr, c + dc] == k and (r + dr, c + dc) not in cells]
        if not nxt:
            return cells
        cells.append(nxt[0])


def drag(tab, cells):
    cv = tab.canvas
    x, y = tab.cell_center(*cells[0])
    cv.event_generate("<ButtonPress-1>", x=x, y=y)
    for rc in cells[1:]:
        x, y = tab.cell_center(*rc)
        cv.event_generate("<B1-Motion>", x=x, y=y)
    cv.event_generate("<ButtonRelease-1>", x=x, y=y)
    cv.update()


def test_numberlink_generate_draws_the_puzzle(app):
    needs(app, "numberlink")
    app.select("numberlink")
    tab = generate(app, 6, seed=3)
    p = tc.numberlink.generate(6, seed=3)
    assert np.array_equal(tab.grid, p.grid)
    ks = set(int(k) for k in np.unique(p.grid[p.grid > 0]))
    assert set(tab.endpoints) == ks
    labels = {tab.canvas.itemcget(i, "text") for i in tab.canvas.find_withtag("label")}
    assert labels == {str(k) for k in ks}
    assert len(tab.canvas.find_withtag("endpoint")) == 2 * len(ks)
    small = tab._geom[2]
    app.root.geometry("1200x880")
    pump(app.root, 0.2)
    assert tab._geom[2] > small * 1.2  # resizing rescales the board
    assert tab.cell_at(*tab.cell_center(2, 3)) == (2, 3)
    levels = getattr(tc.numberlink, "DIFFICULTY_LEVELS", {})
    if "hard" in levels:
        tab.difficulty.set("hard")
        generate(app, 10, seed=1)
        lo, hi = levels["hard"]
        assert lo <= tab.puzzle.difficulty <= hi
        assert np.array_equal(tab.grid, tc.numberlink.generate(10, seed=1,
                                                               difficulty="hard").grid)
        before = tab.grid
        generate(app, 2, seed=1)  # no hard 2 x 2 puzzle: the library's message, grid kept
        assert "Generate:" in tab.status.get() and tab.grid is before
        tab.difficulty.set("any")


def test_numberlink_drag_every_path_solves_the_board(app):
    needs(app, "numberlink")
    app.select("numberlink")
    tab = generate(app, 6, seed=5)
    sol = tc.numberlink.generate(6, seed=5).solution
    ks = list(tab.endpoints)
    for k in ks:
        assert not tab.solved
        cells = walk(sol, tab.endpoints[k][0])
        drag(tab, cells)
        assert tab.paths[k] == cells and tab.complete(k)
        assert tab.canvas.find_withtag(f"path_{k}")
    assert tab.solved and "Solved" in tab.status.get()
    assert tc.numberlink.check(tab.grid, tab.player_grid())
    # right-click clears a path; undo brings it back
    k = ks[0]
    x, y = tab.cell_center(*tab.endpoints[k][1])
    click(tab.canvas, x, y, button=3)
    assert k not in tab.paths and not tab.solved
    app.root.event_generate("<Control-z>")
    pump(app.root)
    assert tab.complete(k) and tab.solved


def test_numberlink_partial_paths_backtracking_and_cutting(app):
    needs(app, "numberlink")
    app.select("numberlink")
    tab = generate(app, 6, seed=8)
    sol = tc.numberlink.generate(6, seed=8).solution
    k, other = list(tab.endpoints)[:2]
    a = tab.endpoints[k][0]
    drag(tab, [a])  # a press and release on an endpoint alone draws nothing
    assert k not in tab.paths
    cells = walk(sol, a)
    half = cells[: max(2, len(cells) // 2)]
    drag(tab, half)
    assert tab.paths[k] == half and not tab.complete(k)
    assert "pairs joined" in tab.status.get()
    # press on the path's second cell and move back onto the first: the path shortens
    drag(tab, [half[1], half[0]])
    assert tab.paths.get(k, [a]) == [a] or k not in tab.paths
    # the other number's path can't run through k's endpoint or a solid cell
    b = tab.endpoints[other][0]
    tab.canvas.event_generate("<ButtonPress-1>", x=tab.cell_center(*b)[0],
                              y=tab.cell_center(*b)[1])
    for target in [a] + [tuple(int(v) for v in rc) for rc in np.argwhere(tab.grid < 0)]:
        x, y = tab.cell_center(*target)
        tab.canvas.event_generate("<B1-Motion>", x=x, y=y)
        assert target not in tab.paths[other]
    tab.canvas.event_generate("<ButtonRelease-1>", x=x, y=y)
    # drawing k's full path again, then another path across it, cuts k's path there
    tab.paths.pop(other, None)
    drag(tab, cells)
    assert tab.complete(k)
    if len(cells) > 2:
        mid = cells[len(cells) // 2]
        ob = walk(sol, b)
        # from other's endpoint, step into k's middle cell if it is a neighbour of other's path
        touching = [i for i, rc in enumerate(ob)
                    if abs(rc[0] - mid[0]) + abs(rc[1] - mid[1]) == 1]
        if touching:
            drag(tab, ob[: touching[0] + 1] + [mid])
            assert tab.paths[other][-1] == mid
            assert mid not in tab.paths[k] and not tab.complete(k)


def test_numberlink_show_solution_and_load(app, tmp_path):
    needs(app, "numberlink")
    app.select("numberlink")
    tab = generate(app, 6, seed=2)
    tab.solution_button.invoke()
    wait_for(app.root, lambda: not tab.busy)
    assert tab.showing_solution and tab.canvas.find_withtag("solution")
    tab.solution_button.invoke()
    assert not tab.showing_solution and not tab.canvas.find_withtag("solution")
    needs(app, "numberlink_load")
    p = tc.numberlink.generate(5, seed=9)
    f = tmp_path / "puzzle.txt"
    f.write_text(p.to_text())
    tab.load(f)
    assert np.array_equal(tab.grid, p.grid) and "puzzle.txt" in tab.status.get()
    g = tmp_path / "flow.txt"
    g.write_text("ABC\n...\nABC\n")
    tab.load(g)
    labels = {tab.canvas.itemcget(i, "text") for i in tab.canvas.find_withtag("label")}
    assert labels == {"A", "B", "C"}
    tab.solution_button.invoke()  # no stored solution: the solver runs in a thread
    wait_for(app.root, lambda: not tab.busy)
    assert tab.showing_solution and tc.numberlink.check(tab.grid, tab.solution)
    tab.load(tmp_path / "missing.txt")
    assert "Load" in tab.status.get() and tab.grid.shape == (3, 3)


# -- the window as a whole ---------------------------------------------------------------------
def test_screenshots_of_every_tab_are_not_blank(app, demo, tmp_path):
    from PIL import Image

    saved = demo.save_screenshots(app, tmp_path)
    names = {p.stem for p in saved}
    assert {"cat", "cat-distances"} <= names
    if app.features["maze"]:
        assert "maze" in names
    if app.features["numberlink"]:
        assert "numberlink" in names
    for path in saved:
        with Image.open(path) as im:
            rgb = im.convert("RGB")
            assert rgb.size[0] >= 600 and rgb.size[1] >= 400
            colours = rgb.getcolors(1 << 20)
            assert len(colours) > 8, path  # a drawing, not a blank window
            assert max(n for n, _ in colours) < 0.9 * rgb.size[0] * rgb.size[1], path


def test_missing_engines_degrade_to_a_clear_label(display, demo, monkeypatch):
    monkeypatch.setattr(demo, "_maze", None)
    monkeypatch.setattr(demo, "_numberlink", None)
    monkeypatch.setattr(tc.cat, "POLICIES", {"bfs": 0, "rays": 1})  # as before the smart cat
    if hasattr(CatGame, "hint"):
        monkeypatch.delattr(CatGame, "hint")
    root = demo.open_root()
    try:
        app = demo.DemoApp(root, tab="maze")
        pump(root)
        assert not app.features["maze"] and not app.features["numberlink"]
        assert "not in this build yet" in app.maze.status.get()
        texts = []

        def collect(w):
            for child in w.winfo_children():
                try:
                    texts.append(str(child.cget("text")))
                except tk.TclError:
                    pass
                collect(child)

        collect(app.maze.frame)
        collect(app.numberlink.frame)
        assert sum("not available yet" in t for t in texts) == 2
        assert not app.features["cat_smart"] and not app.features["cat_hint"]
        assert app.cat.hint_button.instate(["disabled"])
        assert tuple(app.cat.policy_box["values"]) == ("bfs", "rays")
        app.new()  # Ctrl+N on a missing engine does nothing, quietly
        app.select("cat")
        pump(root, 0.1)
        cat = app.cat
        cell = cat.game.legal_blocks()[0]
        click(cat.canvas, *cat.cell_center(*cell))
        assert cat.game.moves == 1
    finally:
        root.destroy()
