"""The Numberlink tab's hint (issue 44, item 4): the next step of ``deduce`` the drawing does not
hold, ringed on the board with its explanation in the status line; the first wrong square of a
drawing; an honest word when deduction stalls. The logic is checked against the solution paths
traced independently of the deduction; the window tests wait on its state, never on a time."""

from __future__ import annotations

import numpy as np
import pytest
from _suite import seeds

import trapcore as tc
from trapcore.demo.numberlink_hint import drawn_edges, next_hint

gui = pytest.mark.gui
#: Two pairs along the top and bottom of a 4 x 4 board: 15 solutions, so deduction stalls after
#: two steps (path 1 passes (0, 1), path 2 passes (3, 1)).
OPEN = np.array([[1, 0, 0, 1], [0, 0, 0, 0], [0, 0, 0, 0], [2, 0, 0, 2]], np.int16)
OPEN_DRAWN = {1: [(0, 0), (0, 1)], 2: [(3, 0), (3, 1)]}


def solution_paths(puzzle, shots):
    """Each path of the puzzle's solution, in order from one end (traced by the screenshot
    tool's ``solution_walk``, independent of the deduction)."""
    grid, sol = puzzle.grid, puzzle.solution
    ends = {
        int(k): tuple(int(v) for v in np.argwhere(grid == k)[0]) for k in np.unique(grid[grid > 0])
    }
    return {k: shots.solution_walk(sol, end) for k, end in ends.items()}


def joins(paths):
    return {frozenset(p) for cells in paths.values() for p in zip(cells, cells[1:])}


# -- the logic, against the solution's own paths ----------------------------------------------
@pytest.mark.parametrize("seed", seeds(6, 40))
def test_following_the_hints_reaches_the_solution(seed, shots):
    """A player who draws each hinted join (or, when it is not at the end of a drawn path, the
    whole path it belongs to) never hears "wrong", is never told a step the drawing holds, and
    ends with "done" (or "stalled" where deduction stalls); every hinted step is true of the
    solution."""
    n = 5 + seed % 6
    puzzle = tc.numberlink.generate(n, seed=seed)
    d = tc.numberlink.deduce(puzzle)
    sol = solution_paths(puzzle, shots)
    truth = joins(sol)
    paths: dict[int, list] = {}
    for _ in range(len(d.steps) + 1):
        hint = next_hint(d, puzzle.grid, paths, puzzle.solution)
        if hint.kind in ("done", "stalled"):
            break
        assert hint.kind == "step", hint.text
        step = hint.step
        assert hint.squares == step.squares and step.explain() in hint.text
        if step.rule == "trial-off":
            assert frozenset(step.squares) not in truth
            k = int(puzzle.solution[step.squares[0]])
            paths[k] = list(sol[k])  # the player works out that whole path
            continue
        if len(step.squares) == 1:
            assert puzzle.solution[step.squares[0]] == step.number
            k = step.number
            paths[k] = list(sol[k])
            continue
        assert frozenset(step.squares) in truth
        assert frozenset(step.squares) not in drawn_edges(paths)
        k = int(puzzle.solution[step.squares[0]])
        drawn = paths.get(k, [sol[k][0]])
        nxt = sol[k][len(drawn)] if len(drawn) < len(sol[k]) else None
        if drawn[-1] in step.squares and nxt in step.squares:
            paths[k] = [*drawn, nxt]  # extends the drawn path by the hinted join
        else:
            paths[k] = list(sol[k])
    else:
        raise AssertionError("the hints never ended")
    if d.solved:
        assert hint.kind == "done" and joins(paths) == truth
    else:
        assert hint.kind == "stalled" and joins(paths) <= truth


