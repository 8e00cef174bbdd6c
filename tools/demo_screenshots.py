"""Screenshots of the demo window, for the README (docs/images) and the demo's tests.

    python tests/_xvfb.py python tools/demo_screenshots.py docs/images

puts each tab in a typical state and saves ``cat.png``, ``cat-distances.png``, ``cat-review.png``,
``maze-solving.png``, ``maze.png``, ``maze-big.png``, ``numberlink.png``,
``numberlink-solution.png`` and ``numberlink-hint.png`` into the folder given. Needs a display
(the line above starts a private Xvfb) and Pillow.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np

SIZE = "980x680"


def grab_window(root):
    """A PIL image of the window's contents as they are on screen (X11: Pillow's ImageGrab with
    ``xdisplay``)."""
    from PIL import ImageGrab

    root.update()
    x, y = root.winfo_rootx(), root.winfo_rooty()
    w, h = root.winfo_width(), root.winfo_height()
    kw = {}
    if os.environ.get("DISPLAY") and sys.platform.startswith("linux"):
        kw["xdisplay"] = os.environ["DISPLAY"]
    return ImageGrab.grab(bbox=(x, y, x + w, y + h), **kw)


def settle(root, seconds: float = 0.15) -> None:
    """Let the window draw for ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        root.update()
        time.sleep(0.01)


def wait(root, until, timeout: float = 60.0) -> None:
    """Run the event loop until ``until()`` is true (or ``timeout`` seconds pass)."""
    end = time.monotonic() + timeout
    while not until() and time.monotonic() < end:
        root.update()
        time.sleep(0.01)


def idle(tab) -> bool:
    """Whether ``tab`` has no work running (and, for the maze, no animation)."""
    return not (tab.busy or getattr(tab, "animating", False))


def solution_walk(solution: np.ndarray, start) -> list[tuple[int, int]]:
    """The cells of the solution path through ``start``, in order from ``start`` (turns a stored
    solution into the drag a player would make)."""
    k = solution[start]
    cells = [tuple(start)]
    while True:
        r, c = cells[-1]
        nxt = [
            (r + dr, c + dc)
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < solution.shape[0]
            and 0 <= c + dc < solution.shape[1]
            and solution[r + dr, c + dc] == k
            and (r + dr, c + dc) not in cells
        ]
        if not nxt:
            return cells
        cells.append(nxt[0])


def drag(tab, cells) -> None:
    """Drag the mouse over ``cells`` of the Numberlink tab, as a player would."""
    cv = tab.canvas
    x, y = tab.cell_center(*cells[0])
    cv.event_generate("<ButtonPress-1>", x=x, y=y)
    for rc in cells[1:]:
        x, y = tab.cell_center(*rc)
        cv.event_generate("<B1-Motion>", x=x, y=y)
    cv.event_generate("<ButtonRelease-1>", x=x, y=y)


def save_screenshots(app, directory) -> list[Path]:
    """Put each tab of ``app`` (a :class:`trapcore.demo.DemoApp`) in a typical state and save a
    PNG of the window for it into ``directory``; return the files written."""
    from trapcore.cat import hexgrid

    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    root = app.root
    root.geometry(SIZE)
    settle(root, 0.3)
    saved = []

    def shot(name):
        settle(root)
        out = directory / f"{name}.png"
        grab_window(root).save(out)
        saved.append(out)

    cat = app.cat
    app.select("cat")
    cat.seed.set("7")
    cat.new()
    wait(root, lambda: cat._solver_task is None)
    for _ in range(3):  # block the first cell of the cat's shortest escape, three times
        path = hexgrid.escape_path(cat.game.board, cat.game.cat)
        if cat.game.status != "playing" or path is None or len(path) < 2:
            break
        cat.play(tuple(int(v) for v in path[1]))
    shot("cat")
    cat.shade.set(True)
    cat.redraw()
    shot("cat-distances")
    cat.shade.set(False)
    # a lost game on a small board, and the review of it
    cat.rows.set("7")
    cat.cols.set("7")
    cat.blocked.set("6")
    cat.seed.set("1")
    cat.new()
    wait(root, lambda: cat._solver_task is None)
    for cell in [(0, 0), (6, 6), (4, 4), (0, 6), (6, 0), (0, 3), (6, 3), (3, 0)]:
        if cat.game.status != "playing":
            break
        if cell in cat.game.legal_blocks():
            cat.play(cell)
    wait(root, lambda: cat._solver_task is None)
    cat.redraw()
    shot("cat-review")
    for var, value in ((cat.rows, "11"), (cat.cols, "11"), (cat.blocked, "15"), (cat.seed, "")):
        var.set(value)

    mz = app.maze
    app.select("maze")
    mz.rows.set("18")
    mz.cols.set("28")
    mz.seed.set("3")
    mz.new()
    wait(root, lambda: idle(mz))
    mz.speed.set(0)  # slow: stop it part-way for a picture of the trail
    mz.solve()
    wait(root, lambda: mz.animating)
    mz.advance(int(len(mz._solution[1]) * 0.6))
    shot("maze-solving")
    mz.skip()
    wait(root, lambda: idle(mz))
    shot("maze")
    mz.rows.set("2000")
    mz.cols.set("2000")
    mz.new()
    wait(root, lambda: idle(mz))
    mz.speed.set(100)
    mz.solve()
    wait(root, lambda: mz.animating)
    settle(root, 0.5)
    mz.skip()
    mz.centre_on(tuple(int(v) for v in mz._solution[0][len(mz._solution[0]) // 50]))
    mz.redraw()
    shot("maze-big")
    mz.speed.set(50)
    for var, value in ((mz.rows, "20"), (mz.cols, "30"), (mz.seed, "")):
        var.set(value)

    nl = app.numberlink
    app.select("numberlink")
    nl.size.set("16")
    nl.seed.set("1")
    nl.new()
    wait(root, lambda: idle(nl))
    for k in list(nl.endpoints)[:6]:  # draw some paths as a player would, by dragging
        drag(nl, solution_walk(nl.solution, nl.endpoints[k][0]))
    shot("numberlink")
    nl.toggle_solution()
    wait(root, lambda: idle(nl))
    shot("numberlink-solution")
    nl.toggle_solution()
    nl.hint()  # the next deduction the drawing lacks, ringed, and why
    wait(root, lambda: idle(nl) and nl.hint_shown is not None)
    shot("numberlink-hint")
    nl.size.set("7")
    nl.seed.set("")
    app.select("cat")
    return saved


def main(argv=None) -> int:
    """Open the window, save the screenshots into the folder given, print their paths."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    from trapcore.demo import DemoApp, NoDisplay, open_root

    try:
        root = open_root()
    except NoDisplay as exc:
        print(f"demo_screenshots: {exc} (run it under tests/_xvfb.py)", file=sys.stderr)
        return 1
    app = DemoApp(root)
    for path in save_screenshots(app, argv[0]):
        print(path)
    root.destroy()
    return 0


if __name__ == "__main__":
    sys.exit(main())
