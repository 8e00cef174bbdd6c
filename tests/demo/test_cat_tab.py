"""The demo's Trap the Cat tab under Xvfb: clicks, the cat's replies, undo, hints, shading, the
end banner clear of the cat, the solver's verdict of the start and the post-game review."""

from __future__ import annotations

import os
import shutil
import subprocess

import numpy as np
import pytest
from _suite import HANG_GUARD, sample, size

import trapcore as tc
from trapcore.cat import CatGame, Verdict, hexgrid
from trapcore.cat.players import _model_of

pytestmark = pytest.mark.gui


def new_cat(app, ui, rows=11, cols=11, blocked=10, seed=3, policy="bfs", rules="enclosed"):
    tab = app.cat
    tab.rows.set(str(rows))
    tab.cols.set(str(cols))
    tab.blocked.set(str(blocked))
    tab.seed.set(str(seed))
    tab.policy.set(policy)
    tab.rules.set(rules)
    tab.new_button.invoke()
    ui.pump(app.root)
    return tab


def set_game(tab, game):
    tab.game = game
    tab.settings = (game.policy, game.rules)
    tab.redraw()


def test_hex_layout_even_rows_shifted_right_and_neighbours_equidistant(app, ui):
    tab = new_cat(app, ui, rows=9, cols=9)
    w = tab.cell_width
    (x00, y00), (x10, y10) = tab.cell_center(0, 0), tab.cell_center(1, 0)
    assert x00 - x10 == pytest.approx(w / 2, abs=1.5)  # even row 0 is shifted right
    assert y10 > y00
    for r, c in [(4, 4), (3, 4), (2, 2), (5, 3)]:
        x, y = tab.cell_center(r, c)
        for nr, nc in hexgrid.neighbours((r, c), (9, 9)):  # the library's neighbours touch
            nx, ny = tab.cell_center(nr, nc)
            assert np.hypot(nx - x, ny - y) == pytest.approx(w, abs=2)
            assert tab.cell_at(nx, ny) == (nr, nc)
    assert len(tab.canvas.find_withtag("cell")) == 81
    cx, cy = tab.cell_center(*tab.game.cat)
    x0, y0, x1, y1 = tab.canvas.bbox("cat")
    assert x0 < cx < x1 and y0 < cy < y1


def test_click_blocks_the_cell_and_the_cat_answers_like_the_library(app, ui):
    tab = new_cat(app, ui, seed=11)
    twin = CatGame(11, 11, 10, policy="bfs", rules="enclosed", seed=11)
    assert np.array_equal(tab.game.board, twin.board)
    free = [rc for rc in twin.legal_blocks() if rc != twin.cat]
    for _ in range(3):
        cell = free.pop()
        ui.click(tab.canvas, *tab.cell_center(*cell))
        twin.block(cell)
        assert tab.game.board[cell] == 1
        assert tab.game.cat == twin.cat and tab.game.status == twin.status
        free = twin.legal_blocks()
        if twin.status != "playing":
            break
    assert tab.game.history == twin.history
    assert f"Moves: {twin.moves}." in tab.status.get()
    d = twin.escape_distance()
    assert f"edge: {d}." in tab.status.get() or d < 0


def test_clicks_off_the_board_or_on_blocked_cells_change_nothing(app, ui):
    tab = new_cat(app, ui, seed=5, blocked=20)
    before = np.array(tab.game.board)
    ui.click(tab.canvas, 2, 2)  # the corner, outside every circle
    blocked = tuple(int(v) for v in np.argwhere(before == 1)[0])
    ui.click(tab.canvas, *tab.cell_center(*blocked))
    ui.click(tab.canvas, *tab.cell_center(*tab.game.cat))
    assert np.array_equal(tab.game.board, before) and tab.game.moves == 0
    assert "Can't block" in tab.status.get() and tab.error


def test_undo_button_and_ctrl_z_and_ctrl_n(app, ui):
    tab = new_cat(app, ui, seed=8)
    start_board, start_cat = np.array(tab.game.board), tab.game.cat
    cells = tab.game.legal_blocks()
    ui.click(tab.canvas, *tab.cell_center(*cells[0]))
    ui.click(tab.canvas, *tab.cell_center(*cells[-1]))
    assert tab.game.moves == 2
    tab.undo_button.invoke()
    assert tab.game.moves == 1
    tab.canvas.event_generate("<Control-z>")
    ui.pump(app.root)
    assert tab.game.moves == 0
    assert np.array_equal(tab.game.board, start_board) and tab.game.cat == start_cat
    old = tab.game
    tab.seed.set("")  # blank seed: a fresh one, shown in the status line
    tab.canvas.event_generate("<Control-n>")
    ui.pump(app.root)
    assert tab.game is not old and f"seed {tab.seed_used}" in tab.status.get()