@pytest.mark.parametrize("seed", seeds(6, 40))
def test_a_wrong_drawing_is_pointed_at_its_first_wrong_square(seed, shots):
    rng = np.random.default_rng(seed)
    puzzle = tc.numberlink.generate(7, seed=seed)
    d = tc.numberlink.deduce(puzzle)
    sol, grid = solution_paths(puzzle, shots), puzzle.grid
    ks = sorted(sol)
    right = {k: sol[k][: rng.integers(1, len(sol[k]) + 1)] for k in ks}  # correct beginnings
    assert next_hint(d, grid, right, puzzle.solution).kind in ("step", "done")
    # path k, right for a while, then into a square off its solution path
    for k in ks:
        for i, cell in enumerate(sol[k][:-1]):
            r, c = cell
            off = [
                (r + dr, c + dc)
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if 0 <= r + dr < grid.shape[0]
                and 0 <= c + dc < grid.shape[1]
                and grid[r + dr, c + dc] == 0
                and (r + dr, c + dc) != sol[k][i + 1]
                and (r + dr, c + dc) not in sol[k][:i]
            ]
            if off:
                paths = {j: right[j] for j in ks if j < k}
                paths[k] = [*sol[k][: i + 1], off[0]]
                hint = next_hint(d, grid, paths, puzzle.solution)
                assert hint.kind == "wrong" and hint.squares == (off[0],), hint.text
                assert f"path {k} goes wrong at ({off[0][0]}, {off[0][1]})" in hint.text
                break


def test_a_puzzle_deduction_cannot_finish_says_so():
    grid = OPEN
    d = tc.numberlink.deduce(grid)
    assert not d.solved and not d.contradiction and tc.numberlink.count(grid) > 1
    hint = next_hint(d, grid, {})
    assert hint.kind == "step" and hint.step == d.steps[0]
    assert "Path 1 passes through the ringed square" in hint.text
    hint = next_hint(d, grid, OPEN_DRAWN)
    assert hint.kind == "stalled" and "needs search" in hint.text and hint.squares == ()
    hint = next_hint(tc.numberlink.deduce([[1, 2], [2, 1]]), np.array([[1, 2], [2, 1]]), {})
    assert hint.kind == "none" and "no solution" in hint.text


# -- the window --------------------------------------------------------------------------------
def generate(app, ui, n, seed):
    tab = app.numberlink
    app.select("numberlink")
    tab.size.set(str(n))
    tab.seed.set(str(seed))
    tab.generate_button.invoke()
    ui.wait_for(app.root, lambda: not tab.busy)
    ui.pump(app.root)
    return tab


def ask(app, ui, tab, key=False):
    if key:
        app.root.focus_force()
        tab.canvas.focus_set()
        app.root.event_generate("<Control-h>")
    else:
        tab.hint_button.invoke()
    ui.wait_for(app.root, lambda: not tab.busy and tab.hint_shown is not None)
    ui.pump(app.root)
    return tab.hint_shown


def ringed(tab):
    """The squares the board rings (the centres of the items tagged "hint")."""
    cv = tab.canvas
    out = set()
    for item in cv.find_withtag("hint"):
        x0, y0, x1, y1 = cv.coords(item)
        out.add(tab.cell_at((x0 + x1) / 2, (y0 + y1) / 2))
    return out


@gui
def test_the_hint_rings_the_next_step_and_explains_it(app, ui, shots):
    tab = generate(app, ui, 8, seed=5)
    steps = tc.numberlink.deduce(tc.numberlink.generate(8, seed=5)).steps
    first, second = steps[0], steps[1]
    k = first.number
    assert first.rule == "one-exit" and first.squares[0] in tab.endpoints[k]
    hint = ask(app, ui, tab)
    assert hint.step == first and ringed(tab) == set(first.squares)
    assert first.explain() in tab.status.get() and "Join the ringed squares" in tab.status.get()
    shots.drag(tab, list(first.squares))  # the player draws it: the ring goes
    ui.pump(app.root)
    assert tab.hint_shown is None and not tab.canvas.find_withtag("hint")
    hint = ask(app, ui, tab, key=True)  # Ctrl+H asks too
    assert hint.step == second and ringed(tab) == set(second.squares)
    assert second.explain() in tab.status.get()
    ui.resize(app.root, "1100x800")  # the ring follows the board
    assert ringed(tab) == set(second.squares)