def banner_box(tab):
    boxes = [
        tab.canvas.bbox(i)
        for i in tab.canvas.find_withtag("banner")
        if tab.canvas.type(i) == "rectangle"
    ]
    assert len(boxes) == 1
    return boxes[0]


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_winning_and_losing_say_so(app, ui):
    tab = new_cat(app, ui)
    set_game(tab, CatGame(5, 5, 0, policy="bfs", seed=1))
    for cell in [(0, 0), (4, 0), (0, 4), (4, 4), (0, 1), (4, 1)]:
        if tab.game.status != "playing":
            break
        ui.click(tab.canvas, *tab.cell_center(*cell))
    assert tab.game.status == "lost" and "escaped" in tab.status.get()
    banner = [
        tab.canvas.itemcget(i, "text")
        for i in tab.canvas.find_withtag("banner")
        if tab.canvas.type(i) == "text"
    ]
    assert banner == ["The cat escaped!"]
    ui.click(tab.canvas, *tab.cell_center(1, 1))  # game over: refused
    assert "over" in tab.status.get()
    board = np.zeros((7, 7), np.uint8)
    ring = hexgrid.neighbours((3, 3), (7, 7))
    for rc in ring[:-1]:
        board[rc] = 1
    set_game(tab, CatGame.from_board(board, policy="bfs", seed=1))
    ui.click(tab.canvas, *tab.cell_center(*ring[-1]))
    assert tab.game.status == "won" and "trapped the cat" in tab.status.get()
    assert any(
        tab.canvas.type(i) == "text" and "trapped" in tab.canvas.itemcget(i, "text")
        for i in tab.canvas.find_withtag("banner")
    )
    tab.undo_button.invoke()  # undo takes the win back, and the banner
    assert tab.game.status == "playing" and not tab.canvas.find_withtag("banner")


#: (where the cat is trapped, window size): all 15 under --full; in the quick run 5 of them, which
#: take each cat cell and each size at least once
BANNER_CASES = sample(
    [
        pytest.param(where, size, id=f"where{i}-{size}")
        for i, where in enumerate([(1, 5), (2, 4), (5, 5), (8, 5), (9, 6)])
        for size in ["900x640", "640x480", "1200x880"]
    ],
    5,
)


@pytest.mark.parametrize("where, size", BANNER_CASES)
def test_the_banner_never_covers_the_cat_or_the_rows_beside_it(app, ui, where, size):
    tab = new_cat(app, ui)
    ui.resize(app.root, size)
    board = np.zeros((11, 11), np.uint8)
    ring = hexgrid.neighbours(where, (11, 11))
    for rc in ring[:-1]:
        board[rc] = 1
    set_game(tab, CatGame.from_board(board, where, policy="bfs", seed=1))
    tab.play(ring[-1])
    assert tab.game.status == "won"
    box = banner_box(tab)
    assert not overlaps(box, tab.canvas.bbox("cat"))
    r = where[0]
    for rr in range(max(0, r - 1), min(11, r + 2)):  # the cat's row and the rows beside it
        for cc in range(11):
            assert not overlaps(box, tab.canvas.bbox(f"cell_{rr}_{cc}")), (rr, cc)
    w, h = tab.canvas_size()
    assert box[0] >= 0 and box[1] >= 0 and box[2] <= w and box[3] <= h  # fully on screen


def test_shading_by_escape_distance(app, ui):
    tab = new_cat(app, ui, seed=2)
    assert not tab.canvas.find_withtag("dist")
    tab.shade_button.invoke()
    ui.pump(app.root)
    texts = {tab.canvas.itemcget(i, "text") for i in tab.canvas.find_withtag("dist")}
    dist = hexgrid.distance_to_border(tab.game.board)
    expected = {str(int(d)) for d in dist[dist >= 0].ravel()}
    assert expected - {str(int(dist[tab.game.cat]))} <= texts <= expected | {"∞"}
    fills = {tab.canvas.itemcget(i, "fill") for i in tab.canvas.find_withtag("cell")}
    assert len(fills) > 3  # shaded, not just free and blocked
    tab.shade_button.invoke()


def test_policies_rules_and_hint_follow_the_library(app, ui):
    tab = app.cat
    assert tuple(tab.policy_box["values"]) == tc.cat.POLICIES
    assert tuple(tab.rules_box["values"]) == tc.cat.RULES
    tab = new_cat(app, ui, policy="rays", rules="surrounded", seed=4)
    assert "cat rays, rules surrounded" in tab.status.get()
    assert tab.game.policy == "rays" and tab.game.rules == "surrounded"
    tab = new_cat(app, ui, rows=7, cols=7, blocked=8, policy="smart", seed=12)
    tab.hint_button.invoke()
    assert tab.busy  # the solver runs in a thread
    ui.wait_for(app.root, lambda: not tab.busy)
    hint = tc.cat.hint(tab.game.board, tab.game.cat, policy="smart")
    assert tab.hint_cell is not None, tab.status.get()
    assert tab.game.board[tab.hint_cell] == 0 and tab.hint_cell != tab.game.cat
    assert tab.canvas.find_withtag("hint") and f"Hint: block {tab.hint_cell}" in tab.status.get()
    if hint.proven:  # a proven win is the library's, exactly
        assert hint.block == tab.hint_cell and "proven win" in tab.status.get()
    ui.click(tab.canvas, *tab.cell_center(*tab.hint_cell))
    assert tab.game.moves == 1 and tab.hint_cell is None