@gui
def test_the_hint_points_at_a_wrong_square(app, ui, shots):
    tab = generate(app, ui, 8, seed=4)
    sol = tab.solution

    empty = {(int(r), int(c)) for r, c in np.argwhere(tab.grid == 0)}

    def detours(a):  # the empty squares beside endpoint a that its solution path does not take
        (r, c), nxt = a, shots.solution_walk(sol, a)[1]
        near = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))]
        return [x for x in near if x != nxt and x in empty]

    k, a, off = next((k, a, detours(a)[0]) for k, (a, _) in tab.endpoints.items() if detours(a))
    shots.drag(tab, [a, off])
    assert tab.paths[k] == [a, off]
    hint = ask(app, ui, tab)
    assert hint.kind == "wrong" and ringed(tab) == {off}
    assert f"path {k} goes wrong at ({off[0]}, {off[1]})" in tab.status.get()
    ring = tab.canvas.find_withtag("hint")[0]
    assert tab.canvas.itemcget(ring, "outline") == "#b02a2a"
    app.root.event_generate("<Control-z>")  # undone: the hint is about the puzzle again
    ui.pump(app.root)
    assert not tab.canvas.find_withtag("hint")
    assert ask(app, ui, tab).kind == "step"


@gui
def test_a_hint_on_a_puzzle_that_needs_search_says_so(app, ui, shots, tmp_path):
    tab = app.numberlink
    app.select("numberlink")
    f = tmp_path / "open"
    f.write_text(tc.numberlink.Puzzle(OPEN).to_text())
    assert tab.load(f)
    hint = ask(app, ui, tab)
    assert hint.kind == "step" and ringed(tab) == {(0, 1)}
    for cells in OPEN_DRAWN.values():
        shots.drag(tab, cells)
    hint = ask(app, ui, tab)
    assert hint.kind == "stalled" and "needs search" in tab.status.get()
    assert not tab.canvas.find_withtag("hint")


@gui
def test_the_hint_text_stays_within_the_status_lines(app, ui):
    root = app.root
    ui.resize(root, "{}x{}".format(*app.min_size()))
    tab = generate(app, ui, 7, seed=1)
    before = (tab.status_box.winfo_height(), tab.canvas.winfo_height(), tab.panel.winfo_width())
    ask(app, ui, tab)
    longest = [  # each kind of hint at its longest: big coordinates, a path with no number yet
        "Hint: a path at (69, 69)-(69, 68): (69, 69) has only two neighbours it can join. "
        "Join the ringed squares.",
        "Hint: (69, 69)-(69, 68) apart: joining them leads to a contradiction. "
        "Do not join the ringed squares.",
        "Hint: 999 at (69, 69): every route of 999 passes here. "
        "Path 999 passes through the ringed square.",
        "Hint: path 999 goes wrong at (69, 69) (ringed in red): the solution does not take it "
        "there. Drag back along it, or press Ctrl+Z.",
        next_hint(tc.numberlink.deduce(OPEN), OPEN, OPEN_DRAWN).text,
    ]
    for text in longest:
        tab.say(text)
        ui.pump(root)
        now = (tab.status_box.winfo_height(), tab.canvas.winfo_height(), tab.panel.winfo_width())
        assert now == before, text
        assert tab.status_label.winfo_reqheight() <= tab.status_box.winfo_height(), text


@gui
def test_the_keys_help_names_the_hint_key(app, ui):
    app.show_keys()
    ui.pump(app.root)
    table = app.dialog.winfo_children()[0]
    assert "Ctrl+H" in [w.cget("text") for w in table.grid_slaves(column=0)]
    app.dialog.destroy()