def test_resizing_rescales_the_board(app, ui):
    tab = new_cat(app, ui, seed=6)
    small = tab.cell_width
    ui.resize(app.root, "1200x880")
    assert tab.cell_width > small * 1.2
    cell = tab.game.legal_blocks()[0]
    assert tab.cell_at(*tab.cell_center(*cell)) == cell
    ui.click(tab.canvas, *tab.cell_center(*cell))
    assert tab.game.board[cell] == 1


@pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool is not installed")
def test_a_real_mouse_click_through_the_x_server(app, ui):
    tab = new_cat(app, ui, seed=9)
    cell = tab.game.legal_blocks()[3]
    x, y = tab.cell_center(*cell)
    X, Y = tab.canvas.winfo_rootx() + x, tab.canvas.winfo_rooty() + y
    subprocess.run(
        ["xdotool", "mousemove", str(X), str(Y), "click", "1"],
        check=True,
        timeout=HANG_GUARD,
        env=dict(os.environ),
    )
    ui.wait_for(app.root, lambda: tab.game.moves == 1)
    assert tab.game.board[cell] == 1


# -- what the solver knows: the start's verdict, the review after the game --------------------
@pytest.mark.parametrize("policy, seed", [("bfs", 3), ("rays", 2), ("smart", 1)])
def test_the_verdict_of_the_start_is_the_solvers(app, ui, policy, seed):
    from trapcore.demo.cat_tab import REVIEW_NODES

    # 9 x 9: two proven wins and a start not proven in the budget (the search runs to the
    # budget, twice); the quick run's 7 x 7: two proven wins and a loss, proven at once
    side = size(7, 9)
    tab = new_cat(app, ui, rows=side, cols=side, blocked=8, policy=policy, seed=seed)
    ui.wait_for(app.root, lambda: tab._solver_task is None)
    sol = tc.cat.solve(
        tab.game.board, tab.game.cat, policy=_model_of(policy), max_nodes=REVIEW_NODES
    )
    assert tab.start_verdict is sol.verdict
    words = {
        Verdict.WIN: "proven win",
        Verdict.LOSS: "lost against best play",
        Verdict.UNKNOWN: "not proven",
    }[sol.verdict]
    assert tab.verdict_text.get().startswith("Start:") and words in tab.verdict_text.get()
    assert tab.verdict_label.winfo_ismapped()


def lose_with_a_mistake(tab, ui, root):
    """Play a 7 x 7 game that starts won and is thrown away: the library's analysis names the
    mistake and a winning block instead."""
    tab.rows.set("7")
    tab.cols.set("7")
    tab.blocked.set("6")
    tab.seed.set("1")
    tab.policy.set("bfs")
    tab.new()
    for cell in [(0, 0), (6, 6), (4, 4), (0, 6), (6, 0), (0, 3), (6, 3), (3, 0)]:
        if tab.game.status != "playing":
            break
        if cell in tab.game.legal_blocks():
            tab.play(cell)
    ui.wait_for(root, lambda: tab._solver_task is None)


def test_the_review_after_a_lost_game_names_the_mistake_and_the_winning_block(app, ui):
    tab = app.cat
    lose_with_a_mistake(tab, ui, app.root)
    g = tab.game
    assert g.status == "lost"
    expected = g.analyze(max_nodes=50_000)
    assert expected.mistake is not None  # the test's game must have one
    assert tab.review == expected
    text = tab.review_text.get()
    assert f"block {expected.mistake + 1}, {expected.block}" in text
    assert f"{expected.better} would have won" in text
    rings = tab.canvas.find_withtag("review")
    assert len(rings) == 2
    centres = {
        tab.cell_at((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in map(tab.canvas.bbox, rings)
    }
    assert centres == {expected.block, expected.better}
    tab.undo()  # undo forgets the review
    assert tab.review is None and not tab.canvas.find_withtag("review")
    assert tab.review_text.get() == ""


def test_the_review_of_a_won_game(app, ui):
    tab = new_cat(app, ui, rows=7, cols=7, blocked=6, seed=3)
    ui.wait_for(app.root, lambda: tab._solver_task is None)
    while tab.game.status == "playing":  # follow the solver's hints to a win
        h = tc.cat.hint(tab.game.board, tab.game.cat, policy="bfs")
        tab.play(h.block)
    ui.wait_for(app.root, lambda: tab._solver_task is None)
    assert tab.game.status == "won"
    assert tab.review == tab.game.analyze(max_nodes=50_000)
    assert tab.review_text.get().startswith("Review:")
    assert "every block kept the win" in tab.review_text.get()
